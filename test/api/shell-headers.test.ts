// The app shell's security headers: a CSP that allows what the built app loads (checked in
// Chromium by scripts/check-shell-csp.ts) and nothing else, no framing, no referrer path to
// other origins; the service worker gets its own policy; /api answers are left to the API.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { mountBuiltApp } from '../../api/runtime/static-app';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { emulatorVerifier } from '../fixtures/auth';

let api: ApiHarness;
const dist = mkdtempSync(join(tmpdir(), 'diecast-shell-'));

beforeAll(async () => {
  api = await createApiHarness({ paymentProvider: developmentPaymentProvider() });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Garage</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(async () => {
  await api.close();
  rmSync(dist, { recursive: true, force: true });
});

function shellApp(config: Parameters<typeof mountBuiltApp>[2]) {
  const app = createApp({ db: api.database.db, verifier: emulatorVerifier() });
  mountBuiltApp(app, dist, config);
  return app;
}

const directives = (header: string | null) =>
  new Map(
    (header ?? '').split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );

describe('the shell security headers', () => {
  let local: ReturnType<typeof shellApp>;
  beforeAll(() => {
    local = shellApp({
      clientConfig: {
        firebase: {
          apiKey: 'k',
          authDomain: 'demo-diecast.firebaseapp.com',
          projectId: 'demo-diecast',
        },
        authEmulatorHost: '127.0.0.1:9099',
      },
    });
  });

  it.each(['/home', '/', '/assets/index-abc.js', '/collection/recentadded'])(
    '%s has a CSP without frames from others, inline scripts or eval, and a referrer policy',
    async (path) => {
      const response = await local.request(path);
      expect(response.status).toBe(200);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toContain('http://127.0.0.1:9099');
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining([
          'https://demo-diecast.firebaseapp.com',
          'https://www.youtube-nocookie.com',
        ]),
      );
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('gives the service worker its own policy: it fetches catalogue photos from their hosts', async () => {
    const response = await local.request('/sw.js');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:9099']);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('with a hosted project, trusts its auth domain and no emulator', async () => {
    const hosted = shellApp({
      clientConfig: {
        firebase: { apiKey: 'k', authDomain: 'garage.example.com', projectId: 'garage-prod' },
        authEmulatorHost: null,
      },
    });
    const csp = (await hosted.request('/home')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://garage.example.com');
    expect(csp).not.toMatch(/127\.0\.0\.1|http:/);
  });

  it('leaves /api answers alone, and locks the development checkout page down', async () => {
    const api404 = await local.request('/api/nothing');
    expect(api404.headers.get('content-security-policy')).toBeNull();
    const checkout = createApp({
      db: api.database.db,
      verifier: emulatorVerifier(),
      paymentProvider: developmentPaymentProvider(),
    });
    const page = await checkout.request('/api/premium/dev-checkout/dev_cs_unknown');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
