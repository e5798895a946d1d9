// Reading a request body with a cap, to its end: an answer given while the client is still
// sending would leave the rest of the body on a keep-alive connection, and the next request
// on it would be read from the middle of this one (the server then resets it). So a body over
// the cap is still read and thrown away up to DRAIN_MAX_BYTES; only beyond that is the
// connection given up (the answer says `Connection: close`).

/** Read and thrown away after a refusal; a bigger body costs the client a new connection. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

export type BodyRead =
  | { kind: 'ok'; bytes: Uint8Array }
  /** Over `max`: nothing kept. `drained`: read to its end, so the connection can be reused. */
  | { kind: 'too-large'; drained: boolean };

/** The body's Content-Length, unless absent, chunked or not a length. */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get('content-length');
  if (header === null || request.headers.has('transfer-encoding')) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** The whole body if it is at most `max` bytes; else 'too-large' once it has been drained. */
export async function readBody(request: Request, max: number): Promise<BodyRead> {
  const declared = declaredLength(request);
  if (declared !== null && declared > DRAIN_MAX_BYTES) return { kind: 'too-large', drained: false };
  if (!request.body) return { kind: 'ok', bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      return { kind: 'too-large', drained: false };
    }
    // Past the cap the bytes are only counted, never kept.
    if (size <= max) parts.push(value);
  }
  return size > max
    ? { kind: 'too-large', drained: true }
    : { kind: 'ok', bytes: concat(parts, size) };
}

/** Reads what is left of a body nobody read (an early refusal) and throws it away. */
export async function drainBody(request: Request): Promise<{ drained: boolean }> {
  // bodyUsed first: a body already read needs no web stream made for it (see body-guard.ts).
  if (request.bodyUsed || !request.body) return { drained: true };
  const read = await readBody(request, 0);
  return { drained: read.kind === 'ok' || read.drained };
}
