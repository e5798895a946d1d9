// The one schema for text a collector types (notes, places, bios, posts, comments, offers,
// searches…), used by the device before it queues a change and by the server before it stores
// one: text SQL cannot hold is refused, the rest is trimmed and measured in characters.
import { z } from 'zod';
import { formatCountEnUs } from './locale-text';

export const NUL_ERROR = 'must not contain NUL characters';
export const SURROGATE_ERROR = 'must not contain unpaired surrogate characters';

/** A UTF-16 surrogate half without its partner: no UTF-8 text (and so no SQL text) can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/** Why SQL text cannot hold `text` (NUL, or a lone surrogate), or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_ERROR;
  if (LONE_SURROGATE.test(text)) return SURROGATE_ERROR;
  return null;
}

/**
 * `text` with what SQL cannot hold (NUL, lone surrogates) replaced by U+FFFD: for messages that
 * quote input back (an unknown name, a key zod did not expect), which are stored as answers.
 */
export function storableCopy(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/** Characters as a collector counts them: an emoji is one, not two UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Any string SQL can hold (for query values and other text that keeps its own rules). */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).superRefine((text, ctx) => {
    const problem = unstorableTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  });
}

export interface UserTextOptions {
  /** At most this many characters once trimmed. */
  max: number;
  /** At least this many characters once trimmed (default 0: empty is fine). */
  min?: number;
  /** The message when `min` is not met (default 'must not be empty'). */
  minMessage?: string;
}

/**
 * A string that SQL can store, trimmed, between `min` and `max` characters. The NUL and
 * surrogate checks run on the text as sent (trimming cannot hide them); lengths on the trimmed
 * text. Stored as typed apart from the trim, and rendered as text, never as HTML.
 */
export function userText(options: UserTextOptions) {
  const min = options.min ?? 0;
  // The messages are worded when an issue is raised, not when the schema is built: the first
  // number formatted loads locale data, which every schema built at load time would pay for.
  return storableString()
    .trim()
    .refine((text) => characterCount(text) >= min, {
      error: () =>
        options.minMessage ??
        (min <= 1 ? 'must not be empty' : `must be at least ${formatCountEnUs(min)} characters`),
    })
    .refine((text) => characterCount(text) <= options.max, {
      error: () => `must be at most ${formatCountEnUs(options.max)} characters`,
    });
}

/**
 * The first string (value or key) in a JSON value that SQL cannot hold, with its path, or null.
 * Iterative, so a deeply nested value cannot exhaust the stack.
 */
export function unstorableJsonProblem(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      const problem = unstorableTextProblem(current);
      if (problem) return path ? `${path}: ${problem}` : problem;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]` }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const problem = unstorableTextProblem(key);
        if (problem) return `key ${JSON.stringify(key)}: ${problem}`;
        stack.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}
