// Comments cite what a clone has: docs/ and the code. A citation of a document outside the
// repository (the product spec, the design notes, the UI notes) or an issue number (history
// lives in git) fails here, naming the file and line; so does a docs/ path that is not there, and
// a benchmark figure or browser version in the code's comments, which go stale: the figures live
// in a dated decision record (docs/decisions/README.md) and the comment cites it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['src', 'api', 'sw', 'scripts', 'test', 'bench'];
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
const OUTSIDE = [/\bSPEC\b/, /\bDESIGN\.md\b/, /\bUI\.md\b/, /\b[Ii]ssues? #?\d+/];

function sourceFiles(folder: string): string[] {
  if (statSync(folder).isFile()) return [folder];
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

/** Where the code's comments must carry no figures (benches and specs report figures). */
const CODE = ['src', 'api', 'sw', 'scripts', 'test/fixtures', 'test/setup', 'vitest.config.ts'];
/** A browser and its version, a bench's section, an approximate or ranged time or size, a ratio. */
const FIGURES = [
  /\b(?:Chromium|Chrome|Firefox(?: ESR)?|WebKitGTK|WebKit|Safari|iOS) ?\d{2,3}\b/,
  /\bbench:[\w-]+ [A-Z]\d?\b/,
  /~ ?\d+(?:[.,]\d+)? ?(?:ms|s|KB|MB|KiB|MiB)\b/,
  /\b\d+(?:\.\d+)? ?[–-] ?\d+(?:\.\d+)? ?(?:ms|s|KB|MB|KiB)\b/,
  /\b\d+(?:\.\d+)? ?[x×] (?:the|a|raw|bare)\b/,
  /\btook (?:about |~)?\d/,
];

function figures(text: string): { line: number; text: string }[] {
  return commentsOf(text).filter((comment) => FIGURES.some((re) => re.test(comment.text)));
}

/** The docs/….md paths a comment names that are not in the repository. */
function missingDocs(text: string): { line: number; text: string }[] {
  return commentsOf(text).flatMap((comment) =>
    [...comment.text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)]
      .filter((path) => !existsSync(join(root, path[0])))
      .map((path) => ({ line: comment.line, text: path[0] })),
  );
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

describe('comments carry no figures and cite docs that exist', () => {
  it('finds a browser version, a bench section, a measured time or a ratio', () => {
    const sample = [
      '// On Chromium 150 that made long tasks.',
      '// Costs one request more (bench:sync B2).',
      '/* took ~12 ms here */',
      '// 150-400 ms instead of 20-50.',
      '// about 1.3x the bare put',
      '// Firefox ESR commits the others (docs/decisions/0004-no-commit-in-the-versioned-write.md).',
      '// Closes after 4 s (docs/rules.md).',
    ].join('\n');
    expect(figures(sample).map((comment) => comment.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds a docs path that is not there', () => {
    const sample = '// (docs/decisions/0004-no-commit-in-the-versioned-write.md, docs/nowhere.md)';
    expect(missingDocs(sample).map((found) => found.text)).toEqual(['docs/nowhere.md']);
  });

  it('holds for the code: figures live in docs/decisions, and every docs path cited is there', () => {
    const where = (path: string, found: { line: number; text: string }) =>
      `${relative(root, path)}:${found.line}: ${found.text.slice(0, 120)}`;
    const withFigures = CODE.flatMap((folder) => sourceFiles(join(root, folder))).flatMap((path) =>
      figures(readFileSync(path, 'utf8')).map((found) => where(path, found)),
    );
    expect(withFigures).toEqual([]);
    const cited = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder))).flatMap((path) =>
      missingDocs(readFileSync(path, 'utf8')).map((found) => where(path, found)),
    );
    expect(cited).toEqual([]);
  });
});
