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
import { createPhotoOriginsCache, photoOrigin } from '../../api/catalog/photo-origins';
import { importCatalog } from '../../api/catalog/catalog-import';
import { fixtureCars, fixtureSets } from '../fixtures/catalog';
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

  it('gives the service worker its own policy: sign-in tokens, and no photo host it was not told of', async () => {
    const response = await local.request('/sw.js');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'http://127.0.0.1:9099',
    ]);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("allows the catalogue's photo hosts, and only those, to show, be kept and be cached", async () => {
    const origins = ['https://static.wikia.nocookie.net', 'http://127.0.0.1:4321'];
    const app = shellApp({ photoOrigins: async () => origins });
    const page = directives((await app.request('/home')).headers.get('content-security-policy'));
    expect(page.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...origins]);
    expect(page.get('connect-src')).toEqual(expect.arrayContaining(origins));
    expect(page.get('img-src')).not.toContain('https:');
    expect(page.get('connect-src')).not.toContain('https:');
    const worker = directives((await app.request('/sw.js')).headers.get('content-security-policy'));
    expect(worker.get('connect-src')).toEqual(expect.arrayContaining(origins));
    expect(worker.get('connect-src')).not.toContain('https:');
  });

  it('reads the photo hosts for a page, the worker and an SVG, not for each script of a page load', async () => {
    writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{}');
    writeFileSync(join(dist, 'badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    let reads = 0;
    let origins = ['https://static.wikia.nocookie.net'];
    const app = shellApp({
      photoOrigins: async () => {
        reads += 1;
        return origins;
      },
    });
    const imgSrc = async (path: string) =>
      directives((await app.request(path)).headers.get('content-security-policy')).get('img-src');
    // The first answer of all reads them, whatever it is.
    expect(await imgSrc('/assets/index-abc.js')).toContain('https://static.wikia.nocookie.net');
    expect(reads).toBe(1);
    for (const path of ['/assets/index-abc.js', '/assets/index-abc.css']) await imgSrc(path);
    expect(reads).toBe(1);
    // A new catalogue's host is in the very next page, worker and SVG.
    origins = ['http://127.0.0.1:4321'];
    expect(await imgSrc('/home')).toContain('http://127.0.0.1:4321');
    expect(reads).toBe(2);
    await app.request('/sw.js');
    await app.request('/badge.svg');
    await app.request('/');
    expect(reads).toBe(5);
    // The scripts after it carry that page's policy.
    expect(await imgSrc('/assets/index-abc.js')).toEqual(["'self'", 'data:', 'blob:', ...origins]);
    expect(reads).toBe(5);
  });

  it('reads the photo hosts from the catalogue, again when a new catalogue brings a new host', async () => {
    const origins = createPhotoOriginsCache(api.database.db);
    const app = shellApp({ photoOrigins: origins });
    const imgSrc = async () =>
      directives((await app.request('/home')).headers.get('content-security-policy')).get(
        'img-src',
      );
    expect(await imgSrc()).toEqual(["'self'", 'data:', 'blob:']);
    await importCatalog(api.database.db, {
      cars: fixtureCars.map((c, i) => ({
        ...c,
        image:
          i % 2 === 0
            ? `https://static.wikia.nocookie.net/hotwheels/images/${i}.jpg`
            : `http://127.0.0.1:4321/photos/${i}.png?x=1`,
      })),
      sets: fixtureSets,
    });
    expect([...((await imgSrc()) ?? [])].sort()).toEqual(
      [
        "'self'",
        'blob:',
        'data:',
        'http://127.0.0.1:4321',
        'https://static.wikia.nocookie.net',
      ].sort(),
    );
    expect(photoOrigin('javascript:alert(1)')).toBeNull();
    expect(photoOrigin('HTTPS://Static.Example.org:443/a.png')).toBe('https://static.example.org');
  });

  it('lets no catalogue photo host add a directive: only well-formed origins enter the CSP', async () => {
    const hostile = [
      'https://evil.example;script-src *',
      "https://evil.example;script-src'unsafe-inline'/a.jpg",
      'https://evil.example;sandbox/a.jpg',
      'https://evil*.example/a.jpg',
      'https://[::1]/a.jpg',
    ];
    await importCatalog(api.database.db, {
      cars: fixtureCars.map((c, i) => ({
        ...c,
        image: hostile[i % (hostile.length + 1)] ?? 'https://CDN.example.org:8443/a.jpg',
      })),
      sets: fixtureSets,
    });
    const app = shellApp({ photoOrigins: createPhotoOriginsCache(api.database.db) });
    for (const path of ['/home', '/sw.js']) {
      const header = (await app.request(path)).headers.get('content-security-policy') ?? '';
      expect(header).not.toContain('evil');
      expect(header).not.toContain('sandbox');
      const names = [...directives(header).keys()];
      expect(new Set(names).size, header).toBe(names.length);
      expect(
        names.every((name) => /^[a-z-]+$/.test(name)),
        header,
      ).toBe(true);
      for (const sources of directives(header).values()) {
        expect(
          sources.filter((source) => /[;'*]/.test(source) && !/^'[a-z-]+'$/.test(source)),
        ).toEqual([]);
      }
      expect(directives(header).get('connect-src')).toContain('https://cdn.example.org:8443');
    }
    expect(photoOrigin('https://evil.example;sandbox/a.jpg')).toBeNull();
    expect(photoOrigin('https://xn--bcher-kva.example/a.jpg')).toBe(
      'https://xn--bcher-kva.example',
    );
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
