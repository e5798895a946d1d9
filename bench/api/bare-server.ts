// bench:api's HTTP ceiling: the least server there can be. node:http with no framework, no token
// check, no validation, in as many processes (node:cluster) as the real server has. Without
// DATABASE_URL it answers each POST at once; with it, each POST runs pgbench -N's transaction
// (update an account, read its balance, insert a history row) in one round trip. Run as its own
// process by http-ceiling-reference.ts; prints 'listening <port>' once every worker listens.
import cluster from 'node:cluster';
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
const workers = Number(process.env.WORKERS ?? 1);
const databaseUrl = process.env.DATABASE_URL;
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
function pgbenchTransaction(): string {
  const aid = randomInt(1, ACCOUNTS);
  const delta = randomInt(-5000, 5000);
  const tid = randomInt(1, 10);
  return `BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + ${delta} WHERE aid = ${aid};
SELECT abalance FROM pgbench_accounts WHERE aid = ${aid};
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (${tid}, 1, ${aid}, ${delta}, CURRENT_TIMESTAMP);
END;`;
}

function serve(): void {
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE }) : null;
  const server = createServer((request, response) => {
    const answer = async () => {
      JSON.parse(await readBody(request));
      let body: Record<string, unknown> = { ok: true };
      if (pool) {
        const results = (await pool.query(pgbenchTransaction())) as unknown as pg.QueryResult[];
        body = { ok: true, balance: results[2]?.rows[0]?.abalance };
      }
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
      if (++listening === workers) console.log(`listening ${port}`);
    });
  }
  process.on('SIGINT', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  serve();
}
