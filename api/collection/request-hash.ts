// A payload fingerprint for idempotency keys: the same key with another payload is refused.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so {a,b} and {b,a} hash alike. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(name: string, args: unknown): string {
  return createHash('sha256').update(name).update('\n').update(stableStringify(args)).digest('hex');
}
