// `npm run dev`: Vite with hot reload and the API in the same server (one port, like production).
import { createServer as createHttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createApp } from './app';
import { EnvError, parseEnv } from './env';
import { listeningOn, openDemoWarning } from './runtime/listen-address';
import { prepareServer } from './runtime/prepare-server';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const env = parseEnv(process.env);
  const { deps, database, emulator, stopBackgroundWork } = await prepareServer(env, {
    projectRoot,
    log: console.log,
  });
  const api = createApp(deps);
  const vite = await createViteServer({
    configFile: resolve(projectRoot, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'spa',
  });
  const apiListener = getRequestListener(api.fetch);
  const server = createHttpServer((req, res) => {
    if (req.url?.startsWith('/api/')) void apiListener(req, res);
    else vite.middlewares(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    console.log(`Dev server on http://localhost:${env.PORT} (${listeningOn(env)})`);
    const warning = openDemoWarning(env);
    if (warning) console.warn(warning);
  });

  const shutdown = async () => {
    server.close();
    await vite.close();
    await stopBackgroundWork();
    await database.close();
    await emulator?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    for (const problem of error.problems) console.error(`Invalid environment: ${problem}`);
  } else {
    console.error(
      `Dev server could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
});
