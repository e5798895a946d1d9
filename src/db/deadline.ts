// A deadline for work that might never answer (an IndexedDB request on a frozen connection, a
// token refresh): past it the caller gets an error and moves on, so nothing waits forever.

export class DeadlinePassed extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'DeadlinePassed';
  }
}

/** `work`, or DeadlinePassed after `ms`. The work itself is not cancelled: it is abandoned. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(what, ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
