// Sends one push request over node:http(s) and answers the push service's status. The address
// is checked where it is used, after DNS: a name that resolves into our own network (a rebinding
// or a hostile DNS record) is refused by the lookup itself, before any connection is opened.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressKind, loopbackAllowed, type EndpointPolicy } from './endpoint-policy';

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/** Delivers one request; answers the HTTP status, or throws when it could not be sent. */
export type PushTransport = (request: PushRequest) => Promise<number>;

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/** dns.lookup, but only to addresses the policy allows (loopback only with the test flag). */
export function guardedLookup(policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const allowed = list.filter((entry) => {
        const kind = addressKind(entry.address);
        return kind === 'public' || (kind === 'loopback' && loopbackAllowed(policy));
      });
      const first = allowed[0];
      if (!first) {
        const refused = new RefusedAddressError(
          `${hostname} resolves to ${list.map((entry) => entry.address).join(', ')}: not a public address`,
        );
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, allowed as unknown as string, 0);
      callback(null, first.address, first.family);
    });
  };
}

export function guardedTransport(policy: EndpointPolicy, timeoutMs: number): PushTransport {
  const lookup = guardedLookup(policy);
  return (push) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(push.endpoint);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: push.method,
          headers: push.body
            ? { ...push.headers, 'content-length': String(push.body.byteLength) }
            : push.headers,
          lookup,
          timeout: timeoutMs,
          // One request per device and message: no pooled sockets to a push service we do not know.
          agent: false,
        },
        (response) => {
          // Only the status matters; the body is read and dropped so the socket is released.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      // The whole exchange, not just the connection, has a deadline.
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.end(push.body ?? undefined);
    });
}
