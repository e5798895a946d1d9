// Reads and checks the server's environment once at start: one clear line per problem, no stack.
import { z } from 'zod';

const hostPort = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must look like host:port, e.g. 127.0.0.1:9099');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(8787),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(8),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lowercase letters, digits, -)')
    .default('demo-diecast'),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
});

export type Env = z.infer<typeof envSchema> & {
  /** A real Firebase project is configured, so no emulator is started or trusted. */
  hostedFirebase: boolean;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

/** Empty strings count as unset, as most shells and .env files mean them. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]),
  );
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const got = source[name];
        return `${name} ${issue.message}${got !== undefined ? ` (got '${got}')` : ''}`;
      }),
    );
  }
  const env = parsed.data;
  const hostedFirebase = !env.FIREBASE_PROJECT_ID.startsWith('demo-') && !!env.FIREBASE_API_KEY;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: emulator tokens are unsigned',
    );
  }
  if (env.NODE_ENV === 'production' && !hostedFirebase) {
    problems.push(
      'NODE_ENV=production needs a hosted Firebase project: set FIREBASE_PROJECT_ID (not demo-*) and FIREBASE_API_KEY',
    );
  }
  if (hostedFirebase && env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST is set together with a hosted FIREBASE_PROJECT_ID: choose one',
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  return { ...env, hostedFirebase };
}
