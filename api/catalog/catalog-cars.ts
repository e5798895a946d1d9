// Catalogue rows by id, for the reads that name cars (POST /api/collection/details).
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { catalogCars } from '../db/schema';

export type CatalogCarRow = typeof catalogCars.$inferSelect;

/** The catalogue rows of these car ids (unknown ids are simply absent). */
export async function catalogCarsByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<CatalogCarRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(catalogCars)
    .where(inArray(catalogCars.id, [...ids]));
}
