// AWS Signature Version 4 for a request sent with plain fetch (no AWS SDK): canonical request →
// string to sign → derived signing key → Authorization header. S3 and every S3-compatible store
// (MinIO, R2, Backblaze B2, Ceph) check exactly this.
// https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
import { createHash, createHmac } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

export const sha256Hex = (data: string | Uint8Array) =>
  createHash('sha256').update(data).digest('hex');

/** The payload hash of a request without a body (GET, DELETE). */
export const EMPTY_PAYLOAD_HASH = sha256Hex('');

/**
 * RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ as %XX (upper case).
 * encodeURIComponent leaves ! ' ( ) * alone, so those are done here.
 */
export function awsUriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** 2015-08-30T12:36:00.123Z → 20150830T123600Z */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignableRequest {
  method: string;
  /**
   * Its path is used as given, so it must already be encoded as it goes on the wire. S3 wants
   * each segment encoded once (awsUriEncode); other services want it encoded twice.
   */
  url: URL;
  /** Headers to sign besides host and x-amz-date, which are always signed (x-amz-date is set). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_PAYLOAD_HASH without one), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
}

export interface SignOptions {
  credentials: SigV4Credentials;
  region: string;
  service: string;
  now: Date;
}

export interface SignedRequest {
  /** The given headers plus x-amz-date and authorization (not host: fetch sets it from the URL). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [awsUriEncode(name), awsUriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Lower-case names, sorted; values trimmed with inner runs of spaces made one. */
function canonicalHeaders(headers: Record<string, string>): { lines: string; signed: string } {
  const byName = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const values = byName.get(lower) ?? [];
    values.push(value.trim().replace(/\s+/g, ' '));
    byName.set(lower, values);
  }
  const names = [...byName.keys()].sort();
  return {
    lines: names.map((name) => `${name}:${byName.get(name)?.join(',')}\n`).join(''),
    signed: names.join(';'),
  };
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string) {
  const hmac = (key: string | Buffer, data: string) =>
    createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

/** Set by signRequest itself: a copy among the given headers is dropped. */
const SET_HERE = new Set(['host', 'x-amz-date', 'authorization']);

export function signRequest(request: SignableRequest, options: SignOptions): SignedRequest {
  const timestamp = amzDate(options.now);
  const day = timestamp.slice(0, 8);
  const given = Object.entries(request.headers).filter(
    ([name]) => !SET_HERE.has(name.toLowerCase()),
  );
  const headers: Record<string, string> = { ...Object.fromEntries(given), 'x-amz-date': timestamp };
  const canonical = canonicalHeaders({ ...headers, host: request.url.host });
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    canonical.lines,
    canonical.signed,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${options.region}/${options.service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac(
    'sha256',
    signingKey(options.credentials.secretAccessKey, day, options.region, options.service),
  )
    .update(stringToSign)
    .digest('hex');
  return {
    headers: {
      ...headers,
      authorization: `${SIGV4_ALGORITHM} Credential=${options.credentials.accessKeyId}/${scope}, SignedHeaders=${canonical.signed}, Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}
