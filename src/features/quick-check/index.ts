// The quick check feature's public entry: the condition chips and the last add's choices, which
// 'Found it' offers again.
export { Chips } from './chips';
export { rememberChips, useLastAddChips } from './last-add';
