// bench:api's third PostgreSQL reference: the change's own SQL with nothing of ours around it.
// pgbench (C, prepared statements, one connection per collector) sends exactly the two calls the
// server makes for an add-car-instance: diecast_read, then diecast_apply_diff with the version
// that read returned, the change's key and stored answer, its work units and the new total. No
// Node, no HTTP, no token, no rules. Its rate is the most any server could get out of this SQL
// on this cluster with these clients, so it tells how much of the gap to `pgbench -N` is the
// SQL's and how much is ours.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  WRITE_BUDGET_CAPACITY,
  WRITE_BUDGET_REFILL_PER_SECOND,
} from '../../src/shared/collection/work-units';
import { pgbenchFor, pgbenchTps } from './references';

export interface SqlAloneReference {
  how: string;
  command: string;
  clients: number;
  seconds: number;
  tps: number;
  /** State versions the measured run added: every change that pgbench counted was applied. */
  applied: number;
}

const USER_PREFIX = 'sql-alone-';

/**
 * One change as pgbench variables allow it. pgbench reads `:name` as a variable even inside a
 * string literal, so no literal here may hold a colon. The collector already owns the car (no
 * owned-car row), as in the steady state of the HTTP run.
 */
function changeScript(carIds: string[]): string {
  const user = `'${USER_PREFIX}' || CAST(:client_id AS text)`;
  const key = `'sql-alone-' || CAST(:k AS text)`;
  const cars = `ARRAY[${carIds.map((id) => `'${id.replaceAll("'", "''")}'`).join(',')}]`;
  const car = `(${cars})[:c]`;
  const budget = JSON.stringify({
    units: 1,
    capacity: WRITE_BUDGET_CAPACITY,
    refillPerSecond: WRITE_BUDGET_REFILL_PER_SECOND,
  });
  return `\\set c random(1, ${carIds.length})
\\set k random(1, 9000000000000000000)
SELECT r->>'version' AS version, (r->>'totalCarCount')::int + 1 AS total, (SELECT coalesce(jsonb_object_agg(client_id, swept_through), '{}'::jsonb) FROM swept_key_marks WHERE user_id = ${user}) AS marks FROM diecast_read(${user}, ARRAY[${key}], ARRAY[${car}], '{}'::text[], ARRAY[${key}], '{}'::text[], false, 0) AS r \\gset
SELECT diecast_apply_diff(${user}, CAST(:version AS bigint), jsonb_build_object(
  'keys', jsonb_build_array(jsonb_build_object('key', ${key}, 'requestHash', md5(${key}), 'status', 200,
    'body', jsonb_build_object('ok', true, 'instanceId', ${key}, 'totalCarCount', CAST(:total AS int), 'totalSetCount', 0))),
  'budget', '${budget}'::jsonb,
  'profile', jsonb_build_object('totalCarCount', CAST(:total AS int)),
  'insertCarInstances', jsonb_build_array(jsonb_build_object('carId', ${car}, 'instanceId', ${key},
    'condition', 'carded', 'grade', 'Good', 'notes', '', 'purchasePlace', '', 'purchasePrice', 0,
    'purchaseDate', null, 'dateAdded', '2026-01-01T00.00.00.000Z'))));
`.replaceAll(/\n {2,4}/g, ' ');
}

async function sumOfVersions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string | null }>(
    `SELECT sum(state_version) AS n FROM profiles WHERE user_id LIKE '${USER_PREFIX}%'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Runs the change's SQL under pgbench against the app's database (migrated and seeded). */
export async function sqlAloneReference(
  url: string,
  carIds: string[],
  clients: number,
  seconds: number,
): Promise<SqlAloneReference> {
  const { pgbench, connection } = pgbenchFor(url);
  const dir = mkdtempSync(join(tmpdir(), 'diecast-sql-alone-'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Each pgbench connection is one collector with a profile, as every signed-in one has.
    for (let id = 0; id < clients; id++) {
      await client.query(`SELECT diecast_apply_diff($1, NULL, '{"profile": {}}'::jsonb)`, [
        `${USER_PREFIX}${id}`,
      ]);
    }
    const script = join(dir, 'change.sql');
    writeFileSync(script, changeScript(carIds));
    const threads = Math.min(2, clients);
    const args = ['-n', '-M', 'prepared', '-f', script, '-c', String(clients)];
    args.push('-j', String(threads));
    const database = new URL(url).pathname.slice(1) || 'postgres';
    const run = (runSeconds: number) =>
      execFileSync(pgbench, [...connection, ...args, '-T', String(runSeconds), database], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    run(2); // warm-up: plans cached, the collectors' first rows written
    const before = await sumOfVersions(client);
    const output = run(seconds);
    const applied = (await sumOfVersions(client)) - before;
    const tps = pgbenchTps(output);
    const processed = /number of transactions actually processed: (\d+)/.exec(output)?.[1];
    if (!processed) throw new Error(`pgbench printed no count:\n${output}`);
    // A change whose version check failed would count in tps without writing anything.
    if (applied !== Number(processed)) {
      throw new Error(`pgbench counted ${processed} changes but ${applied} were applied`);
    }
    return {
      how: 'pgbench -M prepared, one collector per connection: diecast_read, diecast_apply_diff',
      command: `pgbench ${args.join(' ').replace(script, 'change.sql')} -T ${seconds}`,
      clients,
      seconds,
      tps,
      applied,
    };
  } finally {
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
