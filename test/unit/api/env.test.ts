// The server's environment: defaults, one clear line per bad value, unsafe combinations refused.
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../api/env';

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
});
