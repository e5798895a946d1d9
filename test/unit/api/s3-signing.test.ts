// S3 requests are signed by aws4fetch (api/posts/s3-photo-store.ts), not by our own code. This
// pins the library to AWS's published S3 SigV4 examples with the options the store passes (a
// signed payload hash, a fixed time), so an update that changed its signing would show here.
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { describe, expect, it } from 'vitest';

const client = new AwsClient({
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  service: 's3',
  region: 'us-east-1',
});
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const signatureOf = (request: Request) =>
  /Signature=([0-9a-f]{64})/.exec(request.headers.get('authorization') ?? '')?.[1];

describe('S3 request signing (aws4fetch)', () => {
  it('reproduces the GET Object example (Range header, empty payload hash)', async () => {
    const signed = await client.sign('https://examplebucket.s3.amazonaws.com/test.txt', {
      method: 'GET',
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': sha256Hex('') },
      // aws4fetch leaves Range unsigned unless told otherwise; the example signs it.
      aws: { datetime: '20130524T000000Z', allHeaders: true },
    });
    expect(signatureOf(signed)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers.get('authorization')).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date',
    );
  });

  it('reproduces the PUT Object example (signed payload, $ in the key)', async () => {
    const payload = 'Welcome to Amazon S3.';
    const signed = await client.sign('https://examplebucket.s3.amazonaws.com/test%24file.text', {
      method: 'PUT',
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': sha256Hex(payload),
      },
      body: payload,
      aws: { datetime: '20130524T000000Z' },
    });
    expect(signatureOf(signed)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});
