// bench:api's HTTP ceiling: the least server there can be. node:http with no framework, no token
// check, no validation and no rules, in as many processes (node:cluster) as the real server has.
// MODE=answer answers each POST at once; MODE=pgbench runs pgbench -N's transaction (update an
// account, read its balance, insert a history row) in one round trip on pgbench's tables;
// MODE=change runs the add-car-instance's own two calls as the server sends them (diecast_read,
// then diecast_apply_diff with the version read, the key, a budget charge and the new total)
// on the app's database. Started by http-ceiling-reference.ts; prints 'listening' when ready.
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { APPLY_STATEMENT, READ_STATEMENT } from '../../api/collection/collection-store';
import {
  WRITE_BUDGET_CAPACITY,
  WRITE_BUDGET_REFILL_PER_SECOND,
} from '../../src/shared/collection/work-units';

export type BareServerMode = 'answer' | 'pgbench' | 'change';

const port = Number(process.env.PORT);
const workers = Number(process.env.WORKERS ?? 1);
const mode = (process.env.MODE ?? 'answer') as BareServerMode;
/** The real server's pool per process (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = 8;
/** pgbench_accounts rows at pgbench's scale 1. */
const ACCOUNTS = 100_000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** pgbench -N's transaction with pgbench's own random choices, as one simple-protocol query. */
async function pgbenchTransaction(pool: pg.Pool): Promise<unknown> {
  const aid = randomInt(1, ACCOUNTS);
  const delta = randomInt(-5000, 5000);
  const tid = randomInt(1, 10);
  const results = (await pool.query(`BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + ${delta} WHERE aid = ${aid};
SELECT abalance FROM pgbench_accounts WHERE aid = ${aid};
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (${tid}, 1, ${aid}, ${delta}, CURRENT_TIMESTAMP);
END;`)) as unknown as pg.QueryResult<{ abalance: number }>[];
  return { balance: results[2]?.rows[0]?.abalance };
}

let keySeq = 0;

/**
 * add-car-instance's SQL with nothing of ours around it: the two prepared calls on one pooled
 * connection, the collector named by its token (hashed, not verified), the car by the body.
 */
async function changeCalls(pool: pg.Pool, token: string, carId: string): Promise<unknown> {
  const userId = `bare-${createHash('sha1').update(token).digest('hex').slice(0, 20)}`;
  const key = `bare:${process.pid}:${keySeq++}`;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{
      read: { version: number | null; totalCarCount: number | null };
    }>({
      ...READ_STATEMENT,
      // No settings, no capped list to count: an add-car-instance's read.
      values: [userId, [key], [carId], [], [key], [], false, 0],
    });
    const read = rows[0]?.read;
    const totalCarCount = (read?.totalCarCount ?? 0) + 1;
    const body = { ok: true, instanceId: key, totalCarCount, totalSetCount: 0 };
    const diff = {
      keys: [{ key, requestHash: key, status: 200, body }],
      budget: {
        units: 1,
        capacity: WRITE_BUDGET_CAPACITY,
        refillPerSecond: WRITE_BUDGET_REFILL_PER_SECOND,
      },
      profile: { totalCarCount },
      insertCarInstances: [
        {
          carId,
          instanceId: key,
          condition: 'carded',
          grade: 'Good',
          notes: '',
          purchasePlace: '',
          purchasePrice: 0,
          purchaseDate: null,
          dateAdded: new Date().toISOString(),
        },
      ],
    };
    const applied = await client.query<{ applied: boolean }>({
      ...APPLY_STATEMENT,
      values: [userId, read?.version ?? null, JSON.stringify(diff)],
    });
    if (applied.rows[0]?.applied !== true) throw new Error('the state version moved');
    return body;
  } finally {
    client.release();
  }
}

function serve(): void {
  const pool =
    mode === 'answer'
      ? null
      : new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
  const server = createServer((request, response) => {
    const answer = async () => {
      const args = JSON.parse(await readBody(request)) as { carId: string };
      const body = !pool
        ? { ok: true }
        : mode === 'pgbench'
          ? await pgbenchTransaction(pool)
          : await changeCalls(pool, request.headers.authorization ?? '', args.carId);
      const text = JSON.stringify(body);
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    };
    answer().catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  });
  server.listen(port, '127.0.0.1', () => process.send?.('listening'));
}

if (cluster.isPrimary) {
  let listening = 0;
  for (let index = 0; index < workers; index++) {
    cluster.fork().on('message', () => {
      if (++listening === workers) console.log('listening');
    });
  }
  process.on('SIGINT', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  serve();
}
