// Everything the server needs before it listens, shared by `npm start` and `npm run dev`:
// env → (emulator) → database + migrations → catalogue (real, or the demo: CATALOG_SEED),
// tutorials, streams → the app's deps.
import { resolve } from 'node:path';
import { firebaseAccountCheck } from '../auth/account-status';
import { createTokenVerifier } from '../auth/token-verifier';
import { seedCatalogIfEmpty } from '../catalog/catalog-seed';
import { openDatabase, type OpenDatabase } from '../db/database';
import type { Env } from '../env';
import type { AppDeps } from '../http/app-env';
import { databaseWriteBudget } from '../http/write-budget';
import { createRateLimiter } from '../http/rate-limiter';
import { createTurns } from '../http/fair-share';
import { ensureTutorials } from '../learn/tutorial-store';
import { seedDemoStreams } from '../live/demo-streams';
import { localPhotoStore } from '../posts/local-photo-store';
import { s3PhotoStore } from '../posts/s3-photo-store';
import { startKeySweep } from '../collection/key-retention';
import { startPhotoSweep } from '../posts/photo-sweep';
import { startAlertSweeps } from '../push/held-alerts';
import { paymentProviderFor } from '../premium/provider-from-env';
import { loadVapidKeys } from '../push/vapid-keys';
import { createWebPushNotifier } from '../push/web-push-notifier';
import { startAuthEmulator, type RunningEmulator } from './auth-emulator';
import { clientConfigFor } from './client-config';

/** A refusal over the write budget is answered after a second: see api/http/over-budget.ts. */
const REFUSAL_HOLD_MS = 1000;

export interface PreparedServer {
  deps: AppDeps;
  database: OpenDatabase;
  emulator: RunningEmulator | null;
  /** Stops the background work (the sweep of unused photos) before the database closes. */
  stopBackgroundWork(): Promise<void>;
}

export async function prepareServer(
  env: Env,
  options: { projectRoot: string; log?: (line: string) => void },
): Promise<PreparedServer> {
  const log = options.log ?? (() => {});
  let emulator: RunningEmulator | null = null;
  // parseEnv already refuses an emulator with a hosted project or in production; never trusting
  // one there is the same rule said twice, where it matters most.
  let emulatorHost =
    env.production || env.hostedFirebase ? undefined : env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!env.hostedFirebase && !env.production && !emulatorHost) {
    emulator = await startAuthEmulator({
      projectId: env.FIREBASE_PROJECT_ID,
      cwd: options.projectRoot,
      log,
    });
    emulatorHost = emulator.host;
  }

  const dataDir = resolve(options.projectRoot, env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir },
  );
  log(
    database.kind === 'postgres'
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: PGlite in ${dataDir}`,
  );
  const seeded = await seedCatalogIfEmpty(database.db, env.CATALOG_SEED);
  if (seeded) {
    const which =
      seeded.seed === 'real' ? 'the Hot Wheels catalogue 1995–2025' : 'the demo catalogue';
    log(
      `Catalogue was empty: loaded ${which} (${seeded.cars.toLocaleString('en-US')} cars, ${seeded.sets.toLocaleString('en-US')} sets)`,
    );
  }
  const tutorialCount = await ensureTutorials(database.db);
  log(`Tutorials: ${tutorialCount} loaded from api/learn/tutorials.json`);
  const demoStreams = await seedDemoStreams(database.db, new Date());
  if (demoStreams > 0) log(`Live: ${demoStreams} demo streams placed around now`);

  const payments = paymentProviderFor(env);
  log(payments.line);
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

  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = env;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const s3 =
    endpoint && bucket && accessKeyId && secretAccessKey
      ? { endpoint, bucket, accessKeyId, secretAccessKey, region: env.S3_REGION }
      : null;
  const photoStore = s3 ? s3PhotoStore(s3) : localPhotoStore(resolve(dataDir, 'uploads'));
  log(
    s3
      ? `Photos: S3-compatible store ${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`
      : 'Photos: DATA_DIR/uploads',
  );

  const deps: AppDeps = {
    db: database.db,
    verifier: createTokenVerifier({
      projectId: env.FIREBASE_PROJECT_ID,
      emulatorHost,
      // A hosted project asks whether a token's account is disabled or revoked (once per token
      // per few minutes). The emulator's tokens are unsigned, so anyone can make one anyway.
      accountCheck:
        env.hostedFirebase && env.FIREBASE_API_KEY
          ? firebaseAccountCheck({
              identityUrl: 'https://identitytoolkit.googleapis.com/v1',
              apiKey: env.FIREBASE_API_KEY,
            })
          : undefined,
    }),
    clientConfig: clientConfigFor(env, emulatorHost),
    production: env.production,
    refusalHoldMs: REFUSAL_HOLD_MS,
    writeBudget: databaseWriteBudget(database.db, {
      capacity: env.WRITE_BUDGET_CAPACITY,
      refillPerSecond: env.WRITE_BUDGET_REFILL_PER_SECOND,
    }),
    turns: createTurns(),
    readBudget: createRateLimiter({
      capacity: env.READ_BUDGET_CAPACITY,
      refillPerSecond: env.READ_BUDGET_REFILL_PER_SECOND,
    }),
    anonymousReads: createRateLimiter({
      capacity: env.ANONYMOUS_READ_CAPACITY,
      refillPerSecond: env.ANONYMOUS_READ_REFILL_PER_SECOND,
    }),
    trustedProxies: env.TRUSTED_PROXIES,
    photoStore,
    allowLoopbackPush: env.PUSH_ALLOW_LOOPBACK_FOR_TESTS,
    notifier: createWebPushNotifier({
      db: database.db,
      vapid: vapid.keys,
      subject: env.VAPID_SUBJECT,
      policy: { production: env.production, allowLoopback: env.PUSH_ALLOW_LOOPBACK_FOR_TESTS },
    }),
    paymentProvider: payments.provider,
  };
  const sweep = startPhotoSweep(database.db, photoStore, log);
  const digests = startAlertSweeps(database.db, deps.notifier, log);
  const keySweep = startKeySweep(database.db, log);
  return {
    deps,
    database,
    emulator,
    stopBackgroundWork: async () => {
      await Promise.all([sweep.stop(), digests.stop(), keySweep.stop()]);
    },
  };
}
