// The app's typed errors: a code the one toast handler (src/errors/show-error.ts) turns into words.

export type AppErrorCode =
  /** A signed-out collector tried to change the collection (docs/product.md: login redirect). */
  | 'login-required'
  /** The change's payload is malformed (a bug, or a stale screen). */
  | 'invalid-change'
  /** docs/rules.md refuses the change against the collection on this device. */
  | 'change-refused'
  /** The catalogue is not on this device yet, so the change cannot be checked. */
  | 'catalog-missing'
  /** The server answered with an error (docs/product.md: its `error`, or 'API call failed for endpoint …'). */
  | 'api'
  /** No network. */
  | 'offline'
  /** The device has a network but our API did not answer (a portal, a proxy, a timeout). */
  | 'unreachable'
  /** The device's storage did not take a change within its deadline: nothing was changed. */
  | 'storage-stalled';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
