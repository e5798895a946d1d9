// A keep-alive JSON client on node:http: low overhead so the benchmark measures the server.
// Every request has a deadline: a request the server never answers fails the benchmark with its
// method and path, instead of leaving it waiting for good.
import { Agent, request, type ClientRequest } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Closes the kept-alive connections, after the server has been left idle (a reference measured
 * between its rounds): the server closes its side after its keep-alive timeout (Node's 5 s), and
 * a request sent on a connection it is closing fails with ECONNRESET ('socket hang up').
 */
export function dropIdleConnections(): void {
  agent.destroy();
}

/** Far above any answer a benchmark expects (the slowest, a 1,000-change push, takes ~1 s). */
const ANSWER_DEADLINE_MS = 60_000;

type Answer = { status: number; body: string };

function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  payload?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(url, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.setTimeout(ANSWER_DEADLINE_MS, () => {
      const path = new URL(url).pathname;
      req.destroy(new Error(`no answer to ${method} ${path} in ${ANSWER_DEADLINE_MS / 1000} s`));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return send(
    url,
    'POST',
    {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      ...headers,
    },
    payload,
  );
}

export function getJson(url: string, headers: Record<string, string>): Promise<Answer> {
  return send(url, 'GET', headers);
}

/** The middle value of `values` (in any order; the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
