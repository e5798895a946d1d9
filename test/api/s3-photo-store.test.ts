// The S3-compatible PhotoStore against a FAKE S3 server (test/fixtures/fake-s3.ts) that checks
// every request's SigV4 signature with its own code: round trips, absent keys, S3's errors
// surfaced with their code, timeouts, and the whole photo flow through the app.
import { photoKey } from '../../api/posts/photo-key';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3PhotoStore, type S3PhotoStoreOptions } from '../../api/posts/s3-photo-store';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { startFakeS3, type FakeS3 } from '../fixtures/fake-s3';

/** A real 1×1 orange PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4nyUMAAPoAX0yBc5MAAAAAElFTkSuQmCC',
  'base64',
);

let fake: FakeS3;

beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(async () => {
  await fake.close();
});

const storeFor = (fake: FakeS3, overrides: Partial<S3PhotoStoreOptions> = {}) =>
  s3PhotoStore({
    endpoint: fake.endpoint,
    bucket: fake.bucket,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    ...overrides,
  });

describe('s3PhotoStore', () => {
  it('puts, gets and deletes an object with its content type, signed as S3 checks', async () => {
    const store = storeFor(fake);
    // Photo keys are `${userId}_${photoId}`; ':' and '~' may appear in either.
    const key = `uid_${randomUUID()}:1~a`;
    await store.put(key, PNG, 'image/png');
    expect(fake.objects.get(key)).toEqual({ bytes: PNG, contentType: 'image/png' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/${fake.bucket}/${key.replace(':', '%3A')}`,
      status: 200,
    });

    const got = await store.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.from(got?.bytes ?? [])).toEqual(PNG);

    await store.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // deleting what is not there is fine
  });

  it('answers null for a key that is not there', async () => {
    expect(await storeFor(fake).get(`missing_${randomUUID()}`)).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ status: 404, code: 'NoSuchKey' });
  });

  it('takes an endpoint written with a trailing slash', async () => {
    const store = storeFor(fake, { endpoint: `${fake.endpoint}/` });
    const key = `slash_${randomUUID()}`;
    await store.put(key, PNG, 'image/png');
    expect(fake.requests.at(-1)?.path).toBe(`/${fake.bucket}/${key}`);
  });

  it('throws SignatureDoesNotMatch for a wrong secret, without showing the secret', async () => {
    const secret = 'not-the-secret/at+all';
    const store = storeFor(fake, { secretAccessKey: secret });
    const key = `wrong_${randomUUID()}`;
    const error = await store.put(key, PNG, 'image/png').then(
      () => null,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toBe(`S3 PUT ${fake.bucket}/${key} failed: 403 SignatureDoesNotMatch`);
    expect(error?.message).not.toContain(secret);
    expect(fake.objects.has(key)).toBe(false);
    await expect(store.get(key)).rejects.toThrow('403 SignatureDoesNotMatch');
    await expect(store.delete(key)).rejects.toThrow('403 SignatureDoesNotMatch');
  });

  it('throws with the status and S3 code of any other error', async () => {
    const store = storeFor(fake);
    await expect(
      storeFor(fake, { accessKeyId: 'SOMEONEELSE' }).get(`k_${randomUUID()}`),
    ).rejects.toThrow('403 InvalidAccessKeyId');
    fake.failNext(500, 'InternalError');
    await expect(store.put(`k_${randomUUID()}`, PNG, 'image/png')).rejects.toThrow(
      '500 InternalError',
    );
    fake.failNext(503, 'SlowDown');
    await expect(store.get(`k_${randomUUID()}`)).rejects.toThrow('503 SlowDown');
    fake.failNext(403, 'AccessDenied');
    await expect(store.delete(`k_${randomUUID()}`)).rejects.toThrow('403 AccessDenied');
  });

  it('treats a missing bucket as an error, not as a missing photo', async () => {
    const store = storeFor(fake, { bucket: 'no-such-bucket' });
    await expect(store.get(`k_${randomUUID()}`)).rejects.toThrow(
      /^S3 GET no-such-bucket\/k_.* failed: 404 NoSuchBucket$/,
    );
    await expect(store.delete(`k_${randomUUID()}`)).rejects.toThrow('404 NoSuchBucket');
  });

  it('gives up after its timeout', async () => {
    fake.stallNext();
    await expect(storeFor(fake, { timeoutMs: 200 }).get(`k_${randomUUID()}`)).rejects.toThrow(
      /timed out after 200 ms/,
    );
  });

  it('says which endpoint it could not reach', async () => {
    const gone = await startFakeS3();
    await gone.close();
    await expect(storeFor(gone).get('k')).rejects.toThrow(
      `S3 GET ${gone.bucket}/k could not reach ${gone.endpoint}`,
    );
  });

  it('refuses keys that a URL would fold away', async () => {
    const store = storeFor(fake);
    await expect(store.get('')).rejects.toThrow('Unsafe photo key');
    await expect(store.get('a/../b')).rejects.toThrow('Unsafe photo key');
  });
});

describe('photos through the app on the S3-compatible store', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await createApiHarness({ photoStore: storeFor(fake) });
  });
  afterAll(async () => {
    await api.close();
  });

  it('uploads a PNG and serves the same bytes and type back from the store', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', {
      username: `s3${randomUUID().slice(0, 8)}`,
    });
    const photoId = randomUUID();
    const put = await api.app.request(`/api/photos/${photoId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.idToken}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(put.status).toBe(201);
    expect(fake.objects.get(photoKey(user.uid, photoId))?.contentType).toBe('image/png');

    const served = await api.app.request(`/api/photos/${user.uid}/${photoId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });
});
