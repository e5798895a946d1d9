// Comments cite what a clone has: docs/ and the code. A citation of a document outside the
// repository (the product spec, the design notes, the UI notes) or an issue number (history
// lives in git) fails here, naming the file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['src', 'api', 'sw', 'scripts', 'test', 'bench'];
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
const OUTSIDE = [/\bSPEC\b/, /\bDESIGN\.md\b/, /\bUI\.md\b/, /\b[Ii]ssues? #?\d+/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Each comment's text with the line it starts on: `// …` (not `://` in a URL) and `/* … *\/`. */
function commentsOf(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:\\'"`])\/\/[^\n]*/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ line, text: match[0] });
  }
  return found;
}

function outsideCitations(text: string): { line: number; text: string }[] {
  return commentsOf(text).filter((comment) => OUTSIDE.some((re) => re.test(comment.text)));
}

describe('comments cite the repository', () => {
  it('finds a citation of an outside document or an issue number', () => {
    const sample = [
      '// The guard of SPEC §2.',
      'const url = "https://example.com"; // fine: docs/product.md',
      '/* DESIGN.md idempotency */',
      '// Added for issue 5.',
    ].join('\n');
    expect(outsideCitations(sample).map((comment) => comment.line)).toEqual([1, 3, 4]);
  });

  it('holds for every comment in src, api, sw, scripts, test and bench', () => {
    const offenders = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder))).flatMap(
      (path) =>
        path.endsWith('comments-cite-the-repo.test.ts')
          ? []
          : outsideCitations(readFileSync(path, 'utf8')).map(
              (comment) => `${relative(root, path)}:${comment.line}: ${comment.text.slice(0, 120)}`,
            ),
    );
    expect(offenders).toEqual([]);
  });
});
