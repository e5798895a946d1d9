// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built app, once at
// build time, so the server sends the app compressed without compressing on every request (on
// a phone's network the first screen's JavaScript is most of the wait before anything shows).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `path`.br and `path`.gz beside it; returns the Brotli copy's size. */
export function compressFile(path: string): number {
  const content = readFileSync(path);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  return br.length;
}

/** Compresses every text file under `distDir` (source maps and Vite's manifest left alone). */
export function compressDist(distDir: string): { files: number; bytes: number; brBytes: number } {
  let count = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const path of files(distDir)) {
    if (!COMPRESSIBLE.has(extname(path)) || path.includes(`${join(distDir, '.vite')}`)) continue;
    const size = statSync(path).size;
    if (size < MIN_BYTES) continue;
    brBytes += compressFile(path);
    count++;
    bytes += size;
  }
  return { files: count, bytes, brBytes };
}
