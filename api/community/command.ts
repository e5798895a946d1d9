// What a community command is (posts, comments, likes, follows, profile edits, listings,
// offers): a named, validated change by one user, run idempotently like a collection change.
//
// Every command can arrive two ways with the same key: its own endpoint (`POST /api/<name>`
// with an Idempotency-Key) or an entry of `POST /api/sync/push` replayed from a device's
// outbox. Both go through runCommunityCommand, so the answer for a key is the same either way.
import type { z } from 'zod';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../http/app-env';
import { Refusal } from '../../src/shared/refusal';

/**
 * A command's refusal with its HTTP status: 400 bad input, 403 not yours, 404 unknown, 409
 * conflict. The same shape as the collection rules' RuleError, answered by the same code.
 */
export class CommandError extends Refusal {
  constructor(
    override readonly status: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(status, message);
    this.name = 'CommandError';
  }
}

export interface CommandContext {
  userId: string;
  /** ISO timestamp of this request (tests pin it through deps.now). */
  now: string;
  deps: AppDeps;
  /** Runs after the command's transaction committed (push notifications, never data). */
  afterCommit(effect: () => Promise<void>): void;
}

export interface CommunityCommand<Args = unknown> {
  /** The endpoint under /api without the prefix, e.g. 'posts/create'. */
  name: string;
  schema: z.ZodType<Args>;
  /** Runs inside one transaction; answers the success body or throws CommandError. */
  run(tx: Queryable, context: CommandContext, args: Args): Promise<Record<string, unknown>>;
}

/** Keeps each command's args type checked against its schema while the registry holds many. */
export function defineCommand<Args>(command: CommunityCommand<Args>): CommunityCommand {
  return command as unknown as CommunityCommand;
}
