// Each caller's share of the server (src/shared/http/request-limits.ts): at most a few of one
// caller's requests are worked on at once, the rest wait their turn before anything is read or
// verified, in arrival order, and past a bounded queue are refused (429). A caller is a bearer
// token (the exact header, so a forged token can never take a turn of someone else's) or, with
// no Authorization header, the client's address. In this process's memory: a turn is this
// process's time, and a caller with no request here holds no entry.
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env';
import { holdRefusal } from './over-budget';
import { clientAddress } from './client-address';
import {
  IN_FLIGHT_PER_ADDRESS,
  IN_FLIGHT_PER_COLLECTOR,
  TOO_MANY_AT_ONCE_ERROR,
  WAITING_PER_CALLER,
} from '../../src/shared/http/request-limits';

export interface TurnsOptions {
  perCollector: number;
  perAddress: number;
  waiting: number;
}

export const DEFAULT_TURNS: TurnsOptions = {
  perCollector: IN_FLIGHT_PER_COLLECTOR,
  perAddress: IN_FLIGHT_PER_ADDRESS,
  waiting: WAITING_PER_CALLER,
};

export interface Turns {
  readonly options: TurnsOptions;
  /** Waits for one of `key`'s `limit` turns: false (at once) when its queue is full. */
  enter(key: string, limit: number): Promise<boolean>;
  /** Gives the turn to `key`'s next waiting request, or back. */
  leave(key: string): void;
  /** Callers with a request here now. */
  size(): number;
}

interface Caller {
  running: number;
  waiting: (() => void)[];
}

export function createTurns(options: TurnsOptions = DEFAULT_TURNS): Turns {
  const callers = new Map<string, Caller>();
  return {
    options,
    size: () => callers.size,
    async enter(key, limit) {
      let caller = callers.get(key);
      if (!caller) {
        caller = { running: 0, waiting: [] };
        callers.set(key, caller);
      }
      if (caller.running < limit) {
        caller.running += 1;
        return true;
      }
      if (caller.waiting.length >= options.waiting) return false;
      const queue = caller.waiting;
      // The turn is handed over by leave(): `running` stays as it was.
      await new Promise<void>((resolve) => queue.push(resolve));
      return true;
    },
    leave(key) {
      const caller = callers.get(key);
      if (!caller) return;
      const next = caller.waiting.shift();
      if (next) return next();
      caller.running -= 1;
      if (caller.running <= 0) callers.delete(key);
    },
  };
}

/** Photo uploads stream for as long as the network takes: they do not wait for, or take, a turn. */
const takesNoTurn = (method: string, path: string) =>
  method === 'PUT' && path.startsWith('/api/photos/');

export function fairShare(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const turns = deps.turns;
    if (!turns || takesNoTurn(c.req.method, c.req.path)) return next();
    const auth = c.req.header('Authorization');
    const key =
      auth !== undefined
        ? `token ${auth}`
        : `address ${clientAddress(c, deps.trustedProxies ?? 0)}`;
    const limit = auth !== undefined ? turns.options.perCollector : turns.options.perAddress;
    if (!(await turns.enter(key, limit))) {
      await holdRefusal(deps, 1);
      c.header('Retry-After', '1');
      return c.json({ error: TOO_MANY_AT_ONCE_ERROR }, 429);
    }
    try {
      await next();
    } finally {
      turns.leave(key);
    }
  });
}
