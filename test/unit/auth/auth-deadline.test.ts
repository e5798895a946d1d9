// Log in and Sign up never leave the button busy for good: past AUTH_ANSWER_MS the screen says
// so and offers a reload (WebKit has been seen to stop answering Firebase's own IndexedDB).
import { describe, expect, it } from 'vitest';
import { AUTH_ANSWER_MS } from '../../../src/auth/auth-state';
import { DeadlinePassed, withDeadline } from '../../../src/db/deadline';
import { describeAuthError, MESSAGES } from '../../../src/features/auth/auth-errors';

describe('a sign-in that never answers', () => {
  it('ends with the form message that offers a reload', async () => {
    const never = new Promise<void>(() => undefined);
    const error = await withDeadline(never, 5, 'Logging in').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DeadlinePassed);
    expect(describeAuthError(error)).toEqual({ field: 'form', message: MESSAGES.noAnswer });
  });

  it('waits long enough for a slow network, not for ever', () => {
    expect(AUTH_ANSWER_MS).toBeGreaterThanOrEqual(10_000);
    expect(AUTH_ANSWER_MS).toBeLessThanOrEqual(30_000);
  });
});
