// What a device sends to register for push: the browser's PushSubscription.toJSON(), checked.
import { z } from 'zod';
import { unstorableTextProblem } from '../../src/shared/text/user-text';
import { endpointProblem, type EndpointPolicy } from './endpoint-policy';

function base64urlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

export function subscribeSchema(policy: EndpointPolicy) {
  return z.strictObject({
    endpoint: z
      .string({ message: 'is required (a string)' })
      .max(2048, 'must be at most 2048 characters')
      .superRefine((endpoint, ctx) => {
        const problem = unstorableTextProblem(endpoint) ?? endpointProblem(endpoint, policy);
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
