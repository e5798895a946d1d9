// The one-way imports of docs/architecture.md, as lint rules: each rule refuses a deliberate
// violation and lets the allowed import through, so a rule that stops matching fails here.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ignore: false, so the cycle fixtures (ignored by `npm run lint`) are linted here.
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  ignore: false,
});

async function problemsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const importOf = (path: string) => `import * as imported from '${path}';\nexport { imported };\n`;
const restricted = 'import-x/no-restricted-paths';

async function expectRefused(filePath: string, path: string) {
  const problems = await problemsOf(importOf(path), filePath);
  expect(problems.join('\n')).toContain(restricted);
}

async function expectAllowed(filePath: string, path: string) {
  expect(await problemsOf(importOf(path), filePath)).toEqual([]);
}

describe('the boundaries between the parts', () => {
  it('api/ imports only src/shared from the device tree', async () => {
    await expectRefused('api/example.ts', '../src/db/device-db');
    await expectRefused('api/example.ts', '../sw/sw');
    await expectAllowed('api/example.ts', '../src/shared/push-message');
  });

  it('api routes reach the database only through a domain module', async () => {
    await expectRefused('api/routes/example.ts', '../db/sql-errors');
    await expectRefused('api/routes/example.ts', '../db/object-ids');
    await expectAllowed('api/routes/example.ts', '../posts/photo-rows');
    await expectAllowed('api/posts/example.ts', '../db/object-ids');
  });

  it('src/shared imports nothing of the app', async () => {
    await expectRefused('src/shared/example.ts', '../db/device-db');
    await expectRefused('src/shared/example.ts', '../../api/env');
    await expectAllowed('src/shared/example.ts', './push-message');
  });

  it('the service worker imports src/sync, src/db and src/shared only', async () => {
    await expectRefused('sw/example.ts', '../src/features/push');
    await expectRefused('sw/example.ts', '../src/ui/avatar');
    await expectAllowed('sw/example.ts', '../src/sync/outbox-lock');
    await expectAllowed('sw/example.ts', '../src/db/device-db');
    await expectAllowed('sw/example.ts', '../src/shared/push-message');
  });

  it('src/ui imports no feature', async () => {
    await expectRefused('src/ui/example.ts', '../features/catalog');
    await expectAllowed('src/ui/example.ts', '../data/use-online');
  });

  it('db, sync and auth never import the layers above them', async () => {
    await expectRefused('src/db/example.ts', '../features/catalog');
    await expectRefused('src/sync/example.ts', '../ui/avatar');
  });

  it('src/local-store imports src/db and src/shared only', async () => {
    await expectRefused('src/local-store/example.ts', '../sync/api-client');
    await expectRefused('src/local-store/example.ts', '../auth/auth-state');
    await expectRefused('src/local-store/example.ts', '../features/catalog');
    await expectAllowed('src/local-store/example.ts', '../db/device-db');
    await expectAllowed('src/local-store/example.ts', '../shared/collection/rules');
    await expectAllowed('src/local-store/example.ts', './rebase');
  });

  it("src/data, the screens' hooks, imports no screen and the engine only by its entry", async () => {
    await expectRefused('src/data/example.ts', '../features/catalog');
    await expectRefused('src/data/example.ts', '../ui/avatar');
    await expectRefused('src/data/example.ts', '../local-store/rebase');
    await expectRefused('src/db/example.ts', '../data/use-online');
    await expectAllowed('src/data/example.ts', '../db/device-db');
    await expectAllowed('src/data/example.ts', 'dexie-react-hooks');
  });

  it('src/db, the storage, imports src/shared only', async () => {
    await expectRefused('src/db/example.ts', '../local-store');
    await expectRefused('src/db/example.ts', '../local-store/collection-diff');
    await expectRefused('src/db/example.ts', '../auth/client-config');
    await expectRefused('src/db/example.ts', '../sync/api-fetch');
    await expectAllowed('src/db/example.ts', '../shared/collection/rules');
  });

  it('the write engine is reached only through src/local-store/index.ts', async () => {
    await expectRefused('src/sync/example.ts', '../local-store/rebase');
    await expectRefused('src/features/home/example.ts', '../../local-store/local-change');
    await expectRefused('sw/example.ts', '../src/local-store/rebase');
    await expectAllowed('src/sync/example.ts', '../local-store');
  });

  it('routes compose features and read nothing themselves', async () => {
    await expectRefused('src/routes/example.ts', '../data/use-collection');
    await expectRefused('src/routes/example.ts', '../local-store');
    await expectAllowed('src/routes/example.ts', '../features/auth');
  });

  it('a feature reaches another only through its index.ts', async () => {
    await expectRefused('src/features/home/example.ts', '../catalog/car-tile');
    await expectAllowed('src/features/home/example.ts', '../catalog');
    await expectAllowed('src/features/home/example.ts', './home-screen');
  });

  it('screens read through src/data hooks, never the tables', async () => {
    await expectRefused('src/features/home/example.ts', '../../db/device-db');
    await expectRefused('src/ui/example.ts', '../db/garage-db');
    const live = await problemsOf(importOf('dexie-react-hooks'), 'src/features/home/example.ts');
    expect(live.join('\n')).toContain('no-restricted-imports');
    await expectAllowed('src/features/home/example.ts', '../../data/use-collection');
  });

  it('lets only src/db/outbox-store.ts query the outbox', async () => {
    const code =
      "import type { GarageDb } from '../db/garage-db';\n" +
      'export const waiting = (db: GarageDb) => db.outbox.count();\n';
    expect((await problemsOf(code, 'src/sync/example.ts')).join('\n')).toContain(
      'no-restricted-syntax',
    );
    expect((await problemsOf(code, 'src/db/outbox-store.ts')).join('\n')).not.toContain(
      'no-restricted-syntax',
    );
  });

  it('refuses an import cycle', async () => {
    const code = "import { b } from './b';\n\nexport const a = (): string => `a${b.length}`;\n";
    const problems = await problemsOf(code, 'test/unit/lint/fixtures/cycle/a.ts');
    expect(problems.join('\n')).toContain('import-x/no-cycle');
  });
});
