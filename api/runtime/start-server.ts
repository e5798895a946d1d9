// Boots the whole app: env → (emulator) → database + migrations → demo catalogue → HTTP.
import { resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../app';
import { createTokenVerifier } from '../auth/token-verifier';
import { openDatabase, type OpenDatabase } from '../db/database';
import type { Env } from '../env';
import { startAuthEmulator, type RunningEmulator } from './auth-emulator';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-seed';
import { mountBuiltApp } from './static-app';
import { clientConfigFor } from './client-config';
import { createWriteRateLimit } from '../http/write-rate-limit';
import { localPhotoStore } from '../posts/local-photo-store';
import { ensureTutorials } from '../learn/tutorial-store';
import { seedDemoStreams } from '../live/demo-streams';
import { paymentProviderFor } from '../premium/provider-from-env';
import { loadVapidKeys } from '../push/vapid-keys';
import { createWebPushNotifier } from '../push/web-push-notifier';

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
  const log = options.log ?? (() => {});
  let emulator: RunningEmulator | null = null;
  let emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!env.hostedFirebase && !emulatorHost) {
    emulator = await startAuthEmulator({
      projectId: env.FIREBASE_PROJECT_ID,
      cwd: options.projectRoot,
      log,
    });
    emulatorHost = emulator.host;
  }

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(options.projectRoot, env.DATA_DIR) },
  );
  log(
    database.kind === 'postgres'
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: PGlite in ${resolve(options.projectRoot, env.DATA_DIR)}`,
  );
  const seeded = await seedDemoCatalogIfEmpty(database.db);
  if (seeded)
    log(
      `Catalogue was empty: loaded the demo catalogue (${seeded.cars} cars, ${seeded.sets} sets)`,
    );

  const tutorialCount = await ensureTutorials(database.db);
  log(`Tutorials: ${tutorialCount} loaded from api/learn/tutorials.json`);
  const demoStreams = await seedDemoStreams(database.db, new Date());
  if (demoStreams > 0) log(`Live: ${demoStreams} demo streams placed around now`);

  const payments = paymentProviderFor(env);
  log(payments.line);
  const dataDir = resolve(options.projectRoot, env.DATA_DIR);
  const vapid = await loadVapidKeys({
    dataDir,
    fromEnv:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
  });
  log(
    vapid.source === 'env'
      ? 'Push: VAPID keys from the environment'
      : `Push: VAPID keys ${vapid.source === 'generated' ? 'made and kept' : 'read'} in ${dataDir}/vapid.json`,
  );

  const app = createApp({
    db: database.db,
    verifier: createTokenVerifier({ projectId: env.FIREBASE_PROJECT_ID, emulatorHost }),
    clientConfig: clientConfigFor(env, emulatorHost),
    writeRateLimit: createWriteRateLimit(),
    photoStore: localPhotoStore(resolve(options.projectRoot, env.DATA_DIR, 'uploads')),
    notifier: createWebPushNotifier({
      db: database.db,
      vapid: vapid.keys,
      subject: env.VAPID_SUBJECT,
    }),
    paymentProvider: payments.provider,
  });
  mountBuiltApp(app, resolve(options.projectRoot, 'dist'));

  const server: ServerType = await new Promise((resolveServer, reject) => {
    const started = serve({ fetch: app.fetch, port: env.PORT }, () => resolveServer(started));
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
      await database.close();
      await emulator?.stop();
    },
  };
}
