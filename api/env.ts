// Reads and checks the server's environment once at start: one clear line per problem, no stack.
import { z } from 'zod';
import {
  WRITE_BUDGET_CAPACITY,
  WRITE_BUDGET_REFILL_PER_SECOND,
} from '../src/shared/collection/work-units';
import {
  ANONYMOUS_READ_CAPACITY,
  ANONYMOUS_READ_REFILL_PER_SECOND,
  READ_BUDGET_CAPACITY,
  READ_BUDGET_REFILL_PER_SECOND,
} from '../src/shared/http/request-limits';

/** What an empty catalogue is filled with at start (api/catalog/catalog-seed.ts). */
export const CATALOG_SEEDS = ['real', 'demo'] as const;
export type CatalogSeed = (typeof CATALOG_SEEDS)[number];

const hostPort = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must look like host:port, e.g. 127.0.0.1:9099');

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be URL-safe base64 (as web-push generate-vapid-keys prints)');

/** One line for a bad S3_ENDPOINT, or null. */
function endpointProblem(value: string): string | null {
  if (!/^https?:\/\//.test(value) || !URL.canParse(value)) {
    return 'must be an http:// or https:// URL';
  }
  const url = new URL(value);
  if (url.username || url.password) {
    return 'must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
  }
  if (url.search || url.hash) return 'must be a plain URL, without ?query or #fragment';
  return null;
}

const budgetSize = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(fallback);

const refillRate = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(1_000_000, 'must be at most 1000000')
    .default(fallback);

