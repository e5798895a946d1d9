// What a refused payload is told: one line naming each wrong field, for every schema of the app.
import type { z } from 'zod';
import { storableCopy } from './text/user-text';

/** 'details.purchasePrice: must not be negative' — one line a collector or a developer can act on. */
export function describeZodError(error: z.ZodError): string {
  // Paths and messages may quote the input (an unexpected key): kept storable, as answers are.
  return storableCopy(
    error.issues
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
      .join('; '),
  );
}
