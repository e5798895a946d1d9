// `node --import tsx scripts/with-postgres.ts CMD…`: runs CMD with TEST_DATABASE_URL pointing at
// a private PostgreSQL cluster started for it, then stops the cluster. `.ci/run` uses this.
import { spawnSync } from 'node:child_process';
import { startPostgresCluster } from './postgres-cluster';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node --import tsx scripts/with-postgres.ts COMMAND [ARGS…]');
  process.exit(2);
}
const cluster = await startPostgresCluster();
console.log(`PostgreSQL cluster ready at ${cluster.url}`);
let result;
try {
  result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
} finally {
  cluster.stop();
}
process.exit(result.status ?? 1);
