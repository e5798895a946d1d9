// Which address the server listens on, how its startup line names it, and the warning when a
// server that trusts unsigned emulator tokens can be reached from other machines.
import { BlockList, isIP } from 'node:net';
import type { Env } from '../env';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True when only this machine can connect to `host` (unset means every address). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  if (host.toLowerCase() === 'localhost') return true;
  const family = isIP(host);
  if (family === 0) return false;
  return loopback.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** The startup line's words for where the server listens. */
export function listeningOn(env: Pick<Env, 'HOST'>): string {
  if (env.HOST === undefined) return 'listening on every address';
  return isLoopbackHost(env.HOST)
    ? `listening on ${env.HOST}: this machine only`
    : `listening on ${env.HOST}`;
}

/**
 * One line when the server trusts unsigned emulator tokens (a demo-* project outside production)
 * on an address other machines can reach: anyone on that network can then act as any collector.
 */
export function openDemoWarning(
  env: Pick<Env, 'HOST' | 'hostedFirebase' | 'production'>,
): string | null {
  if (env.hostedFirebase || env.production || isLoopbackHost(env.HOST)) return null;
  return `Warning: HOST=${env.HOST ?? '(every address)'} with a demo-* project: this server trusts unsigned emulator tokens, so anyone who can reach it can sign in as any collector. Unset HOST to keep it on this machine.`;
}
