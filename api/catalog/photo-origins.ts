// The origins the catalogue's photos come from (https://static.wikia.nocookie.net for the shipped
// catalogue; a local image server in tests): the shell's CSP allows these and no other host, so
// the page shows and keeps them and the worker caches them. Read per catalogue version.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { readCatalogVersion } from './catalog-snapshot';

/** More hosts than this is not a catalogue but a list of the web: the rest are left out. */
export const MAX_PHOTO_ORIGINS = 20;

/**
 * What an origin may look like to enter the CSP: a hostname of letters, digits, dots and hyphens
 * and an optional port. WHATWG URLs allow `;`, `'` and `*` in a host, and the catalogue comes from
 * a public wiki: `https://x.example;sandbox/a.jpg` would otherwise add a directive to the page.
 */
const WELL_FORMED_ORIGIN = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/;

/**
 * `https://host[:port]` (or http, for a test's local image server) of a photo URL, normalised;
 * null for anything else, a host the CSP could not hold as one source included.
 */
export function photoOrigin(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return WELL_FORMED_ORIGIN.test(parsed.origin) ? parsed.origin : null;
}

export async function readPhotoOrigins(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ origin: string | null; photos: number | string }>(
    db,
    sql`SELECT substring(image from '^[A-Za-z]+://[^/?#]+') AS origin, count(*) AS photos
          FROM catalog_cars WHERE image IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  const origins: string[] = [];
  for (const row of rows) {
    const origin = row.origin === null ? null : photoOrigin(row.origin);
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins.slice(0, MAX_PHOTO_ORIGINS);
}

/** The photo origins, read again only when the catalogue's version changes (a tiny query). */
export function createPhotoOriginsCache(db: Queryable): () => Promise<string[]> {
  let cached: { version: string; origins: string[] } | null = null;
  return async () => {
    const version = await readCatalogVersion(db);
    if (cached?.version !== version) cached = { version, origins: await readPhotoOrigins(db) };
    return cached.origins;
  };
}
