// bench:api's same-run references, so a throughput figure means the same on any machine:
// `pgbench -N` on the same PostgreSQL cluster with the same client count (and so the same fsync
// setting), and for PGlite the same change applied in the same process with no HTTP in between.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../../api/db/database';
import { runMutation, systemClock } from '../../api/collection/mutation-service';
import { databaseWriteBudget } from '../../api/http/write-budget';
import { seedCatalogIfEmpty } from '../../api/catalog/catalog-seed';
import { findPostgresBin } from '../../scripts/postgres-cluster';
import { median } from '../lib/http-client';
import { loadPhase, warmUp, WARM_UP, type WarmUp } from './load-phase';

export interface PgbenchReference {
  command: string;
  clients: number;
  threads: number;
  seconds: number;
  /** tps without the initial connection time, as pgbench prints it: the median of `rounds`. */
  tps: number;
  /** Each round's tps, in the order run (between the server's own rounds, see bench/api.ts). */
  rounds: number[];
  /** The cluster's settings the server's run had too. */
  fsync: string;
  synchronousCommit: string;
  /** The database pgbench ran on (its tables at scale 1), for the HTTP ceiling reference. */
  url: string;
}

/**
 * A reference measured in rounds taken in turns with the server's own, so that a machine whose
 * speed drifts during the run (this one's does, by a third and more within minutes) moves both
 * alike. `measure` answers the round's rate; `figures` the reference's record of the rounds.
 */
export interface RoundReference<Figures> {
  measure(ms: number): Promise<number>;
  figures(rounds: number[]): Figures;
  close(): Promise<void>;
}

/** pgbench's path and the options that connect it to `url`'s cluster (host, port, user). */
export function pgbenchFor(url: string): { pgbench: string; connection: string[] } {
  const bin = findPostgresBin();
  if (!bin) throw new Error('pgbench not found in /usr/lib/postgresql');
  const target = new URL(url);
  return {
    pgbench: join(bin, 'pgbench'),
    connection: [
      '-h',
      target.hostname,
      '-p',
      target.port,
      '-U',
      decodeURIComponent(target.username),
    ],
  };
}

/** `url` with another database. */
function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** The tps pgbench printed, without the initial connection time. */
export function pgbenchTps(output: string): number {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return Math.round(Number(tps));
}

/**
 * `pgbench -N` (TPC-B without the teller/branch updates) on its own database of `url`'s cluster,
 * `clients` clients, one round per `measure`.
 */
export async function openPgbenchReference(
  url: string,
  clients: number,
): Promise<RoundReference<PgbenchReference>> {
  const { pgbench, connection } = pgbenchFor(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let fsync: string;
  let synchronousCommit: string;
  try {
    await client.query('DROP DATABASE IF EXISTS pgbench_reference');
    await client.query('CREATE DATABASE pgbench_reference');
    fsync = (await client.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync ?? '?';
    synchronousCommit =
      (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]
        ?.synchronous_commit ?? '?';
  } finally {
    await client.end();
  }
  execFileSync(pgbench, [...connection, '-i', '-q', '-s', '1', 'pgbench_reference'], {
    stdio: 'pipe',
  });
  // Two threads: the machine's cores are shared by pgbench, the server and the database alike.
  const threads = Math.min(2, clients);
  const args = (seconds: number) => [
    '-N',
    '-c',
    String(clients),
    '-j',
    String(threads),
    '-T',
    String(seconds),
  ];
  let seconds = 0;
  return {
    async measure(ms) {
      seconds = Math.max(1, Math.round(ms / 1000));
      const output = execFileSync(pgbench, [...connection, ...args(seconds), 'pgbench_reference'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return pgbenchTps(output);
    },
    figures: (rounds) => ({
      command: `pgbench ${args(seconds).join(' ')}`,
      clients,
      threads,
      seconds,
      tps: median(rounds),
      rounds,
      fsync,
      synchronousCommit,
      url: databaseUrl(url, 'pgbench_reference'),
    }),
    close: async () => {},
  };
}

export interface InProcessReference {
  how: string;
  clients: number;
  /** One round's length. */
  seconds: number;
  /** The median of `rounds`. */
  changesPerSecond: number;
  rounds: number[];
  errors: number;
}

/**
 * The same add-car-instance change the HTTP run makes (diecast_read, the shared rules, then
 * diecast_apply_diff with its key, its work units and a new state version, one transaction),
 * called in this process on a fresh PGlite with the same migrations and catalogue (or on the
 * same PostgreSQL), by the same number of concurrent collectors: no HTTP, no token check, no
 * JSON body. Warmed up as one server process is (load-phase.ts) before its first round.
 */
export async function openInProcessReference(
  /** PGlite in a fresh folder, or this PostgreSQL (one pool of the server's size). */
  store: { kind: 'pglite' } | { kind: 'postgres'; url: string; poolSize: number },
  carIds: string[],
  clients: number,
  warm: WarmUp = WARM_UP,
): Promise<RoundReference<InProcessReference>> {
  const dir = mkdtempSync(join(tmpdir(), 'diecast-bench-pglite-'));
  const database = await openDatabase(
    store.kind === 'pglite' ? { kind: 'pglite', dataDir: dir } : store,
  );
  const close = async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { db } = database;
    // The catalogue the server seeds itself with (bench:api's server starts on the demo one).
    await seedCatalogIfEmpty(db, 'demo');
    const [known] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM catalog_cars WHERE id IN
        (SELECT jsonb_array_elements_text(${JSON.stringify(carIds)}::jsonb))`,
    );
    if (known?.n !== carIds.length) throw new Error('the reference has another catalogue');
    const budget = databaseWriteBudget(db);
    let keySeq = 0;
    const send = (client: number, seq: number) =>
      runMutation(
        db,
        systemClock,
        `reference-${store.kind}-${client}`,
        'collection/add-car-instance',
        { carId: carIds[(client * 7919 + seq * 31) % carIds.length] as string, details: {} },
        `bench:${keySeq++}`,
        budget,
      );
    await warmUp(send, clients, 1, warm);
    let errors = 0;
    let seconds = 0;
    return {
      async measure(ms) {
        const round = await loadPhase(send, clients, ms);
        errors += round.errors;
        seconds = Number(round.seconds.toFixed(2));
        return Math.round(round.latencies.length / round.seconds);
      },
      figures: (rounds) => ({
        how: `runMutation() in process on ${store.kind === 'pglite' ? 'PGlite' : 'PostgreSQL, one pool'}: diecast_read, rules, diecast_apply_diff`,
        clients,
        seconds,
        changesPerSecond: median(rounds),
        rounds,
        errors,
      }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One round of openInProcessReference, for a figure that is not a target's reference. */
export async function inProcessReference(
  store: { kind: 'pglite' } | { kind: 'postgres'; url: string; poolSize: number },
  carIds: string[],
  clients: number,
  durationMs: number,
): Promise<InProcessReference> {
  const reference = await openInProcessReference(store, carIds, clients);
  try {
    return reference.figures([await reference.measure(durationMs)]);
  } finally {
    await reference.close();
  }
}
