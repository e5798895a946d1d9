// `npm start`: the whole app on one port; Ctrl-C stops the server and every child it started.
// With WEB_CONCURRENCY > 1 (PostgreSQL only) this process is the primary of N server workers.
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { EnvError, parseEnv, type Env } from './env';
import { listeningOn, openDemoWarning } from './runtime/listen-address';
import { startServer } from './runtime/start-server';
import { runClusterWorker, startCluster } from './runtime/worker-cluster';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    for (const problem of error.problems) console.error(`Invalid environment: ${problem}`);
    process.exit(1);
  }
}

async function main() {
  const env = readEnv();
  if (cluster.isWorker) {
    await runClusterWorker(env, { projectRoot });
    return;
  }
  const log = (line: string) => console.log(line);
  const server =
    env.WEB_CONCURRENCY > 1
      ? await startCluster(env, { projectRoot, log })
      : await startServer(env, { projectRoot, log });
  console.log(`Diecast Garage is running on http://localhost:${server.port} (${listeningOn(env)})`);
  const warning = openDemoWarning(env);
  if (warning) console.warn(warning);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    `Diecast Garage could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
