// `node --import tsx scripts/check-shell-csp.ts`: loads the BUILT app (run `npm run build`
// first) from a real server in headless Chromium, signs a collector in and walks the main
// screens, and fails if the Content Security Policy the server sends blocked anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../api/env';
import { EMULATOR_HOST, startAuthEmulator } from '../api/runtime/auth-emulator';
import { startServer } from '../api/runtime/start-server';
import { launchChromium } from '../test/fixtures/chromium';
import { createAccount, uniqueEmail } from '../test/fixtures/emulator-accounts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const ROUTES = [
  '/home',
  '/social',
  '/trade',
  '/premium',
  '/mainlines',
  '/collection',
  '/stats',
  '/learn',
  '/live',
  '/leaderboard',
  '/settings',
];

const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
const dataDir = mkdtempSync(join(tmpdir(), 'diecast-csp-'));
const env = parseEnv({
  DATA_DIR: dataDir,
  CATALOG_SEED: 'demo',
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
});
const server = await startServer({ ...env, PORT: 0 }, { projectRoot });
const browser = await launchChromium();
const violations: string[] = [];
try {
  const base = `http://localhost:${server.port}`;
  const shell = await fetch(`${base}/home`);
  console.log(`Content-Security-Policy: ${shell.headers.get('content-security-policy')}`);
  const page = await browser.newPage();
  // Both the console line and the DOM event: either alone can miss a report.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (process.env.CSP_DEBUG) console.log(`[page] ${text}`);
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  await page.goto(`${base}/signup`, { waitUntil: 'networkidle' });
  const email = uniqueEmail('csp');
  await createAccount(email, 'garage-secret-1');
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('garage-secret-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Sign out').waitFor();
  // A guarded screen asks a collector without a username to choose one first.
  await page.goto(`${base}/collection`, { waitUntil: 'networkidle' });
  await page.getByLabel('Username').fill(`csp${Date.now() % 1_000_000}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForLoadState('networkidle');
  for (const route of ROUTES) {
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    console.log(`${route}: ${await page.title()}`);
  }
  // The service worker took control under its own policy.
  const controlled = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (
      navigator.serviceWorker.controller !== null ||
      (await navigator.serviceWorker.getRegistration()) !== undefined
    );
  });
  console.log(`service worker registered: ${controlled}`);
} catch (error) {
  console.error(
    `The walk failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
  );
  console.error(violations.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (violations.length > 0) {
  console.error(`${violations.length} CSP violation(s):\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('No CSP violations.');
