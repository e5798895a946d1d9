// At most N push requests in flight for the whole process, and at most M waiting: a burst of
// alerts (a popular post, a flood of follows) queues behind a few sockets instead of opening
// hundreds, and beyond the queue an alert is dropped (logged) rather than held in memory.

export interface SendLimiter {
  /** Runs `task` when a slot is free; answers false (task not run) when the queue is full. */
  run(task: () => Promise<void>): Promise<boolean>;
  readonly active: number;
  readonly waiting: number;
}

export function createSendLimiter(options: {
  concurrency: number;
  maxQueued: number;
}): SendLimiter {
  let active = 0;
  const queue: (() => void)[] = [];
  // A finished task hands its slot straight to the next waiting one, so a new caller can never
  // slip in between and make it N + 1.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(task) {
      if (active >= options.concurrency) {
        if (queue.length >= options.maxQueued) return false;
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active++;
      }
      try {
        await task();
      } finally {
        release();
      }
      return true;
    },
  };
}