const envSchema = z.object({
  // Unset: production for a hosted Firebase project, development for a demo-* one.
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(8787),
  // The address the server listens on. Unset: 127.0.0.1 with a demo-* project (it trusts
  // unsigned emulator tokens, so only this machine may reach it), every address with a hosted one.
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0')
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  // What an empty catalogue is filled with at start: the real one (npm start), or the small
  // demo one (tests). A catalogue already in the database stays (npm run catalog:import).
  CATALOG_SEED: z
    .enum(CATALOG_SEEDS, { message: "must be 'real' (the default) or 'demo'" })
    .default('real'),
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
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 16')
    .max(16, 'must be between 1 and 16')
    .default(1),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lowercase letters, digits, -)')
    .default('demo-diecast'),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
  // Stripe Checkout: all three or none; none means the development payment provider.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
    .optional(),
  // Photos: an S3-compatible store when endpoint, bucket and both keys are set; none
  // means files in DATA_DIR/uploads.
  S3_ENDPOINT: z
    .string()
    .superRefine((value, context) => {
      const message = endpointProblem(value);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'must be a bucket name (letters, digits, . _ -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a region such as us-east-1 (Cloudflare R2: 'auto')")
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  S3_SECRET_ACCESS_KEY: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  // Web Push: keys are made on first start and kept in DATA_DIR/vapid.json unless given here
  // (several servers behind one address must share one pair).
  VAPID_PUBLIC_KEY: base64url.optional(),
  VAPID_PRIVATE_KEY: base64url.optional(),
  // Each collector's write budget in work units (src/shared/collection/work-units.ts); devices
  // size their pushes for the defaults, so change them with care.
  WRITE_BUDGET_CAPACITY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(WRITE_BUDGET_CAPACITY),
  WRITE_BUDGET_REFILL_PER_SECOND: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(1_000_000, 'must be at most 1000000')
    .default(WRITE_BUDGET_REFILL_PER_SECOND),
  // The reads' budgets (src/shared/http/request-limits.ts), kept in each server process: heavy
  // reads per collector, and every request without an account per address.
  READ_BUDGET_CAPACITY: budgetSize(READ_BUDGET_CAPACITY),
  READ_BUDGET_REFILL_PER_SECOND: refillRate(READ_BUDGET_REFILL_PER_SECOND),
  ANONYMOUS_READ_CAPACITY: budgetSize(ANONYMOUS_READ_CAPACITY),
  ANONYMOUS_READ_REFILL_PER_SECOND: refillRate(ANONYMOUS_READ_REFILL_PER_SECOND),
  // How many reverse proxies stand in front of the server, each appending to X-Forwarded-For:
  // 0 (none) reads the connection's address. Behind one without this, every visitor has the
  // proxy's address and shares one address's limits.
  TRUSTED_PROXIES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 10')
    .max(10, 'must be between 0 and 10')
    .default(0),
  // Tests only: lets push endpoints on this machine (a fake push service) be registered and sent
  // to. Refused with a hosted project or in production.
  PUSH_ALLOW_LOOPBACK_FOR_TESTS: z
    .enum(['0', '1'], { message: "must be '1' (tests only) or unset" })
    .optional()
    .transform((value) => value === '1'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .default('mailto:admin@example.com'),
});

/** Never echoed back in an error line: these end up in logs. */
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'VAPID_PRIVATE_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);

/** A URL with user:password@ in it is not echoed either. */
const CARRIES_CREDENTIALS = /\/\/[^/\s]*@/;

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

export type Env = Omit<z.infer<typeof envSchema>, 'NODE_ENV'> & {
  NODE_ENV: 'development' | 'production' | 'test';
  /** A real (non demo-*) Firebase project: no emulator is started or trusted. */
  hostedFirebase: boolean;
  /**
   * Production mode: a hosted project always runs in it. Emulator tokens, the development
   * payment provider and push services outside the allow-list are all refused.
   */
  production: boolean;
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
        const value = source[name];
        const got =
          SECRET_VARIABLES.has(name) || (value && CARRIES_CREDENTIALS.test(value))
            ? undefined
            : value;
        return `${name} ${issue.message}${got !== undefined ? ` (got '${got}')` : ''}`;
      }),
    );
  }
  const parsedEnv = parsed.data;
  // Fail closed: any project id that is not demo-* is a real project, whose tokens only Google
  // signs. It needs its API key, and it runs in production mode whatever NODE_ENV was left at.
  const hostedFirebase = !parsedEnv.FIREBASE_PROJECT_ID.startsWith('demo-');
  const env = {
    ...parsedEnv,
    NODE_ENV: parsedEnv.NODE_ENV ?? (hostedFirebase ? 'production' : 'development'),
  } as const;
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (hostedFirebase && !env.FIREBASE_API_KEY) {
    problems.push(
      `FIREBASE_PROJECT_ID '${env.FIREBASE_PROJECT_ID}' is a hosted Firebase project and needs FIREBASE_API_KEY (a demo-* project id uses the local emulator)`,
    );
  }
  if (hostedFirebase && !production) {
    problems.push(
      `NODE_ENV=${env.NODE_ENV} cannot run the hosted Firebase project '${env.FIREBASE_PROJECT_ID}': a hosted project runs in production mode (leave NODE_ENV unset or set it to production)`,
    );
  }
  if (production && env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: emulator tokens are unsigned',
    );
  }
  if (production && !hostedFirebase) {
    problems.push(
      'NODE_ENV=production needs a hosted Firebase project: set FIREBASE_PROJECT_ID (not demo-*) and FIREBASE_API_KEY',
    );
  }
  if ((production || hostedFirebase) && env.PUSH_ALLOW_LOOPBACK_FOR_TESTS) {
    problems.push(
      'PUSH_ALLOW_LOOPBACK_FOR_TESTS is for tests with a fake push service: never with a hosted project or NODE_ENV=production',
    );
  }
  if (hostedFirebase && env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST is set together with a hosted FIREBASE_PROJECT_ID: choose one',
    );
  }
  const stripeSet = STRIPE_VARIABLES.filter((name) => env[name] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_VARIABLES.length) {
    const missing = STRIPE_VARIABLES.filter((name) => env[name] === undefined);
    problems.push(
      `Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID together: set all three or none (missing ${missing.join(', ')})`,
    );
  }
  const s3Set = S3_VARIABLES.filter((name) => env[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_VARIABLES.length) {
    const missing = S3_VARIABLES.filter((name) => env[name] === undefined);
    problems.push(
      `Photo storage on S3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together: set all four or none (none: photos in DATA_DIR/uploads; missing ${missing.join(', ')})`,
    );
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither (neither: keys are kept in DATA_DIR/vapid.json)',
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    problems.push(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL: PGlite lives inside one process (set WEB_CONCURRENCY=1 or use PostgreSQL)',
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  // A hosted project keeps Node's default (every interface): it sits behind a proxy or a
  // platform router that reaches it over the network.
  const HOST = env.HOST ?? (hostedFirebase ? undefined : '127.0.0.1');
  return { ...env, HOST, hostedFirebase, production };
}
