// `WEB_CONCURRENCY=N` with PostgreSQL: N server processes share the port (node:cluster), so one
// machine's cores all serve requests instead of one event loop queueing them. The primary does
// the one-time work (emulator, migrations, seeds, VAPID keys) and starts workers one at a time;
// each worker is a whole server (startServer) whose start finds that work already done.
// Shared state lives in the database (the write budget included), so every worker sees the same.
import cluster from 'node:cluster';
import type { Env } from '../env';
import { prepareServer } from './prepare-server';
import { startServer } from './start-server';

interface ListeningMessage {
  type: 'listening';
  port: number;
}

const isListening = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'listening';

/** How long a stopped worker's replacement waits: a worker that crashes at start cannot spin. */
const REPLACEMENT_DELAY_MS = 1000;

export interface RunningCluster {
  port: number;
  stop(): Promise<void>;
}

/** In the primary: prepares once, then forks `env.WEB_CONCURRENCY` workers, one after another. */
export async function startCluster(
  env: Env,
  options: { projectRoot: string; log: (line: string) => void },
): Promise<RunningCluster> {
  const prepared = await prepareServer(env, options);
  // The primary serves nothing: the workers each sweep (their row locks keep that safe).
  await prepared.stopBackgroundWork();
  await prepared.database.close();
  const emulatorHost = prepared.emulator?.host ?? env.FIREBASE_AUTH_EMULATOR_HOST;
  let port = env.PORT;
  let stopping = false;
  const fork = () =>
    cluster.fork(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {});
  for (let index = 0; index < env.WEB_CONCURRENCY; index++) {
    const worker = fork();
    port = await new Promise<number>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (isListening(message)) resolve(message.port);
      });
      worker.once('exit', (code) => reject(new Error(`worker ${index + 1} exited (${code})`)));
    });
  }
  // A worker that stops on its own (a crash, the kernel's OOM killer) is replaced, one a second
  // at most, so the port is not left to fewer processes until the next restart, and says so on
  // stderr: a silent loss of half the server is what a deployment must not have.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(
      `A server worker (pid ${worker.process.pid}) stopped (${signal ?? code}): another takes its place`,
    );
    setTimeout(() => {
      if (stopping) return;
      const replacement = fork();
      replacement.on('message', (message: unknown) => {
        if (isListening(message)) {
          options.log(`A new server worker (pid ${replacement.process.pid}) shares the port`);
        }
      });
    }, REPLACEMENT_DELAY_MS);
  });
  options.log(`${env.WEB_CONCURRENCY} server workers share the port`);
  return {
    port,
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      await prepared.emulator?.stop();
    },
  };
}

/** In a worker: one whole server; tells the primary its port, stops on SIGTERM. */
export async function runClusterWorker(env: Env, options: { projectRoot: string }): Promise<void> {
  const server = await startServer(env, { projectRoot: options.projectRoot });
  process.send?.({ type: 'listening', port: server.port } satisfies ListeningMessage);
  process.on('SIGTERM', () => {
    void server.stop().then(() => process.exit(0));
  });
  // Ctrl-C reaches the whole process group; the primary decides when workers stop.
  process.on('SIGINT', () => {});
}
