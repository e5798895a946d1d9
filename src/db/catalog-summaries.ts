// What a collection row shows of a catalogue car or set, read from the catalogue in memory and
// cached per catalogue value; a car or set the catalogue lacks still shows, marked unknown.
import type { Brand, CatalogSet, HuntType } from '../shared/catalog/types';
import type { GarageDb } from './garage-db';
import type { CarRow } from './catalog-index';

/** What a collection row shows of a catalogue car; `known` is false until the catalogue has it. */
export interface CarSummary {
  id: string;
  known: boolean;
  name: string;
  year: number | null;
  series: string | null;
  seriesNumber: string | null;
  brand: Brand | null;
  huntType: HuntType | null;
  image: string | null;
  setId: string | null;
}

export interface SetSummary {
  id: string;
  known: boolean;
  name: string;
  series: string | null;
  year: number | null;
  brand: Brand | null;
  carIds: string[];
}

function carSummary(row: CarRow): CarSummary {
  return {
    id: row.id,
    known: true,
    name: row.name,
    year: row.year,
    series: row.series,
    seriesNumber: row.seriesNumber,
    brand: row.brand,
    huntType: row.huntType,
    image: row.image,
    setId: row.setId,
  };
}

export function unknownCar(id: string): CarSummary {
  return {
    id,
    known: false,
    name: id,
    year: null,
    series: null,
    seriesNumber: null,
    brand: null,
    huntType: null,
    image: null,
    setId: null,
  };
}

export function setSummary(set: CatalogSet): SetSummary {
  return {
    id: set.id,
    known: true,
    name: set.name,
    series: set.series,
    year: set.year,
    brand: set.brand,
    carIds: set.carIds,
  };
}

export function unknownSet(id: string): SetSummary {
  return { id, known: false, name: id, series: null, year: null, brand: null, carIds: [] };
}

/**
 * Summaries of catalogue cars, from the catalogue in memory; one summary per car is kept with
 * the catalogue version it came from, so a 10,000-car collection builds them once, not on every
 * change, and a new catalogue can never be shown through old summaries.
 */
const summaryCaches = new WeakMap<object, Map<string, CarSummary>>();

export async function carSummaries(
  db: GarageDb,
  carIds: readonly string[],
): Promise<Map<string, CarSummary>> {
  const catalog = await db.catalog.current();
  const key = catalog ?? db;
  let known = summaryCaches.get(key);
  if (!known) {
    known = new Map();
    summaryCaches.set(key, known);
  }
  const out = new Map<string, CarSummary>();
  for (const id of carIds) {
    let summary = known.get(id);
    if (!summary) {
      const row = catalog?.car(id);
      summary = row ? carSummary(row) : unknownCar(id);
      if (row) known.set(id, summary);
    }
    out.set(id, summary);
  }
  return out;
}

export async function setSummaries(
  db: GarageDb,
  setIds: readonly string[],
): Promise<Map<string, SetSummary>> {
  const catalog = await db.catalog.current();
  const out = new Map<string, SetSummary>();
  for (const id of setIds) {
    const row = catalog?.set(id);
    out.set(id, row ? setSummary(row) : unknownSet(id));
  }
  return out;
}
