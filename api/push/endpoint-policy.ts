// Where the server may send a Web Push message. A push endpoint is a URL a client hands us and
// we later POST to on its behalf, so it must never point into our own network: private,
// loopback, link-local (cloud metadata at 169.254.169.254) and other special addresses are
// refused in every mode; in production only the real push services' hosts are accepted. The
// one exception is an explicit test flag that lets tests use a fake push service on loopback.
import { BlockList, isIP } from 'node:net';

/** The push services browsers hand out endpoints on (FCM, Mozilla autopush, Apple, Windows). */
export const PUSH_SERVICE_HOSTS: readonly (string | RegExp)[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

export interface EndpointPolicy {
  /** Production: only PUSH_SERVICE_HOSTS. */
  production: boolean;
  /** Tests only, never with production: http(s) to a loopback address (a fake push service). */
  allowLoopback: boolean;
}

/** The test flag counts only outside production (parseEnv refuses the two together anyway). */
export const loopbackAllowed = (policy: EndpointPolicy) =>
  policy.allowLoopback && !policy.production;

/** Addresses no push service has: this machine, private networks, link-local, and the like. */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (checked by its IPv4 part too)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address an IPv6 one carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), or null. */
function embeddedIpv4(address: string): string | null {
  const dotted = /(?:^|:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export type AddressKind = 'public' | 'loopback' | 'forbidden';

/** What an IP address is, for sending: public, this machine, or another special address. */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0] as string;
  const family = isIP(bare);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(bare, type)) return 'loopback';
  if (forbidden.check(bare, type)) return 'forbidden';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== null && v4 !== bare) return addressKind(v4);
  }
  return 'public';
}

/** Names that mean this machine or a cloud's internal services, whatever DNS says. */
function isInternalName(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local') ||
    host === 'metadata' ||
    host === 'instance-data' ||
    !host.includes('.')
  );
}

const onAllowList = (host: string) =>
  PUSH_SERVICE_HOSTS.some((allowed) =>
    typeof allowed === 'string' ? host === allowed : allowed.test(host),
  );

/** Why the server must not send to `endpoint`, or null when it may. */
export function endpointProblem(endpoint: string, policy: EndpointPolicy): string | null {
  if (!URL.canParse(endpoint)) return 'must be a URL';
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const literal = isIP(host.replace(/^\[|\]$/g, '')) !== 0;
  const kind = literal ? addressKind(host) : isInternalName(host) ? 'named-internal' : 'public';
  if (loopbackAllowed(policy) && (kind === 'loopback' || host === 'localhost')) return null;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (kind !== 'public') {
    return 'must be a push service on the internet, not a private, loopback or link-local address';
  }
  if (policy.production && !onAllowList(host)) {
    return 'must be on a known push service (FCM, Mozilla, Apple or Windows)';
  }
  return null;
}
