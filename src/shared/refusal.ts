// A change refused with its reason and HTTP status: the one shape every write path throws, on the
// device (the collection rules) and on the server (community commands), so one place answers it.
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 422;

export class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
