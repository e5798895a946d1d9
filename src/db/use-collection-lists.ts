// The collection screens' reads: owned cars and sets joined with the catalogue, recently added
// instances, set progress, trade/sale entries, favourites and wishlists, stats and exports.
// Each is a pure async function of (db, userId), wrapped by a useLiveQuery hook.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Brand, CatalogSet, HuntType } from '../shared/catalog/types';
import {
  CONDITIONS,
  DEFAULT_CONDITION,
  DEFAULT_GRADE,
  GRADES,
  type CarInstance,
  type Collection,
  type Condition,
  type Grade,
  type SetInstance,
} from '../shared/collection/types';
import { readAllRows, rowsToCollection } from './collection-rows';
import { deviceDb } from './device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb, ListName, OwnedCarRow, OwnedSetRow } from './garage-db';
import type { CarRow } from './catalog-index';
import { emptyTotals, type OwnedCarSummaryRow, type OwnedTotalsRow } from './owned-summaries';

// ---- Catalogue summaries -----------------------------------------------------------------------

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

function unknownCar(id: string): CarSummary {
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

function setSummary(set: CatalogSet): SetSummary {
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

function unknownSet(id: string): SetSummary {
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

async function setSummaries(
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

// ---- Row reads ------------------------------------------------------------------------------------

function ownedCarRows(db: GarageDb, userId: string): Promise<OwnedCarRow[]> {
  return db.ownedCars
    .where('[userId+seq]')
    .between([userId, -Infinity], [userId, Infinity])
    .toArray();
}

function ownedSetRows(db: GarageDb, userId: string): Promise<OwnedSetRow[]> {
  return db.ownedSets
    .where('[userId+seq]')
    .between([userId, -Infinity], [userId, Infinity])
    .toArray();
}

/** The ids of every car the user owns (keys only: cheap even for 10,000 cars). */
async function ownedCarIds(db: GarageDb, userId: string): Promise<Set<string>> {
  const keys = await db.ownedCars
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .primaryKeys();
  return new Set(keys.map((key) => key[1]));
}

const latest = (instances: { dateAdded: string }[]) =>
  instances.reduce((max, i) => (i.dateAdded > max ? i.dateAdded : max), '');

/** Money is summed in whole cents, so 0.1 + 0.2 never shows as 0.30000000000000004. */
function sumPrices(instances: { purchasePrice: number }[]): number {
  let cents = 0;
  for (const instance of instances) cents += Math.round((instance.purchasePrice || 0) * 100);
  return cents / 100;
}

/** The fields every collection list sorts, groups and filters by. */
export interface Sortable {
  key: string;
  name: string;
  year: number | null;
  series: string | null;
  brand: Brand | null;
  /** Position in the series ('3/10' → 3), for series order. */
  position: number | null;
  lastAdded: string;
  seq: number;
}

function seriesPosition(seriesNumber: string | null): number | null {
  const match = seriesNumber?.match(/^\s*(\d+)/);
  return match ? Number(match[1]) : null;
}

// ---- Owned cars and sets (the /collection tabs) ----------------------------------------------

export interface OwnedCarEntry extends Sortable {
  carId: string;
  car: CarSummary;
  count: number;
  isFavorite: boolean;
  firstAdded: string;
  conditions: Condition[];
  spent: number;
}

function ownedCarEntry(summary: OwnedCarSummaryRow, car: CarSummary): OwnedCarEntry {
  return {
    key: `car:${summary.carId}`,
    carId: summary.carId,
    car,
    name: car.name,
    year: car.year,
    series: car.series,
    brand: car.brand,
    position: seriesPosition(car.seriesNumber),
    seq: summary.seq,
    count: summary.count,
    isFavorite: summary.isFavorite,
    lastAdded: summary.lastAdded,
    firstAdded: summary.firstAdded,
    conditions: Object.keys(summary.conditions) as Condition[],
    spent: summary.spentCents / 100,
  };
}

async function withCatalogue(
  db: GarageDb,
  summaries: OwnedCarSummaryRow[],
): Promise<OwnedCarEntry[]> {
  const cars = await carSummaries(
    db,
    summaries.map((row) => row.carId),
  );
  return summaries.map((row) => ownedCarEntry(row, cars.get(row.carId) ?? unknownCar(row.carId)));
}

/** Every owned car, from the summaries (instance arrays are never read), in the order. (docs/product.md) */
export async function loadOwnedCars(db: GarageDb, userId: string): Promise<OwnedCarEntry[]> {
  const summaries = await db.ownedCarSummaries
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .toArray();
  return withCatalogue(
    db,
    summaries.sort((a, b) => a.seq - b.seq),
  );
}

/**
 * The `limit` most recently added cars, in the 'Recently added' sort's order (newest instance
 * first, ties: the later-added car), read from the index in that order: what a first screenful
 * of /collection needs, at the same cost for 10 cars or 10,000.
 */
export async function loadRecentOwnedCars(
  db: GarageDb,
  userId: string,
  limit: number,
): Promise<OwnedCarEntry[]> {
  const summaries = await db.ownedCarSummaries
    .where('[userId+lastAdded+seq]')
    .between([userId, '', -Infinity], [userId, '\uffff', Infinity])
    .reverse()
    .limit(limit)
    .toArray();
  return withCatalogue(db, summaries);
}

/** The user's totals (zeros when the user has nothing on this device). */
export async function loadOwnedTotals(db: GarageDb, userId: string): Promise<OwnedTotalsRow> {
  return (await db.ownedTotals.get(userId)) ?? emptyTotals(userId);
}

export interface OwnedSetEntry extends Sortable {
  setId: string;
  set: SetSummary;
  count: number;
  /** How many of the set's cars the user owns (at least one instance). */
  carsOwned: number;
  total: number;
}

export async function loadOwnedSets(db: GarageDb, userId: string): Promise<OwnedSetEntry[]> {
  const rows = await ownedSetRows(db, userId);
  const sets = await setSummaries(
    db,
    rows.map((row) => row.setId),
  );
  // Only the cars of these sets are looked up, not the whole collection.
  const setCarIds = [...new Set([...sets.values()].flatMap((set) => set.carIds))];
  const ownedRows = await db.ownedCarSummaries.bulkGet(
    setCarIds.map((carId) => [userId, carId] as [string, string]),
  );
  const owned = new Set(setCarIds.filter((_, index) => ownedRows[index] !== undefined));
  return rows.map((row) => {
    const set = sets.get(row.setId) ?? unknownSet(row.setId);
    return {
      key: `set:${row.setId}`,
      setId: row.setId,
      set,
      name: set.name,
      year: set.year,
      series: set.series,
      brand: set.brand,
      position: null,
      seq: row.seq,
      count: row.instances.length,
      lastAdded: latest(row.instances),
      carsOwned: set.carIds.filter((id) => owned.has(id)).length,
      total: set.carIds.length,
    };
  });
}

// ---- Recently added -------------------------------------------------------------------------------

export interface RecentInstance {
  key: string;
  carId: string;
  car: CarSummary;
  instance: CarInstance;
}

/** Every car instance, newest first (ties: the later-added car, then the later instance). */
export async function loadRecentInstances(
  db: GarageDb,
  userId: string,
  limit = Infinity,
): Promise<RecentInstance[]> {
  const rows = await ownedCarRows(db, userId);
  const flat: { row: OwnedCarRow; instance: CarInstance; index: number }[] = [];
  for (const row of rows) {
    row.instances.forEach((instance, index) => flat.push({ row, instance, index }));
  }
  flat.sort(
    (a, b) =>
      (a.instance.dateAdded < b.instance.dateAdded
        ? 1
        : a.instance.dateAdded > b.instance.dateAdded
          ? -1
          : 0) ||
      b.row.seq - a.row.seq ||
      b.index - a.index,
  );
  const picked = flat.slice(0, limit);
  const cars = await carSummaries(
    db,
    picked.map((item) => item.row.carId),
  );
  return picked.map(({ row, instance }) => ({
    key: `${row.carId}/${instance.instanceId}`,
    carId: row.carId,
    car: cars.get(row.carId) ?? unknownCar(row.carId),
    instance,
  }));
}

// ---- Set progress (completed sets) ----------------------------------------------------------------

export interface SetProgress {
  key: string;
  setId: string;
  set: SetSummary;
  /** Cars of the set the user owns at least one of. */
  owned: number;
  total: number;
  /** Instances of the set itself the user owns (0 when the cars were collected one by one). */
  setInstances: number;
  complete: boolean;
}

/**
 * Sets where every car is owned, and sets in progress (at least one car or an instance of the
 * set owned): the sets of the owned cars plus the owned sets.
 */
export async function loadSetProgress(
  db: GarageDb,
  userId: string,
): Promise<{ complete: SetProgress[]; inProgress: SetProgress[] }> {
  const [owned, setRows] = await Promise.all([ownedCarIds(db, userId), ownedSetRows(db, userId)]);
  const cars = await carSummaries(db, [...owned]);
  const setIds = new Set<string>(setRows.map((row) => row.setId));
  for (const car of cars.values()) if (car.setId) setIds.add(car.setId);
  const instancesOf = new Map(setRows.map((row) => [row.setId, row.instances.length]));
  const sets = ((await db.catalog.current())?.setsOf([...setIds]) ?? []).filter(
    (set: CatalogSet) => set.carIds.length > 0,
  );
  const progress = sets.map((set): SetProgress => {
    const ownedCars = set.carIds.filter((id) => owned.has(id)).length;
    return {
      key: `set:${set.id}`,
      setId: set.id,
      set: setSummary(set),
      owned: ownedCars,
      total: set.carIds.length,
      setInstances: instancesOf.get(set.id) ?? 0,
      complete: ownedCars === set.carIds.length,
    };
  });
  const byYearThenName = (a: SetProgress, b: SetProgress) =>
    (b.set.year ?? 0) - (a.set.year ?? 0) || collator.compare(a.set.name, b.set.name);
  return {
    complete: progress.filter((p) => p.complete).sort(byYearThenName),
    inProgress: progress
      .filter((p) => !p.complete)
      .sort((a, b) => b.owned / b.total - a.owned / a.total || byYearThenName(a, b)),
  };
}

// ---- Trade and sale -----------------------------------------------------------------------------

export interface TradeCarEntry {
  key: string;
  carId: string;
  car: CarSummary;
  forTrade: number;
  forSale: number;
  owned: number;
}

export interface TradeSetEntry {
  key: string;
  setId: string;
  set: SetSummary;
  forTrade: number;
  forSale: number;
  owned: number;
}

export async function loadTradeSell(
  db: GarageDb,
  userId: string,
): Promise<{ cars: TradeCarEntry[]; sets: TradeSetEntry[] }> {
  const rows = await db.tradeSell
    .where('[userId+kind+seq]')
    .between([userId, 'car', -Infinity], [userId, 'set', Infinity])
    .toArray();
  const carRows = rows.filter((row) => row.kind === 'car');
  const setRows = rows.filter((row) => row.kind === 'set');
  const [cars, sets, ownedCars, ownedSets] = await Promise.all([
    carSummaries(
      db,
      carRows.map((row) => row.id),
    ),
    setSummaries(
      db,
      setRows.map((row) => row.id),
    ),
    db.ownedCarSummaries.bulkGet(carRows.map((row) => [userId, row.id] as [string, string])),
    db.ownedSets.bulkGet(setRows.map((row) => [userId, row.id] as [string, string])),
  ]);
  return {
    cars: carRows.map((row, index) => ({
      key: `car:${row.id}`,
      carId: row.id,
      car: cars.get(row.id) ?? unknownCar(row.id),
      forTrade: row.forTrade,
      forSale: row.forSale,
      owned: ownedCars[index]?.count ?? 0,
    })),
    sets: setRows.map((row, index) => ({
      key: `set:${row.id}`,
      setId: row.id,
      set: sets.get(row.id) ?? unknownSet(row.id),
      forTrade: row.forTrade,
      forSale: row.forSale,
      owned: ownedSets[index]?.instances.length ?? 0,
    })),
  };
}

// ---- Favourites and wishlist ----------------------------------------------------------------------

export interface ListCarEntry {
  key: string;
  carId: string;
  car: CarSummary;
  addedAt: string;
  owned: number;
}

export interface ListSetEntry {
  key: string;
  setId: string;
  set: SetSummary;
  addedAt: string;
  owned: number;
}

export type ListKind = 'favorite' | 'wishlist';

function listItems(db: GarageDb, userId: string, list: ListName) {
  return db.listItems
    .where('[userId+list+seq]')
    .between([userId, list, -Infinity], [userId, list, Infinity])
    .toArray();
}

/** The favourites or the wishlist: cars and sets, the most recently added first. */
export async function loadListEntries(
  db: GarageDb,
  userId: string,
  kind: ListKind,
): Promise<{ cars: ListCarEntry[]; sets: ListSetEntry[] }> {
  const [carItems, setItems] = await Promise.all([
    listItems(db, userId, kind === 'favorite' ? 'favoriteCarIds' : 'wishlistCarIds'),
    listItems(db, userId, kind === 'favorite' ? 'favoriteSetIds' : 'wishlistSetIds'),
  ]);
  const newestFirst = <T extends { addedAt: string; seq: number }>(items: T[]) =>
    [...items].sort(
      (a, b) => (a.addedAt < b.addedAt ? 1 : a.addedAt > b.addedAt ? -1 : b.seq - a.seq) || 0,
    );
  const cars = newestFirst(carItems);
  const sets = newestFirst(setItems);
  const [carInfo, setInfo, ownedCars, ownedSets] = await Promise.all([
    carSummaries(
      db,
      cars.map((item) => item.id),
    ),
    setSummaries(
      db,
      sets.map((item) => item.id),
    ),
    db.ownedCarSummaries.bulkGet(cars.map((item) => [userId, item.id] as [string, string])),
    db.ownedSets.bulkGet(sets.map((item) => [userId, item.id] as [string, string])),
  ]);
  return {
    cars: cars.map((item, index) => ({
      key: `car:${item.id}`,
      carId: item.id,
      car: carInfo.get(item.id) ?? unknownCar(item.id),
      addedAt: item.addedAt,
      owned: ownedCars[index]?.count ?? 0,
    })),
    sets: sets.map((item, index) => ({
      key: `set:${item.id}`,
      setId: item.id,
      set: setInfo.get(item.id) ?? unknownSet(item.id),
      addedAt: item.addedAt,
      owned: ownedSets[index]?.instances.length ?? 0,
    })),
  };
}

// ---- Stats ---------------------------------------------------------------------------------------

export interface CountBy<K> {
  key: K;
  count: number;
}

export interface CollectionStats {
  /** Car instances (the profile's totalCarCount). */
  cars: number;
  /** Different castings owned. */
  distinctCars: number;
  /** Set instances (the profile's totalSetCount). */
  sets: number;
  distinctSets: number;
  /** Purchase prices of car and set instances. */
  spent: number;
  carSpent: number;
  setSpent: number;
  /** Oldest year first. */
  byYear: CountBy<number>[];
  /** The 10 series with the most cars, most first. */
  bySeries: CountBy<string>[];
  seriesCount: number;
  byBrand: CountBy<string>[];
  /** Every condition (zero counts included), in the order of CONDITIONS. */
  byCondition: CountBy<Condition>[];
  hunts: { TH: number; STH: number };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function counted<K>(map: Map<K, number>): CountBy<K>[] {
  return [...map].map(([key, count]) => ({ key, count }));
}

/** Stats of a collection: every count is of instances, as the totals are. */
export function computeStats(
  cars: { car: CarSummary; instances: CarInstance[] }[],
  sets: { instances: SetInstance[] }[],
): CollectionStats {
  const byYear = new Map<number, number>();
  const bySeries = new Map<string, number>();
  const byBrand = new Map<string, number>();
  const byCondition = new Map<Condition, number>(CONDITIONS.map((c) => [c, 0]));
  const hunts = { TH: 0, STH: 0 };
  let carCount = 0;
  let carCents = 0;
  for (const { car, instances } of cars) {
    const n = instances.length;
    if (n === 0) continue;
    carCount += n;
    carCents += Math.round(sumPrices(instances) * 100);
    if (car.year !== null) byYear.set(car.year, (byYear.get(car.year) ?? 0) + n);
    if (car.series) bySeries.set(car.series, (bySeries.get(car.series) ?? 0) + n);
    if (car.brand) byBrand.set(car.brand, (byBrand.get(car.brand) ?? 0) + n);
    if (car.huntType) hunts[car.huntType] += n;
    for (const instance of instances) {
      byCondition.set(instance.condition, (byCondition.get(instance.condition) ?? 0) + 1);
    }
  }
  let setCount = 0;
  let setCents = 0;
  for (const { instances } of sets) {
    setCount += instances.length;
    setCents += Math.round(sumPrices(instances) * 100);
  }
  const series = counted(bySeries).sort(
    (a, b) => b.count - a.count || collator.compare(a.key, b.key),
  );
  return {
    cars: carCount,
    distinctCars: cars.filter((c) => c.instances.length > 0).length,
    sets: setCount,
    distinctSets: sets.filter((s) => s.instances.length > 0).length,
    spent: (carCents + setCents) / 100,
    carSpent: carCents / 100,
    setSpent: setCents / 100,
    byYear: counted(byYear).sort((a, b) => a.key - b.key),
    bySeries: series.slice(0, 10),
    seriesCount: series.length,
    byBrand: counted(byBrand).sort((a, b) => b.count - a.count || collator.compare(a.key, b.key)),
    byCondition: counted(byCondition),
    hunts,
  };
}

export async function loadCollectionStats(db: GarageDb, userId: string): Promise<CollectionStats> {
  const [carRows, setRows] = await Promise.all([
    ownedCarRows(db, userId),
    ownedSetRows(db, userId),
  ]);
  const cars = await carSummaries(
    db,
    carRows.map((row) => row.carId),
  );
  return computeStats(
    carRows.map((row) => ({
      car: cars.get(row.carId) ?? unknownCar(row.carId),
      instances: row.instances,
    })),
    setRows,
  );
}

// ---- Export -----------------------------------------------------------------------------------

export const CSV_COLUMNS = [
  'carId',
  'name',
  'year',
  'series',
  'brand',
  'huntType',
  'instanceId',
  'condition',
  'grade',
  'purchasePrice',
  'purchaseDate',
  'purchasePlace',
  'notes',
  'dateAdded',
] as const;

export type ExportRow = Record<(typeof CSV_COLUMNS)[number], string | number | null>;

/** One row per car instance, in collection order. */
export async function loadExportRows(db: GarageDb, userId: string): Promise<ExportRow[]> {
  const rows = await ownedCarRows(db, userId);
  const cars = await carSummaries(
    db,
    rows.map((row) => row.carId),
  );
  const out: ExportRow[] = [];
  for (const row of rows) {
    const car = cars.get(row.carId) ?? unknownCar(row.carId);
    for (const instance of row.instances) {
      out.push({
        carId: row.carId,
        name: car.known ? car.name : '',
        year: car.year,
        series: car.series,
        brand: car.brand,
        huntType: car.huntType,
        instanceId: instance.instanceId,
        condition: instance.condition,
        grade: instance.grade,
        purchasePrice: instance.purchasePrice,
        purchaseDate: instance.purchaseDate,
        purchasePlace: instance.purchasePlace,
        notes: instance.notes,
        dateAdded: instance.dateAdded,
      });
    }
  }
  return out;
}

function csvField(value: string | number | null, guardFormula: boolean): string {
  if (value === null) return '';
  let text = String(value);
  // A spreadsheet runs a cell that starts with = + - @ as a formula: typed text must not.
  if (guardFormula && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const TYPED_COLUMNS = new Set<string>(['name', 'series', 'purchasePlace', 'notes']);

/** RFC 4180 CSV (CRLF lines, quoted where needed) with the CSV_COLUMNS header. */
export function toCsv(rows: ExportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      CSV_COLUMNS.map((column) => csvField(row[column], TYPED_COLUMNS.has(column))).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface CollectionExport {
  format: 'diecast-garage-collection';
  version: 1;
  exportedAt: string;
  totals: { cars: number; sets: number };
  /** The collection object. (docs/product.md) */
  collection: Collection;
  /** The catalogue names of the cars and sets in it, so the file reads on its own. */
  cars: Record<
    string,
    { name: string; year: number | null; series: string | null; brand: string | null }
  >;
  sets: Record<string, { name: string; year: number | null; series: string | null }>;
}

export async function loadExportJson(
  db: GarageDb,
  userId: string,
  now = new Date().toISOString(),
): Promise<CollectionExport> {
  const collection = rowsToCollection(await readAllRows(db, userId));
  const carIds = new Set<string>([
    ...collection.ownedCars.map((car) => car.carId),
    ...collection.favoriteCarIds.map((item) => item.id),
    ...collection.wishlistCarIds.map((item) => item.id),
    ...collection.tradeSellCars.map((entry) => entry.carId),
  ]);
  const setIds = new Set<string>([
    ...collection.ownedSets.map((set) => set.setId),
    ...collection.favoriteSetIds.map((item) => item.id),
    ...collection.wishlistSetIds.map((item) => item.id),
    ...collection.tradeSellSets.map((entry) => entry.setId),
  ]);
  const [cars, sets] = await Promise.all([
    carSummaries(db, [...carIds]),
    setSummaries(db, [...setIds]),
  ]);
  const carNames: CollectionExport['cars'] = {};
  for (const car of cars.values()) {
    if (car.known)
      carNames[car.id] = { name: car.name, year: car.year, series: car.series, brand: car.brand };
  }
  const setNames: CollectionExport['sets'] = {};
  for (const set of sets.values()) {
    if (set.known) setNames[set.id] = { name: set.name, year: set.year, series: set.series };
  }
  let carCount = 0;
  for (const car of collection.ownedCars) carCount += car.instances.length;
  let setCount = 0;
  for (const set of collection.ownedSets) setCount += set.instances.length;
  return {
    format: 'diecast-garage-collection',
    version: 1,
    exportedAt: now,
    totals: { cars: carCount, sets: setCount },
    collection,
    cars: carNames,
    sets: setNames,
  };
}

// ---- Settings ------------------------------------------------------------------------------------

/** The settings the collection screens keep through users/update-settings. */
export const SETTING_KEYS = {
  defaultCondition: 'defaultCondition',
  defaultGrade: 'defaultGrade',
  currency: 'currency',
} as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'MXN', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CollectionSettings {
  defaultCondition: Condition;
  defaultGrade: Grade;
  currency: Currency;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The profile's settings read with defaults: an unknown or missing value never breaks a screen. */
export function collectionSettings(
  settings: Record<string, unknown> | undefined,
): CollectionSettings {
  return {
    defaultCondition: oneOf(
      CONDITIONS,
      settings?.[SETTING_KEYS.defaultCondition],
      DEFAULT_CONDITION,
    ),
    defaultGrade: oneOf(GRADES, settings?.[SETTING_KEYS.defaultGrade], DEFAULT_GRADE),
    currency: oneOf(CURRENCIES, settings?.[SETTING_KEYS.currency], 'USD'),
  };
}

/**
 * What a newly added car starts with, from the collector's settings: the add buttons pass it as
 * add-car-instance details (`{ ...await newCarDefaults(db, userId), ...details }`).
 */
export async function newCarDefaults(
  db: GarageDb,
  userId: string,
): Promise<{ condition: Condition; grade: Grade }> {
  const settings = collectionSettings((await db.profiles.get(userId))?.settings);
  return { condition: settings.defaultCondition, grade: settings.defaultGrade };
}

// ---- Hooks ---------------------------------------------------------------------------------------
// Each re-reads when the collector's rows change (live queries) or a new catalogue replaces the
// one in memory (the `catalog` dependency).

/** Every owned car; `enabled: false` reads nothing yet (the screen asks once it has painted). */
export function useOwnedCars(userId: string | null, enabled = true): OwnedCarEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadOwnedCars(deviceDb, userId) : []),
    [userId, enabled, catalog],
  );
}

export function useOwnedSets(userId: string | null, enabled = true): OwnedSetEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadOwnedSets(deviceDb, userId) : []),
    [userId, enabled, catalog],
  );
}

/** The `limit` most recently added cars (see loadRecentOwnedCars); nothing when not `enabled`. */
export function useRecentOwnedCars(
  userId: string | null,
  limit: number,
  enabled = true,
): OwnedCarEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadRecentOwnedCars(deviceDb, userId, limit) : []),
    [userId, limit, enabled, catalog],
  );
}

