// `npm start`: the whole app on one port; Ctrl-C stops the server and every child it started.
import { fileURLToPath } from 'node:url';
import { EnvError, parseEnv } from './env';
import { startServer } from './runtime/start-server';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    for (const problem of error.problems) console.error(`Invalid environment: ${problem}`);
    process.exit(1);
  }
  const server = await startServer(env, { projectRoot, log: (line) => console.log(line) });
  console.log(`Diecast Garage is running on http://localhost:${server.port}`);

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
