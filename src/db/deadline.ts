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

/**
 * `work`, or DeadlinePassed after `ms`. The work itself is not cancelled, it is abandoned, unless
 * `onPassed` cancels it (an IndexedDB transaction's abort): called first, and what it throws is
 * ignored (the work may be past cancelling, about to answer on its own).
 */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  onPassed?: () => void,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        onPassed?.();
      } catch {
        // Past cancelling: its own outcome follows, and nobody waits for it here.
      }
      reject(new DeadlinePassed(what, ms));
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