export function useOwnedTotals(userId: string | null): OwnedTotalsRow | undefined {
  return useLiveQuery(
    async () => (userId ? loadOwnedTotals(deviceDb, userId) : emptyTotals('')),
    [userId],
  );
}

export function useRecentInstances(userId: string | null): RecentInstance[] | undefined {
  return useLiveQuery(async () => (userId ? loadRecentInstances(deviceDb, userId) : []), [userId]);
}

export function useSetProgress(
  userId: string | null,
): { complete: SetProgress[]; inProgress: SetProgress[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadSetProgress(deviceDb, userId) : { complete: [], inProgress: [] }),
    [userId, catalog],
  );
}

export function useTradeSell(
  userId: string | null,
): { cars: TradeCarEntry[]; sets: TradeSetEntry[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadTradeSell(deviceDb, userId) : { cars: [], sets: [] }),
    [userId, catalog],
  );
}

export function useListEntries(
  userId: string | null,
  kind: ListKind,
): { cars: ListCarEntry[]; sets: ListSetEntry[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadListEntries(deviceDb, userId, kind) : { cars: [], sets: [] }),
    [userId, kind, catalog],
  );
}

export function useCollectionStats(userId: string | null): CollectionStats | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadCollectionStats(deviceDb, userId) : computeStats([], [])),
    [userId, catalog],
  );
}
