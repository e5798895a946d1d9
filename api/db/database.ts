// Opens the SQL store (PGlite in a folder or in memory, or PostgreSQL) and applies the migrations.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { registerPreparedRunner } from './prepared-runners';
import { startAutoAnalyze } from './pglite-auto-analyze';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query surface as the database; rules code takes either. */
export type Queryable = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseLocation = (
  | {
      kind: 'pglite';
      dataDir: string | null; // null: in memory (tests)
      /** How often PGlite's stand-in for autovacuum looks for tables to analyse. */
      autoAnalyzeEveryMs?: number;
      /**
       * A new database starts as this dump of another one (PGlite's dumpDataDir), instead of
       * from an empty cluster; the migrations then run on it as on any database. Tests start
       * from a migrated dump: about half a second instead of two to four.
       */
      startFrom?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number }
) & {
  /** Sees every statement the app sends (tests that check which queries a path runs). */
  logQuery?: (query: string, params: unknown[]) => void;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long a request waits for a PostgreSQL connection (a new one, or a free one in the pool). */
const CONNECT_TIMEOUT_MS = 10_000;

export async function openDatabase(location: DatabaseLocation): Promise<OpenDatabase> {
  if (location.kind === 'pglite') {
    const client = new PGlite({
      dataDir: location.dataDir || undefined,
      loadDataDir: location.startFrom,
    });
    const autoAnalyze = startAutoAnalyze(client, location.autoAnalyzeEveryMs);
    const seeStatement = (query: string, params: unknown[]) => {
      location.logQuery?.(query, params);
      autoAnalyze.noteStatement(query);
    };
    const db = drizzlePglite({ client, schema, logger: { logQuery: seeStatement } });
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await autoAnalyze.stop();
      await client.close();
      throw error;
    }
    // In process there is nothing to prepare ahead; this only skips the query builder.
    registerPreparedRunner(db, async ({ text }, params) => {
      seeStatement(text, params);
      return (await client.query(text, params)).rows;
    });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      async close() {
        await autoAnalyze.stop();
        await client.close();
      },
    };
  }
  const logger = location.logQuery ? { logQuery: location.logQuery } : undefined;
  const pool = new pg.Pool({
    connectionString: location.url,
    max: location.poolSize ?? 20,
    // A database host that stops answering (no refusal, just silence) would otherwise hold each
    // request until the kernel gives up on the socket; past this the request answers 503.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection that the server drops (restart, failover, a dropped test database) is
  // reported here; unhandled, node-postgres would crash the process. The pool opens a new one.
  pool.on('error', (error) => {
    console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePostgres({ client: pool, schema, logger });
  await migratePostgres(db, { migrationsFolder });
  registerPreparedRunner(db, async ({ name, text }, params) => {
    location.logQuery?.(text, params);
    return (await pool.query({ name, text, values: params })).rows;
  });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

/**
 * A dump (PGlite's dumpDataDir) of a new in-memory database with every migration applied: a
 * `startFrom` for databases that would otherwise each make an empty cluster and migrate it.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
