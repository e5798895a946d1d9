// Early refusals over a real socket: the body the server refused is still read to its end, so
// the same keep-alive connection serves the next requests (before, a 413 said keep-alive and
// the connection was then reset). A body too big to drain gets `Connection: close` instead.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import type { PhotoStore } from '../../api/posts/photo-store';
import { DRAIN_MAX_BYTES } from '../../api/http/read-body';

let api: ApiHarness;
let server: ServerType;
let port: number;
let user: TestUser;

const memoryStore: PhotoStore = {
  put: async () => undefined,
  get: async () => null,
  delete: async () => undefined,
};

beforeAll(async () => {
  api = await createApiHarness({ photoStore: memoryStore });
  user = await api.user();
  server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 connection, answers read one at a time. */
function openConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: () => void = () => undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  const waitForData = () => new Promise<void>((resolve) => (wake = resolve));

  async function response(): Promise<RawResponse> {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(statusLine?.split(' ')[1]), headers, body };
        }
      }
      if (closed) throw new Error('the server closed the connection');
      await waitForData();
    }
  }

  return {
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send(head: string, body?: Buffer) {
      socket.write(head);
      if (body) socket.write(body);
    },
    response,
    isClosed: () => closed,
    waitForClose: async () => {
      while (!closed) await waitForData();
    },
    destroy: () => socket.destroy(),
  };
}

async function threeMoreRequests(connection: ReturnType<typeof openConnection>) {
  for (let i = 0; i < 3; i++) {
    connection.send(`GET /api/all-sets HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const answer = await connection.response();
    expect(answer.status).toBe(200);
    expect(answer.headers['x-diecast-api']).toBe('1');
  }
  expect(connection.isClosed()).toBe(false);
}

describe('keep-alive after an early refusal', () => {
  it('a 2 MB JSON body is refused 413 and the same connection then serves three requests', async () => {
    const connection = openConnection();
    await connection.connected;
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    connection.send(
      `POST /api/collection/add-car-instance HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: Bearer ${user.idToken}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
    );
    const refused = await connection.response();
    expect(refused.status).toBe(413);
    expect(refused.headers['x-diecast-api']).toBe('1');
    expect(JSON.parse(refused.body)).toEqual({ error: 'Request body is larger than 1 MB' });
    await threeMoreRequests(connection);
    connection.destroy();
  });

  it('the same holds for a chunked body, a 401 before the body is needed, and an unknown route', async () => {
    const connection = openConnection();
    await connection.connected;
    const chunk = Buffer.alloc(1024 * 1024, 'b');
    const chunked = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from(`\r\n${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    connection.send(
      `POST /api/sync/push HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.idToken}\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunked,
    );
    expect((await connection.response()).status).toBe(413);
    const half = Buffer.alloc(512 * 1024, 'c');
    connection.send(
      `POST /api/sync/push HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${half.length}\r\n\r\n`,
      half,
    );
    expect((await connection.response()).status).toBe(401);
    connection.send(
      `POST /api/nothing-here HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${half.length}\r\n\r\n`,
      half,
    );
    expect((await connection.response()).status).toBe(404);
    await threeMoreRequests(connection);
    connection.destroy();
  });

  it('a 6 MB photo is refused 413 and the connection stays usable', async () => {
    const connection = openConnection();
    await connection.connected;
    const photo = Buffer.alloc(6 * 1024 * 1024, 0);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    connection.send(
      `PUT /api/photos/too-big HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.idToken}\r\n` +
        `Content-Length: ${photo.length}\r\n\r\n`,
      photo,
    );
    expect((await connection.response()).status).toBe(413);
    await threeMoreRequests(connection);
    connection.destroy();
  });

  it('a body too big to drain is refused at once with Connection: close', async () => {
    const connection = openConnection();
    await connection.connected;
    connection.send(
      `POST /api/sync/push HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${DRAIN_MAX_BYTES + 1}\r\n\r\n`,
    );
    const refused = await connection.response();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-diecast-api']).toBe('1');
    await connection.waitForClose();
  });
});
