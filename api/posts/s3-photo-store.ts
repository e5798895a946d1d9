// The production PhotoStore: any S3-compatible object store (AWS S3, MinIO, Cloudflare R2,
// Backblaze B2, Ceph), spoken to with fetch, each request signed with SigV4 by aws4fetch (a
// small, well-kept signer rather than our own). Path-style URLs, `${endpoint}/${bucket}/${key}`,
// because every one of those stores accepts them.
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { PhotoStore } from './photo-store';

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
/** The payload hash of a request without a body (GET, DELETE). */
const EMPTY_PAYLOAD_HASH = sha256Hex(new Uint8Array());

/**
 * RFC 3986 encoding of a path segment: everything but A-Z a-z 0-9 - . _ ~ as %XX (upper case).
 * encodeURIComponent leaves ! ' ( ) * alone, so those are done here.
 */
function awsUriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** aws4fetch's datetime form: 20130524T000000Z. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

export interface S3PhotoStoreOptions {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  /** 'us-east-1' unless the store says otherwise (R2: 'auto'). */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request, reading the body included. */
  timeoutMs?: number;
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The <Code> of an S3 error body, when there is one. */
function errorCode(xml: string): string | null {
  return /<Code>([^<]{1,100})<\/Code>/.exec(xml)?.[1] ?? null;
}

export function s3PhotoStore(options: S3PhotoStoreOptions): PhotoStore {
  const base = options.endpoint.replace(/\/+$/, '');
  const region = options.region ?? 'us-east-1';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const signer = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region,
  });

  const urlOf = (key: string) => {
    const segments = key.split('/');
    // URL parsing would fold '.' and '..' segments away, and an empty key names the bucket.
    if (!key || segments.some((segment) => segment === '.' || segment === '..')) {
      throw new Error(`Unsafe photo key: ${key}`);
    }
    return new URL(
      `${base}/${awsUriEncode(options.bucket)}/${segments.map(awsUriEncode).join('/')}`,
    );
  };

  /** One signed request; `handle` reads the response within the same timeout. */
  async function send<T>(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body: { bytes: Uint8Array; contentType: string } | null,
    handle: (response: Response, what: string) => Promise<T>,
  ): Promise<T> {
    const url = urlOf(key);
    // The payload is hashed into the signature (S3 checks it), not sent UNSIGNED-PAYLOAD.
    const payloadHash = body ? sha256Hex(body.bytes) : EMPTY_PAYLOAD_HASH;
    const signed = await signer.sign(url.toString(), {
      method,
      headers: {
        'x-amz-content-sha256': payloadHash,
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      aws: { datetime: amzDate(now()) },
    });
    const what = `S3 ${method} ${options.bucket}/${key}`;
    try {
      const response = await fetch(url, {
        method,
        headers: signed.headers,
        body: body ? (body.bytes as Uint8Array<ArrayBuffer>) : undefined,
        // A redirect (wrong region, say) is an answer to report, not to follow with this signature.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return await handle(response, what);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`${what} timed out after ${timeoutMs} ms`, { cause: error });
      }
      if (error instanceof TypeError && error.message === 'fetch failed') {
        const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new Error(`${what} could not reach ${base}${cause}`, { cause: error });
      }
      throw error;
    }
  }

  async function failure(what: string, response: Response, text?: string): Promise<Error> {
    const body = text ?? (await response.text().catch(() => ''));
    const code = errorCode(body) ?? response.statusText;
    return new Error(`${what} failed: ${response.status}${code ? ` ${code}` : ''}`);
  }

  /** 404 means "no such object" unless the store says the bucket itself is missing. */
  async function absent(what: string, response: Response): Promise<boolean> {
    if (response.status !== 404) return false;
    const text = await response.text().catch(() => '');
    if (errorCode(text) === 'NoSuchBucket') throw await failure(what, response, text);
    return true;
  }

  return {
    async put(key, bytes, contentType) {
      await send('PUT', key, { bytes, contentType }, async (response, what) => {
        if (!response.ok) throw await failure(what, response);
        await response.arrayBuffer();
      });
    },
    async get(key) {
      return send('GET', key, null, async (response, what) => {
        if (await absent(what, response)) return null;
        if (!response.ok) throw await failure(what, response);
        return {
          bytes: new Uint8Array(await response.arrayBuffer()),
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        };
      });
    },
    async delete(key) {
      await send('DELETE', key, null, async (response, what) => {
        if (await absent(what, response)) return;
        if (!response.ok) throw await failure(what, response);
        await response.arrayBuffer();
      });
    },
  };
}
