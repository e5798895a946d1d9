// What a device sends to register for push: the browser's PushSubscription.toJSON(), checked.
import { z } from 'zod';
import { unstorableTextProblem } from '../../src/shared/text/user-text';

function base64urlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * Push services are https. Plain http is accepted only for this machine and only outside
 * production (a local push service in development and tests).
 */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol === 'https:') return null;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol === 'http:' && local && !production) return null;
  return production
    ? 'must be an https URL'
    : 'must be an https URL (or http://localhost / http://127.0.0.1 in development)';
}

export function subscribeSchema(production: boolean) {
  return z.strictObject({
    endpoint: z
      .string({ message: 'is required (a string)' })
      .max(2048, 'must be at most 2048 characters')
      .superRefine((endpoint, ctx) => {
        const problem = endpointProblem(endpoint, production);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject(
      {
        p256dh: z.string({ message: 'is required (a string)' }).refine((key) => {
          const bytes = base64urlBytes(key);
          return bytes?.length === 65 && bytes[0] === 0x04;
        }, 'must be an uncompressed P-256 public key (65 bytes, base64url)'),
        auth: z
          .string({ message: 'is required (a string)' })
          .refine(
            (key) => base64urlBytes(key)?.length === 16,
            'must be a 16-byte secret (base64url)',
          ),
      },
      { message: 'must be {p256dh, auth}' },
    ),
  });
}

export const unsubscribeSchema = z.strictObject({
  endpoint: z
    .string({ message: 'is required (a string)' })
    .min(1, 'must not be empty')
    .max(2048, 'must be at most 2048 characters')
    .superRefine((endpoint, ctx) => {
      const problem = unstorableTextProblem(endpoint);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
