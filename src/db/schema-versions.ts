// The device database's schema, version by version, with the upgrades that carry older rows over.
import type { Transaction } from 'dexie';
import type { Catalog, CatalogCar, CatalogSet } from '../shared/catalog/types';
import { LEGACY_CATALOG_KEY } from './catalog-store';
import {
  DEVICE_COUNTERS_KEY,
  newCounters,
  setTotalsIn,
  type DeviceCounters,
} from './device-counters';
import type { MetaRow, OwnedCarRow, OwnedSetRow } from './device-rows';
import { summaryOfCar, totalsOf, type OwnedTotals } from './owned-summaries';

/** A catalogue car as the first versions stored it: one row per car with its search words. */
interface LegacyCarRow extends CatalogCar {
  words?: string[];
}

/** A collector's totals as versions 3 to 7 stored them: a row of their own in `ownedTotals`. */
interface LegacyTotalsRow extends OwnedTotals {
  userId: string;
}

/**
 * Every schema version, oldest first. A new version adds stores or indexes (with an upgrade
 * function when rows must change); it must never delete or re-key `outbox`: queued changes
 * are the collector's unsent work. test/unit/db/garage-db-schema.test.ts holds that.
 */
export const GARAGE_SCHEMA: {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}[] = [
  {
    version: 1,
    stores: {
      cars: 'id, year, series, brand, huntType, *words, [brand+year]',
      sets: 'id, series, year, brand',
      ownedCars: '[userId+carId], [userId+seq], *instanceIds',
      ownedSets: '[userId+setId], [userId+seq], *instanceIds',
      listItems: '[userId+list+id], [userId+list+seq]',
      tradeSell: '[userId+kind+id], [userId+kind+seq]',
      profiles: 'userId',
      snapshots: 'userId',
      outbox: 'key, [userId+seq]',
      meta: 'key',
    },
  },
  {
    version: 2,
    stores: {
      communityCache: 'key, userId',
      photoUploads: 'id, userId',
    },
  },
  {
    // /collection reads small per-car summaries and one totals row per user, never instance
    // arrays; [userId+lastAdded+seq] is 'Recently added' order, so its first rows come first.
    version: 3,
    stores: {
      ownedCarSummaries: '[userId+carId], [userId+lastAdded+seq]',
      ownedTotals: 'userId',
    },
    upgrade: summarizeExistingRows,
  },
  {
    // Changes our API kept failing on: kept apart so the queue moves, shown to the collector.
    version: 4,
    stores: {
      outboxSetAside: 'key, [userId+seq]',
    },
  },
  {
    // The catalogue moves to its own database as one value (storing it as indexed rows took
    // seconds, and froze WebKit when a navigation came in the middle:
    // docs/decisions/0001-catalogue-as-one-value.md). What a device holds is carried over
    // through meta, so an update opened offline still has it.
    version: 5,
    stores: {},
    upgrade: carryCatalogRowsOver,
  },
  {
    version: 6,
    stores: { cars: null, sets: null },
  },
  {
    // Each collector's totals move into the device counters row, which every change writes
    // anyway: an add then writes four rows instead of six
    // (docs/decisions/0006-rows-marker-and-totals-in-the-counters-row.md). Dropped in 8, after
    // this has carried them over (as 5 and 6 did with the catalogue).
    version: 7,
    stores: {},
    upgrade: carryTotalsIntoCounters,
  },
  {
    version: 8,
    stores: { ownedTotals: null },
  },
];

/** Version 7's upgrade: every `ownedTotals` row into the counters row's totals. */
async function carryTotalsIntoCounters(tx: Transaction): Promise<void> {
  const rows = (await tx.table('ownedTotals').toArray()) as LegacyTotalsRow[];
  if (rows.length === 0) return;
  const stored = (await tx.table('meta').get(DEVICE_COUNTERS_KEY)) as MetaRow | undefined;
  const counters = stored ? (stored.value as DeviceCounters) : newCounters();
  for (const { userId, ...totals } of rows) setTotalsIn(counters, userId, totals);
  await tx.table('meta').put({ key: DEVICE_COUNTERS_KEY, value: counters });
}

/** Version 5's upgrade: the row-per-car catalogue as one value in meta, for catalog-store.ts. */
async function carryCatalogRowsOver(tx: Transaction): Promise<void> {
  const cars = (await tx.table('cars').toArray()) as LegacyCarRow[];
  if (cars.length === 0) return;
  const sets = (await tx.table('sets').toArray()) as CatalogSet[];
  const version = (await tx.table('meta').get('catalogVersion')) as MetaRow | undefined;
  const catalog: Catalog = {
    version: typeof version?.value === 'string' ? version.value : 'carried-over',
    cars: cars.map(({ words: _words, ...car }) => car),
    sets,
  };
  await tx.table('meta').put({ key: LEGACY_CATALOG_KEY, value: catalog });
  await tx.table('meta').delete('catalogVersion');
}

/** Version 3's upgrade: summaries and totals for the rows a device already holds. */
async function summarizeExistingRows(tx: Transaction): Promise<void> {
  const cars = (await tx.table('ownedCars').toArray()) as OwnedCarRow[];
  const sets = (await tx.table('ownedSets').toArray()) as OwnedSetRow[];
  const users = new Set([...cars, ...sets].map((row) => row.userId));
  const totals = [...users].map((userId): LegacyTotalsRow => ({
    userId,
    ...totalsOf(
      cars.filter((row) => row.userId === userId),
      sets.filter((row) => row.userId === userId),
    ),
  }));
  await tx.table('ownedCarSummaries').bulkPut(cars.map(summaryOfCar));
  await tx.table('ownedTotals').bulkPut(totals);
}
