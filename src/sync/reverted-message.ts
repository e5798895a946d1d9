// The toast (docs/product.md) for a change the server refused, apart from the replayer so the first
// screen's error toasts do not bring the replay code with them.
export const REVERTED_MESSAGE = 'An error occurred. Your changes have been reverted.';
