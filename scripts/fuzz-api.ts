// `npm run fuzz:api [-- RUNS]`: the HTTP fuzz of test/api/http-fuzz.test.ts for longer than
// `npm test` runs it (2,000 cases): 50,000 by default. FUZZ_SEED=<n> replays a reported failure.
import { spawnSync } from 'node:child_process';

const runs = process.argv[2] ?? process.env.FUZZ_RUNS ?? '50000';
if (!/^\d+$/.test(runs)) {
  console.error(`Usage: npm run fuzz:api -- RUNS (a whole number, got '${runs}')`);
  process.exit(2);
}
console.log(
  `HTTP fuzz: ${runs} cases${process.env.FUZZ_SEED ? `, seed ${process.env.FUZZ_SEED}` : ''}`,
);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'api', 'test/api/http-fuzz.test.ts'],
  { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs } },
);
process.exit(result.status ?? 1);
