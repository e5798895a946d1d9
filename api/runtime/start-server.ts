// Boots the whole app as `npm start` does: the prepared server, the built PWA, one HTTP port.
import { resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../app';
import type { OpenDatabase } from '../db/database';
import type { Env } from '../env';
import type { RunningEmulator } from './auth-emulator';
import { prepareServer } from './prepare-server';
import { mountBuiltApp } from './static-app';
import { createPhotoOriginsCache } from '../catalog/photo-origins';

export interface RunningServer {
  port: number;
  database: OpenDatabase;
  emulator: RunningEmulator | null;
  stop(): Promise<void>;
}

export async function startServer(
  env: Env,
  options: { projectRoot: string; log?: (line: string) => void },
): Promise<RunningServer> {
  const { deps, database, emulator, stopBackgroundWork } = await prepareServer(env, options);
  const app = createApp(deps);
  mountBuiltApp(app, resolve(options.projectRoot, 'dist'), {
    clientConfig: deps.clientConfig,
    photoOrigins: createPhotoOriginsCache(deps.db),
  });

  const server: ServerType = await new Promise((resolveServer, reject) => {
    const started = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () =>
      resolveServer(started),
    );
    started.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;

  return {
    port,
    database,
    emulator,
    async stop() {
      await new Promise<void>((done) => server.close(() => done()));
      await stopBackgroundWork();
      await database.close();
      await emulator?.stop();
    },
  };
}
