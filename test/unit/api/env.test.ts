// The server's environment: defaults, one clear line per bad value, unsafe combinations refused.
import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_READ_CAPACITY,
  READ_BUDGET_CAPACITY,
} from '../../../src/shared/http/request-limits';
import { EnvError, parseEnv } from '../../../api/env';
import { paymentProviderFor } from '../../../api/premium/provider-from-env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseEnv', () => {
  it('falls back to the embedded defaults: port 8787, ./data, the demo project', () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8787,
      DATA_DIR: './data',
      FIREBASE_PROJECT_ID: 'demo-diecast',
      hostedFirebase: false,
    });
  });

  it('fills an empty catalogue with the real one unless CATALOG_SEED=demo', () => {
    expect(parseEnv({}).CATALOG_SEED).toBe('real');
    expect(parseEnv({ CATALOG_SEED: '' }).CATALOG_SEED).toBe('real');
    expect(parseEnv({ CATALOG_SEED: 'demo' }).CATALOG_SEED).toBe('demo');
    expect(() => parseEnv({ CATALOG_SEED: 'full' })).toThrow(
      "CATALOG_SEED must be 'real' (the default) or 'demo' (got 'full')",
    );
  });

  it('listens on 127.0.0.1 with a demo project, on every address with a hosted one, unless HOST says', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'k' }).HOST).toBe(
      undefined,
    );
    expect(
      parseEnv({ FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'k', HOST: '::' }).HOST,
    ).toBe('::');
    expect(() => parseEnv({ HOST: 'a b' })).toThrow(
      "HOST must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0 (got 'a b')",
    );
  });

  it('gives the reads generous budgets unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({
      READ_BUDGET_CAPACITY: READ_BUDGET_CAPACITY,
      ANONYMOUS_READ_CAPACITY: ANONYMOUS_READ_CAPACITY,
    });
    expect(parseEnv({ ANONYMOUS_READ_CAPACITY: '100000' }).ANONYMOUS_READ_CAPACITY).toBe(100_000);
  });

  it('reads no X-Forwarded-For unless told how many proxies stand in front', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toBe(0);
    expect(parseEnv({ TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(() => parseEnv({ TRUSTED_PROXIES: '11' })).toThrow(
      "TRUSTED_PROXIES must be between 0 and 10 (got '11')",
    );
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8787 });
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a number (got 'abc')"],
    [{ PORT: '0' }, "PORT must be between 1 and 65535 (got '0')"],
    [{ PORT: '80.5' }, "PORT must be a whole number (got '80.5')"],
    [
      { DATABASE_URL: 'mysql://db' },
      "DATABASE_URL must be a postgres:// or postgresql:// URL (got 'mysql://db')",
    ],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: 'localhost' },
      "FIREBASE_AUTH_EMULATOR_HOST must look like host:port, e.g. 127.0.0.1:9099 (got 'localhost')",
    ],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ READ_BUDGET_CAPACITY: '0' }, "READ_BUDGET_CAPACITY must be between 1 and 1000000 (got '0')"],
    [
      { ANONYMOUS_READ_REFILL_PER_SECOND: '-1' },
      "ANONYMOUS_READ_REFILL_PER_SECOND must be more than 0 (got '-1')",
    ],
  ])('refuses %j with one line naming the variable', (source, line) => {
    const problems = problemsOf(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
  });

  it('refuses emulator tokens in production', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'garage-prod',
        FIREBASE_API_KEY: 'key',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: emulator tokens are unsigned',
      'FIREBASE_AUTH_EMULATOR_HOST is set together with a hosted FIREBASE_PROJECT_ID: choose one',
    ]);
  });

  it('refuses production without a hosted Firebase project', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/needs a hosted Firebase project/);
  });

  it('recognises a hosted Firebase project, so no emulator is started', () => {
    expect(
      parseEnv({ FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'key' }).hostedFirebase,
    ).toBe(true);
  });

  describe('fails closed', () => {
    it('refuses a hosted project without its API key, in one line (no emulator, no unsigned tokens)', () => {
      expect(problemsOf({ FIREBASE_PROJECT_ID: 'garage-prod' })).toEqual([
        "FIREBASE_PROJECT_ID 'garage-prod' is a hosted Firebase project and needs FIREBASE_API_KEY (a demo-* project id uses the local emulator)",
      ]);
    });

    it('runs a hosted project in production mode when NODE_ENV is unset', () => {
      expect(
        parseEnv({ FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'key' }),
      ).toMatchObject({ NODE_ENV: 'production', production: true, hostedFirebase: true });
      expect(parseEnv({})).toMatchObject({ NODE_ENV: 'development', production: false });
    });

    it('refuses a hosted project with NODE_ENV set to anything but production', () => {
      for (const mode of ['development', 'test']) {
        expect(
          problemsOf({
            FIREBASE_PROJECT_ID: 'garage-prod',
            FIREBASE_API_KEY: 'key',
            NODE_ENV: mode,
          }),
        ).toEqual([
          `NODE_ENV=${mode} cannot run the hosted Firebase project 'garage-prod': a hosted project runs in production mode (leave NODE_ENV unset or set it to production)`,
        ]);
      }
    });

    it('allows push endpoints on this machine only by an explicit test flag, never in production', () => {
      expect(parseEnv({}).PUSH_ALLOW_LOOPBACK_FOR_TESTS).toBe(false);
      expect(parseEnv({ PUSH_ALLOW_LOOPBACK_FOR_TESTS: '1' }).PUSH_ALLOW_LOOPBACK_FOR_TESTS).toBe(
        true,
      );
      expect(
        problemsOf({
          FIREBASE_PROJECT_ID: 'garage-prod',
          FIREBASE_API_KEY: 'key',
          PUSH_ALLOW_LOOPBACK_FOR_TESTS: '1',
        }),
      ).toEqual([
        'PUSH_ALLOW_LOOPBACK_FOR_TESTS is for tests with a fake push service: never with a hosted project or NODE_ENV=production',
      ]);
    });

    it('offers the development payment provider only with a demo-* project', () => {
      expect(paymentProviderFor(parseEnv({})).provider?.name).toBe('development');
      const hosted = paymentProviderFor(
        parseEnv({ FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'key' }),
      );
      expect(hosted.provider).toBeUndefined();
      expect(hosted.line).toMatch(/^Payments: off/);
    });
  });
  describe('the S3 photo store variables', () => {
    const s3 = {
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_BUCKET: 'diecast-photos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
      S3_SECRET_ACCESS_KEY: 'very/secret+key',
    };

    it('are all or none: endpoint, bucket and both keys, in one line naming what is missing', () => {
      expect(parseEnv({})).toMatchObject({ S3_REGION: 'us-east-1' });
      expect(parseEnv({ ...s3, S3_REGION: 'auto' })).toMatchObject({ ...s3, S3_REGION: 'auto' });
      const problems = problemsOf({
        S3_ENDPOINT: s3.S3_ENDPOINT,
        S3_SECRET_ACCESS_KEY: s3.S3_SECRET_ACCESS_KEY,
      });
      expect(problems).toEqual([
        'Photo storage on S3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together: set all four or none (none: photos in DATA_DIR/uploads; missing S3_BUCKET, S3_ACCESS_KEY_ID)',
      ]);
      expect(problems[0]).not.toContain(s3.S3_SECRET_ACCESS_KEY);
      expect(problemsOf({ S3_BUCKET: 'photos' })[0]).toMatch(
        /missing S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\)$/,
      );
    });

    it.each([
      [
        { S3_ENDPOINT: 's3.amazonaws.com' },
        "S3_ENDPOINT must be an http:// or https:// URL (got 's3.amazonaws.com')",
      ],
      [
        { S3_ENDPOINT: 'ftp://files.example.com' },
        "S3_ENDPOINT must be an http:// or https:// URL (got 'ftp://files.example.com')",
      ],
      [
        { S3_ENDPOINT: 'http://minio:9000/?x=1' },
        "S3_ENDPOINT must be a plain URL, without ?query or #fragment (got 'http://minio:9000/?x=1')",
      ],
      [
        { S3_BUCKET: 'my bucket' },
        "S3_BUCKET must be a bucket name (letters, digits, . _ -) (got 'my bucket')",
      ],
      [
        { S3_REGION: 'eu west' },
        "S3_REGION must be a region such as us-east-1 (Cloudflare R2: 'auto') (got 'eu west')",
      ],
    ])('refuses %j with one line naming the variable', (bad, line) => {
      expect(problemsOf({ ...s3, ...bad })).toEqual([line]);
    });

    it('never echoes a key, a secret or credentials written into the endpoint', () => {
      expect(problemsOf({ ...s3, S3_SECRET_ACCESS_KEY: 'has a space' })).toEqual([
        'S3_SECRET_ACCESS_KEY must not contain spaces',
      ]);
      expect(problemsOf({ ...s3, S3_ACCESS_KEY_ID: 'has a space' })).toEqual([
        'S3_ACCESS_KEY_ID must not contain spaces',
      ]);
      expect(problemsOf({ ...s3, S3_ENDPOINT: 'https://AKIA:hunter2@minio.example.com' })).toEqual([
        'S3_ENDPOINT must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      ]);
    });
  });
});
