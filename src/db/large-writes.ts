// Large IndexedDB writes in flight in this page. WebKit can leave an origin's later transactions
// hanging when a page navigates during a large write, so the app's own full navigations (the
// update reload, the Google sign-in redirect) wait for these first.

const inFlight = new Set<Promise<unknown>>();

/** Registers a large write for as long as it runs; answers the same promise. */
export function trackLargeWrite<T>(write: Promise<T>): Promise<T> {
  inFlight.add(write);
  const done = () => inFlight.delete(write);
  write.then(done, done);
  return write;
}

/** Resolves once no large write is running (at most `maxWaitMs`: a stuck one must not trap us). */
export async function largeWritesSettled(maxWaitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (inFlight.size > 0 && Date.now() - started < maxWaitMs) {
    const remaining = maxWaitMs - (Date.now() - started);
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise((resolve) => setTimeout(resolve, remaining)),
    ]);
  }
}
