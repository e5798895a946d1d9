// AWS Signature Version 4 against AWS's own published examples: the IAM ListUsers walk-through
// (IAM User Guide, "Create a signed AWS API request") and the four examples of the S3 API
// Reference page "Signature Calculations for the Authorization Header: Transferring Payload in a
// Single Chunk" (GET Object, PUT Object, GET Bucket Lifecycle, Get Bucket (List Objects)).
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYLOAD_HASH,
  amzDate,
  awsUriEncode,
  sha256Hex,
  signRequest,
} from '../../../api/posts/aws-sigv4';

describe('signRequest', () => {
  it('reproduces the IAM ListUsers example', () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        credentials: {
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        },
        region: 'us-east-1',
        service: 'iam',
        now: new Date('2015-08-30T12:36:00Z'),
      },
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        'Action=ListUsers&Version=2010-05-08',
        'content-type:application/x-www-form-urlencoded; charset=utf-8',
        'host:iam.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'content-type;host;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.signature).toBe(
      '5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
    expect(signed.headers).toMatchObject({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    });
    expect(signed.headers).not.toHaveProperty('host');
  });

  it('reproduces the S3 GET Object example (Range header, empty payload hash)', () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        credentials: {
          accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        },
        region: 'us-east-1',
        service: 's3',
        now: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  // The other three examples on the same S3 page: a signed payload and a key with '$' (PUT), a
  // sorted query (ListObjects) and a parameter without a value (GET ?lifecycle).
  const s3Example = {
    credentials: {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
    region: 'us-east-1',
    service: 's3',
    now: new Date('2013-05-24T00:00:00Z'),
  };

  it('reproduces the S3 PUT Object example (payload hash, $ in the key)', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest(
      {
        method: 'PUT',
        url: new URL(`https://examplebucket.s3.amazonaws.com/${awsUriEncode('test$file.text')}`),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
        payloadHash,
      },
      s3Example,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signed.signature).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it.each([
    [
      '?max-keys=2&prefix=J',
      'max-keys=2&prefix=J',
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    ],
    [
      '?lifecycle',
      'lifecycle=',
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    ],
  ])('reproduces the S3 bucket example GET /%s', (search, query, signature) => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL(`https://examplebucket.s3.amazonaws.com/${search}`),
        headers: { 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      s3Example,
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe(query);
    expect(signed.signature).toBe(signature);
  });

  it('signs host and x-amz-date itself, whatever copies the caller passed', () => {
    const signed = signRequest(
      {
        method: 'delete',
        url: new URL('http://127.0.0.1:9000/photos/a'),
        headers: {
          Host: 'elsewhere',
          'X-Amz-Date': '19990101T000000Z',
          'x-amz-meta-a': '  two   words ',
        },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      s3Example,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'DELETE',
        '/photos/a',
        '',
        'host:127.0.0.1:9000',
        'x-amz-date:20130524T000000Z',
        'x-amz-meta-a:two words',
        '',
        'host;x-amz-date;x-amz-meta-a',
        EMPTY_PAYLOAD_HASH,
      ].join('\n'),
    );
    expect(Object.keys(signed.headers).sort()).toEqual([
      'authorization',
      'x-amz-date',
      'x-amz-meta-a',
    ]);
  });
});

describe('the SigV4 helpers', () => {
  it('encode everything but unreserved characters, upper-case hex', () => {
    expect(awsUriEncode("uid_a:b~c-d.e!'()* /é")).toBe(
      'uid_a%3Ab~c-d.e%21%27%28%29%2A%20%2F%C3%A9',
    );
  });

  it('write the date in the basic ISO 8601 form', () => {
    expect(amzDate(new Date('2015-08-30T12:36:00.987Z'))).toBe('20150830T123600Z');
  });
});
