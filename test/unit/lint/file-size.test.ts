// Modules stay concern-sized: a file in src/, api/ or sw/ over 400 lines must say, in a comment
// starting "One file on purpose:", why it cannot be split. Anything else over the limit fails here,
// named with its length.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['src', 'api', 'sw'];
const SOURCE = /\.(ts|tsx)$/;
const MAX_LINES = 400;
const REASON = /^\/\/ One file on purpose: \S/m;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Why `text` breaks the rule, or null: too long with no reason given. */
function oversized(text: string): string | null {
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines <= MAX_LINES || REASON.test(text)) return null;
  return `${lines} lines and no "One file on purpose:" comment`;
}

describe('concern-sized files', () => {
  it('refuses a long file without a reason and accepts one with it', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `const line${i} = ${i};`).join('\n');
    expect(oversized(`// Short.\n${body}\n`)).toBe(
      `${MAX_LINES + 1} lines and no "One file on purpose:" comment`,
    );
    expect(
      oversized(`// One file on purpose: the rows and their diff are one contract.\n${body}\n`),
    ).toBeNull();
    expect(oversized(`${body}\n`)).toBeNull();
  });

  it('holds for every file in src, api and sw', () => {
    const offenders = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder))).flatMap(
      (path) => {
        const problem = oversized(readFileSync(path, 'utf8'));
        return problem ? [`${relative(root, path)}: ${problem}`] : [];
      },
    );
    expect(offenders).toEqual([]);
  });

  it('leaves no file in src/sync or src/local-store needing the escape: each splits by concern', () => {
    const escaped = ['sync', 'local-store']
      .flatMap((folder) => sourceFiles(join(root, 'src', folder)))
      .filter((path) => REASON.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(escaped).toEqual([]);
  });
});
