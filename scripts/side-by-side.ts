// `node --import tsx scripts/side-by-side.ts SCRIPT…`: runs the npm scripts at once, each on its
// own core, and fails if any fails. `npm test` runs its two gates (typecheck, lint) this way: each
// is one single-threaded process, so side by side they take less than one after the other, though
// each runs slower beside the other (docs/decisions/0016-gates-side-by-side.md).
// Each script's output is printed whole when it ends, under its name, so the two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node --import tsx scripts/side-by-side.ts SCRIPT [SCRIPT…]');
  process.exit(2);
}

interface Ended {
  script: string;
  code: number | null;
  output: string;
  seconds: number;
}

function run(script: string): Promise<Ended> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (code: number | null) =>
      resolve({
        script,
        code,
        output: Buffer.concat(chunks).toString(),
        seconds: (performance.now() - started) / 1000,
      });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.on('close', end);
  });
}

const ended = await Promise.all(
  scripts.map((script) =>
    run(script).then((result) => {
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code ?? 'none'})`;
      process.stdout.write(`\n> npm run ${script}: ${verdict} in ${result.seconds.toFixed(1)} s\n`);
      if (result.output.trim()) process.stdout.write(result.output.replace(/\n?$/, '\n'));
      return result;
    }),
  ),
);
process.exit(ended.every((result) => result.code === 0) ? 0 : 1);
