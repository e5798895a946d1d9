// `npm run bench`: every benchmark in turn, each writing bench/results/<name>.json.
import { spawnSync } from 'node:child_process';

const benchmarks = ['api', 'sync', 'ui', 'lighthouse', 'engines', 'matches'];
let failed = false;
for (const name of benchmarks) {
  console.log(`\n=== bench:${name} ===`);
  const result = spawnSync('npm', ['run', '-s', `bench:${name}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
