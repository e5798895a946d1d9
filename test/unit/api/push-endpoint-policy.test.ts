// Where push messages may go: never into our own network (private, loopback, link-local,
// metadata), in production only to the real push services, loopback only with the test flag.
// Nothing here opens a connection: the lookup guard is checked with 'localhost'.
import { describe, expect, it } from 'vitest';
import {
  addressKind,
  endpointProblem,
  type EndpointPolicy,
} from '../../../api/push/endpoint-policy';
import { guardedLookup, RefusedAddressError } from '../../../api/push/push-transport';

const development: EndpointPolicy = { production: false, allowLoopback: false };
const production: EndpointPolicy = { production: true, allowLoopback: false };
const tests: EndpointPolicy = { production: false, allowLoopback: true };

const internal = [
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/x',
  'https://[::ffff:a9fe:a9fe]/x',
  'https://10.0.0.1/x',
  'https://10.255.255.255/x',
  'https://172.16.5.4/x',
  'https://192.168.1.1/x',
  'https://100.64.0.1/x',
  'https://0.0.0.0/x',
  'https://[fd00::1]/x',
  'https://[fe80::1]/x',
  'https://[::]/x',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/x',
  'https://printer.local/x',
  'https://intranet/x',
  'https://api.localhost/x',
];
const thisMachine = [
  'https://127.0.0.1/x',
  'http://127.0.0.1:9/x',
  'https://127.1.2.3/x',
  'https://[::1]/x',
  'https://2130706433/x',
  'https://0x7f.0.0.1/x',
  'https://localhost/x',
];
const pushServices = [
  'https://fcm.googleapis.com/fcm/send/abc:def',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
  'https://web.push.apple.com/QGw4b3ZQ',
  'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
];

describe('the push endpoint policy', () => {
  it.each([...internal, ...thisMachine])('refuses %s in development and production', (url) => {
    expect(endpointProblem(url, development)).toMatch(
      url.startsWith('http:') ? /https/ : /not a private, loopback or link-local/,
    );
    expect(endpointProblem(url, production)).not.toBeNull();
  });

  it.each(internal)('refuses %s even with the loopback test flag', (url) => {
    expect(endpointProblem(url, tests)).not.toBeNull();
  });

  it.each(thisMachine)('accepts %s only with the loopback test flag', (url) => {
    expect(endpointProblem(url, tests)).toBeNull();
    expect(endpointProblem(url, { production: true, allowLoopback: true })).not.toBeNull();
  });

  it.each(pushServices)('accepts the push service %s in production', (url) => {
    expect(endpointProblem(url, production)).toBeNull();
  });

  it.each([
    'https://push.example.com/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.services.mozilla.com.example/x',
    'https://8.8.8.8/x',
  ])('refuses %s in production: not a known push service', (url) => {
    expect(endpointProblem(url, production)).toMatch(/known push service/);
  });

  it('wants https (http only for the test loopback), a URL, and no credentials', () => {
    expect(endpointProblem('http://push.example.com/x', development)).toMatch(/https/);
    expect(endpointProblem('javascript:alert(1)', development)).toMatch(/https/);
    expect(endpointProblem('push-me', development)).toBe('must be a URL');
    expect(endpointProblem('https://u:p@fcm.googleapis.com/x', production)).toMatch(/credentials/);
  });

  it('classifies addresses, IPv4 inside IPv6 included', () => {
    expect(addressKind('8.8.8.8')).toBe('public');
    expect(addressKind('2606:4700::1111')).toBe('public');
    expect(addressKind('127.0.0.1')).toBe('loopback');
    expect(addressKind('::1')).toBe('loopback');
    expect(addressKind('::ffff:10.1.2.3')).toBe('forbidden');
    expect(addressKind('64:ff9b::a9fe:a9fe')).toBe('forbidden');
    expect(addressKind('not-an-ip')).toBe('forbidden');
  });
});

describe('the DNS guard of the push transport', () => {
  const resolve = (policy: EndpointPolicy, host: string) =>
    new Promise<{ error: Error | null; address: string }>((done) =>
      guardedLookup(policy)(host, {}, (error, address) =>
        done({ error, address: String(address) }),
      ),
    );

  it('refuses a name that resolves to this machine, before any connection', async () => {
    const { error } = await resolve(development, 'localhost');
    expect(error).toBeInstanceOf(RefusedAddressError);
    expect(error?.message).toMatch(/not a public address/);
  });

  it('lets it through only with the loopback test flag', async () => {
    const { error, address } = await resolve(tests, 'localhost');
    expect(error).toBeNull();
    expect(addressKind(address)).toBe('loopback');
  });
});
