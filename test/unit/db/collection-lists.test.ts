// The collection screens' reads (src/db: use-owned-lists, use-set-progress, use-trade-sell,
// use-list-entries, use-collection-stats, collection-export, collection-settings) and their
// sorting, grouping and filtering, on collections built through the device's own change path.
import { describe, expect, it } from 'vitest';
import { replaceAllRows } from '../../../src/local-store/collection-diff';
import { rowsToCollection } from '../../../src/db/collection-rows';
import { collectionChangeTables, type GarageDb } from '../../../src/db/garage-db';
import { type OwnedCarRow } from '../../../src/db/device-rows';
import { collectionSettings, newCarDefaults } from '../../../src/db/collection-settings';
import { computeStats, loadCollectionStats } from '../../../src/data/use-collection-stats';
import {
  CSV_COLUMNS,
  loadExportJson,
  loadExportRows,
  toCsv,
  type ExportRow,
} from '../../../src/db/collection-export';
import { loadListEntries } from '../../../src/data/use-list-entries';
import {
  loadOwnedCars,
  loadOwnedSets,
  loadRecentOwnedCars,
  loadRecentInstances,
} from '../../../src/data/use-owned-lists';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { readCounters, writeCounters } from '../../../src/db/device-counters';
import { loadSetProgress } from '../../../src/data/use-set-progress';
import { loadTradeSell } from '../../../src/data/use-trade-sell';
import {
  collectionHref,
  filterEntries,
  groupEntries,
  parseView,
  sortEntries,
  viewSearch,
} from '../../../src/features/collection/collection-order';
import { carHref, setHref } from '../../../src/features/collection/links';
import type { CatalogCar } from '../../../src/shared/catalog/types';
import type { MutationArgs, MutationName } from '../../../src/shared/collection/mutation-schemas';
import { applyLocalChange } from '../../../src/local-store/local-change';
import {
  BONE_SHAKER,
  BRONCO,
  CHARGER,
  CIVIC,
  fixtureCars,
  fixtureSets,
  GR86,
  SKYLINE,
  TRACK_DAY,
  TWIN_MILL,
} from '../../fixtures/catalog';
import { openTestDevice } from '../../fixtures/device';

const USER = 'collector-1';

/** A clock that moves one second per reading, so every change has its own dateAdded. */
function tickingClock(start = '2026-11-01T10:00:00.000Z') {
  let time = Date.parse(start);
  let n = 0;
  return {
    now: () => new Date((time += 1000)).toISOString(),
    newId: () => `inst-${++n}`,
  };
}

async function collector() {
  const db = await openTestDevice();
  const clock = tickingClock();
  const change = <N extends MutationName>(name: N, args: MutationArgs<N>) =>
    applyLocalChange(db, USER, name, args, clock);
  const addCar = (
    carId: string,
    details: MutationArgs<'collection/add-car-instance'>['details'] = {},
  ) => change('collection/add-car-instance', { carId, details });
  const addSet = (setId: string) => {
    const set = fixtureSets.find((s) => s.id === setId);
    if (!set) throw new Error(`no fixture set ${setId}`);
    return change('collection/add-set-instance', { set: { id: set.id }, instanceDetails: {} });
  };
  return { db, change, addCar, addSet };
}

describe('owned cars and sets', () => {
  it('joins owned rows with the catalogue: counts, last added, conditions, money spent', async () => {
    const { db, addCar } = await collector();
    await addCar(CHARGER, { purchasePrice: 0.1 });
    await addCar(BONE_SHAKER, { condition: 'loose' });
    await addCar(CHARGER, { purchasePrice: 0.2, condition: 'loose' });

    const cars = await loadOwnedCars(db, USER);
    expect(cars.map((c) => [c.carId, c.count])).toEqual([
      [CHARGER, 2],
      [BONE_SHAKER, 1],
    ]);
    const charger = cars[0]!;
    expect(charger.name).toBe("'69 Dodge Charger 500");
    expect(charger.car).toMatchObject({ known: true, year: 2024, series: 'HW Test Track' });
    expect(charger.spent).toBe(0.3);
    expect(charger.conditions.sort()).toEqual(['carded', 'loose']);
    expect(charger.lastAdded > charger.firstAdded).toBe(true);
    expect(cars[1]!.car.huntType).toBe('TH');
    // Another user's rows are not mixed in.
    expect(await loadOwnedCars(db, 'someone-else')).toEqual([]);
  });

  it('reads a renamed car once the new catalogue version is stored', async () => {
    const { db, addCar } = await collector();
    await addCar(CHARGER);
    expect((await loadOwnedCars(db, USER))[0]!.name).toBe("'69 Dodge Charger 500");
    const renamed = fixtureCars.map((car) =>
      car.id === CHARGER ? { ...car, name: 'Dodge Charger 500 (1969)' } : car,
    );
    await db.catalog.replace({ version: 'fixture-2', cars: renamed, sets: fixtureSets });
    expect((await loadOwnedCars(db, USER))[0]!.name).toBe('Dodge Charger 500 (1969)');
  });

  it('lists owned sets with how many of their cars are owned', async () => {
    const { db, addSet, change } = await collector();
    await addSet(TRACK_DAY);
    let sets = await loadOwnedSets(db, USER);
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({
      setId: TRACK_DAY,
      count: 1,
      carsOwned: 3,
      total: 3,
      name: 'HW Track Day 5-Pack',
      series: 'Mainline 5-Pack',
    });
    // Removing one car of the set leaves the set owned with 2 of 3 cars.
    const civic = (await db.ownedCars.get([USER, CIVIC])) as OwnedCarRow;
    await change('collection/remove-car-instance', {
      carId: CIVIC,
      instanceId: civic.instances[0]!.instanceId,
    });
    sets = await loadOwnedSets(db, USER);
    expect(sets[0]).toMatchObject({ carsOwned: 2, total: 3 });
  });
});

describe('sorting, grouping and filtering', () => {
  it('sorts by recently added, name, year and series', async () => {
    const { db, addCar } = await collector();
    await addCar(TWIN_MILL);
    await addCar(BRONCO);
    await addCar(CHARGER);
    await addCar(TWIN_MILL);
    const cars = await loadOwnedCars(db, USER);
    const ids = (sort: Parameters<typeof sortEntries>[1]) =>
      sortEntries(cars, sort).map((c) => c.carId);
    // Twin Mill's second instance is the newest.
    expect(ids('recent')).toEqual([TWIN_MILL, CHARGER, BRONCO]);
    expect(ids('name')).toEqual([CHARGER, BRONCO, TWIN_MILL]);
    expect(ids('year')).toEqual([CHARGER, TWIN_MILL, BRONCO]);
    expect(ids('series')).toEqual([CHARGER, TWIN_MILL, BRONCO]);
  });

  it('groups under headers with instance counts: years newest first, brands A–Z', async () => {
    const { db, addCar } = await collector();
    await addCar(BRONCO);
    await addCar(CHARGER);
    await addCar(CHARGER);
    await addCar(SKYLINE);
    const cars = await loadOwnedCars(db, USER);
    const byYear = groupEntries(cars, 'name', 'year', (e) => e.count);
    expect(
      byYear.map((item) =>
        item.kind === 'header' ? `# ${item.label} ${item.count}` : item.entry.carId,
      ),
    ).toEqual(['# 2024 3', CHARGER, SKYLINE, '# 2023 1', BRONCO]);
    const byBrand = groupEntries(cars, 'recent', 'brand');
    expect(
      byBrand.map((item) =>
        item.kind === 'header' ? `# ${item.label} ${item.count}` : item.entry.carId,
      ),
    ).toEqual(['# Hot Wheels 2', SKYLINE, CHARGER, '# Matchbox 1', BRONCO]);
    const bySeries = groupEntries(cars, 'name', 'series');
    expect(bySeries.filter((item) => item.kind === 'header').map((item) => item.label)).toEqual([
      'HW Test Track',
      'Mainline 5-Pack',
    ]);
    expect(groupEntries(cars, 'name', 'none').every((item) => item.kind === 'entry')).toBe(true);
  });

  it('filters by year, series, brand, condition and hunt', async () => {
    const { db, addCar } = await collector();
    await addCar(BRONCO, { condition: 'loose' });
    await addCar(CHARGER);
    await addCar(BONE_SHAKER);
    await addCar(TWIN_MILL, { condition: 'boxed' });
    const cars = await loadOwnedCars(db, USER);
    const ids = (filter: Parameters<typeof filterEntries>[1]) =>
      filterEntries(cars, filter)
        .map((c) => c.carId)
        .sort();
    expect(ids({ year: 2023 })).toEqual([BRONCO]);
    expect(ids({ brand: 'Hot Wheels' })).toEqual([CHARGER, BONE_SHAKER, TWIN_MILL].sort());
    expect(ids({ series: 'HW Test Track', condition: 'carded' })).toEqual(
      [CHARGER, BONE_SHAKER].sort(),
    );
    expect(ids({ condition: 'loose' })).toEqual([BRONCO]);
    expect(ids({ hunt: 'STH' })).toEqual([TWIN_MILL]);
    expect(ids({})).toHaveLength(4);
  });

  it('keeps the view in the query string, defaults left out', () => {
    expect(parseView('')).toEqual({ tab: 'cars', sort: 'recent', group: 'none', filter: {} });
    const view = parseView('?tab=sets&sort=name&group=year&year=2024&series=HW+Dream+Garage');
    expect(view).toEqual({
      tab: 'sets',
      sort: 'name',
      group: 'year',
      filter: { year: 2024, series: 'HW Dream Garage' },
    });
    expect(parseView(viewSearch(view))).toEqual(view);
    expect(parseView('?sort=bogus&group=nope&year=abc')).toEqual(parseView(''));
    expect(collectionHref({ year: 2019 })).toBe('/collection?year=2019');
    expect(collectionHref({ condition: 'damaged card' })).toBe(
      '/collection?condition=damaged+card',
    );
  });

  it('links cars and sets by docs/product.md', () => {
    expect(carHref(CHARGER)).toBe(`/car/${CHARGER}`);
    expect(setHref({ id: TRACK_DAY, series: 'Mainline 5-Pack', year: 2024 })).toBe(
      `/mainlines/five-pack/2024/${TRACK_DAY}`,
    );
    expect(setHref({ id: 'hw-2024-hw-dream-garage', series: 'HW Dream Garage', year: 2024 })).toBe(
      '/series/hw-dream-garage/2024/hw-2024-hw-dream-garage',
    );
  });
});

describe('recently added', () => {
  it('lists every instance newest first, set cars included', async () => {
    const { db, addCar, addSet } = await collector();
    const first = await addCar(CHARGER);
    await addCar(BONE_SHAKER);
    await addCar(CHARGER);
    await addSet(TRACK_DAY);
    const recent = await loadRecentInstances(db, USER);
    expect(recent.map((r) => r.carId)).toEqual([
      GR86,
      CIVIC,
      SKYLINE,
      CHARGER,
      BONE_SHAKER,
      CHARGER,
    ]);
    expect(recent[0]!.instance.notes).toBe('Part of HW Track Day 5-Pack');
    const firstArgs = first.mutation.args as { details: { instanceId: string } };
    expect(recent[5]!.instance.instanceId).toBe(firstArgs.details.instanceId);
    expect(await loadRecentInstances(db, USER, 2)).toHaveLength(2);
  });
});

describe('completed sets', () => {
  it('moves a set from in progress to complete as its cars are collected', async () => {
    const { db, addCar, addSet } = await collector();
    expect(await loadSetProgress(db, USER)).toEqual({ complete: [], inProgress: [] });
    await addCar(SKYLINE);
    await addCar(CHARGER); // in no set: not listed
    let progress = await loadSetProgress(db, USER);
    expect(progress.complete).toEqual([]);
    expect(progress.inProgress.map((p) => [p.setId, p.owned, p.total, p.setInstances])).toEqual([
      [TRACK_DAY, 1, 3, 0],
    ]);
    await addCar(CIVIC);
    await addCar(GR86);
    progress = await loadSetProgress(db, USER);
    expect(progress.complete.map((p) => [p.setId, p.owned, p.total, p.setInstances])).toEqual([
      [TRACK_DAY, 3, 3, 0],
    ]);
    await addSet(TRACK_DAY);
    progress = await loadSetProgress(db, USER);
    expect(progress.complete[0]).toMatchObject({
      setId: TRACK_DAY,
      complete: true,
      setInstances: 1,
    });
    expect(progress.inProgress).toEqual([]);
  });
});

describe('trade and sale', () => {
  it('lists car and set entries with what is owned; both 0 drops a car entry', async () => {
    const { db, addCar, addSet, change } = await collector();
    await addCar(CHARGER);
    await addCar(CHARGER);
    await addSet(TRACK_DAY);
    await change('collection/update-car-details', { carId: CHARGER, forTrade: 1, forSale: 2 });
    await change('collection/update-set-details', { setId: TRACK_DAY, type: 'sale', quantity: 1 });
    let entries = await loadTradeSell(db, USER);
    expect(entries.cars.map((e) => [e.carId, e.forTrade, e.forSale, e.owned])).toEqual([
      [CHARGER, 1, 2, 2],
    ]);
    expect(entries.sets.map((e) => [e.setId, e.forTrade, e.forSale, e.owned, e.set.name])).toEqual([
      [TRACK_DAY, 0, 1, 1, 'HW Track Day 5-Pack'],
    ]);
    await change('collection/update-car-details', { carId: CHARGER, forTrade: 0, forSale: 0 });
    entries = await loadTradeSell(db, USER);
    expect(entries.cars).toEqual([]);
    expect(entries.sets).toHaveLength(1);
  });
});

describe('favourites and wishlist', () => {
  it('lists cars and sets newest first; adding a wished car takes it off the wishlist', async () => {
    const { db, addCar, change } = await collector();
    await change('collection/toggle-favorite', { carId: CHARGER, isFavorited: false });
    await change('collection/toggle-favorite', { carId: BRONCO, isFavorited: false });
    await change('collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'favorite',
      isSetInList: false,
    });
    await change('collection/toggle-wishlist', { carId: TWIN_MILL, isWishlisted: false });
    await change('collection/toggle-wishlist', { carId: GR86, isWishlisted: false });
    await addCar(CHARGER);

    const favourites = await loadListEntries(db, USER, 'favorite');
    expect(favourites.cars.map((e) => [e.carId, e.owned])).toEqual([
      [BRONCO, 0],
      [CHARGER, 1],
    ]);
    expect(favourites.cars[0]!.addedAt > favourites.cars[1]!.addedAt).toBe(true);
    expect(favourites.sets.map((e) => e.setId)).toEqual([TRACK_DAY]);

    await addCar(GR86);
    const wishlist = await loadListEntries(db, USER, 'wishlist');
    expect(wishlist.cars.map((e) => e.carId)).toEqual([TWIN_MILL]);
    expect(wishlist.sets).toEqual([]);

    // Removing is the toggle with "is in the list".
    await change('collection/toggle-favorite', { carId: BRONCO, isFavorited: true });
    expect((await loadListEntries(db, USER, 'favorite')).cars.map((e) => e.carId)).toEqual([
      CHARGER,
    ]);
  });
});

describe('stats', () => {
  it('counts instances by year, series, brand, condition and hunt, and sums money in cents', async () => {
    const { db, addCar, addSet, change } = await collector();
    await addCar(CHARGER, { purchasePrice: 0.1 });
    await addCar(CHARGER, { purchasePrice: 0.2, condition: 'loose' });
    await addCar(BONE_SHAKER, { purchasePrice: 1.25 });
    await addCar(TWIN_MILL, { condition: 'damaged card' });
    await addCar(BRONCO, { condition: 'boxed', purchasePrice: 3 });
    const set = await addSet(TRACK_DAY);
    const setInstanceId = (set.mutation.args as { instanceDetails: { instanceId: string } })
      .instanceDetails.instanceId;
    await change('collection/update-set-instance', {
      setId: TRACK_DAY,
      instanceId: setInstanceId,
      updates: { purchasePrice: 5.49 },
    });

    const stats = await loadCollectionStats(db, USER);
    expect(stats).toMatchObject({
      cars: 8,
      distinctCars: 7,
      sets: 1,
      distinctSets: 1,
      carSpent: 4.55,
      setSpent: 5.49,
      spent: 10.04,
      hunts: { TH: 1, STH: 1 },
      seriesCount: 2,
    });
    expect(stats.byYear).toEqual([
      { key: 2023, count: 1 },
      { key: 2024, count: 7 },
    ]);
    expect(stats.bySeries).toEqual([
      { key: 'HW Test Track', count: 5 },
      { key: 'Mainline 5-Pack', count: 3 },
    ]);
    expect(stats.byBrand).toEqual([
      { key: 'Hot Wheels', count: 7 },
      { key: 'Matchbox', count: 1 },
    ]);
    expect(stats.byCondition).toEqual([
      { key: 'carded', count: 5 },
      { key: 'loose', count: 1 },
      { key: 'boxed', count: 1 },
      { key: 'damaged card', count: 1 },
    ]);
    // The totals agree with the ones the change path keeps.
    const totals = await loadOwnedTotals(db, USER);
    expect([totals?.cars, totals?.sets]).toEqual([stats.cars, stats.sets]);
  });

  it('keeps only the top 10 series', () => {
    const cars = Array.from({ length: 12 }, (_, i) => ({
      car: {
        id: `c${i}`,
        known: true,
        name: `Car ${i}`,
        year: 2020,
        series: `Series ${String(i).padStart(2, '0')}`,
        seriesNumber: null,
        brand: 'Hot Wheels' as const,
        huntType: null,
        image: null,
        setId: null,
      },
      instances: Array.from({ length: i + 1 }, (_, k) => ({
        instanceId: `c${i}-${k}`,
        condition: 'carded' as const,
        grade: 'Good' as const,
        purchasePrice: 0,
        purchaseDate: null,
        notes: '',
        purchasePlace: '',
        dateAdded: '2026-01-01T00:00:00.000Z',
      })),
    }));
    const stats = computeStats(cars, []);
    expect(stats.bySeries).toHaveLength(10);
    expect(stats.bySeries[0]).toEqual({ key: 'Series 11', count: 12 });
    expect(stats.seriesCount).toBe(12);
    expect(stats.cars).toBe(78);
  });
});

describe('export', () => {
  it('writes one CSV line per car instance with the agreed columns', async () => {
    const { db, addCar } = await collector();
    await addCar(CHARGER, {
      purchasePrice: 2.5,
      purchaseDate: '2026-10-30',
      purchasePlace: 'Swap meet, hall "B"',
      notes: '=HYPERLINK("x")\nsecond line',
    });
    await addCar(TWIN_MILL);
    const rows = await loadExportRows(db, USER);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    expect(rows[1]).toMatchObject({
      carId: TWIN_MILL,
      name: 'Twin Mill',
      huntType: 'STH',
      condition: 'carded',
      grade: 'Good',
    });

    const csv = toCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'carId,name,year,series,brand,huntType,instanceId,condition,grade,purchasePrice,purchaseDate,purchasePlace,notes,dateAdded',
    );
    // A line break inside a quoted field stays inside it (records end with CRLF).
    expect(lines[1]).toBe(
      `${CHARGER},'69 Dodge Charger 500,2024,HW Test Track,Hot Wheels,,inst-1,carded,Good,2.5,2026-10-30,"Swap meet, hall ""B""","'=HYPERLINK(""x"")\nsecond line",${rows[0]!.dateAdded}`,
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${TWIN_MILL},Twin Mill,2024,HW Test Track,Hot Wheels,STH,`),
    );
    expect(lines).toHaveLength(4);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(toCsv([])).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('exports the docs/product.md collection object with names as JSON', async () => {
    const { db, addCar, addSet, change } = await collector();
    await addCar(CHARGER);
    await addSet(TRACK_DAY);
    await change('collection/toggle-wishlist', { carId: BRONCO, isWishlisted: false });
    const data = await loadExportJson(db, USER, '2026-11-02T00:00:00.000Z');
    expect(data).toMatchObject({
      format: 'diecast-garage-collection',
      version: 1,
      exportedAt: '2026-11-02T00:00:00.000Z',
      totals: { cars: 4, sets: 1 },
    });
    expect(Object.keys(data.collection).sort()).toEqual(
      [
        'favoriteCarIds',
        'favoriteSetIds',
        'ownedCars',
        'ownedSets',
        'tradeSellCars',
        'tradeSellSets',
        'wishlistCarIds',
        'wishlistSetIds',
      ].sort(),
    );
    expect(data.collection.ownedCars.map((c) => c.carId)).toEqual([CHARGER, SKYLINE, CIVIC, GR86]);
    expect(data.cars[BRONCO]).toEqual({
      name: 'Ford Bronco',
      year: 2023,
      series: 'HW Test Track',
      brand: 'Matchbox',
    });
    expect(data.sets[TRACK_DAY]?.name).toBe('HW Track Day 5-Pack');
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe('settings', () => {
  it('reads settings with defaults and applies update-settings on the device at once', async () => {
    const { db, change } = await collector();
    expect(collectionSettings(undefined)).toEqual({
      defaultCondition: 'carded',
      defaultGrade: 'Good',
      currency: 'USD',
    });
    expect(collectionSettings({ defaultCondition: 'mint-ish', currency: 42 })).toEqual(
      collectionSettings({}),
    );
    await change('users/update-settings', { key: 'defaultCondition', value: 'loose' });
    await change('users/update-settings', { key: 'currency', value: 'EUR' });
    expect(await newCarDefaults(db, USER)).toEqual({ condition: 'loose', grade: 'Good' });
    const profile = await db.profiles.get(USER);
    expect(collectionSettings(profile?.settings)).toEqual({
      defaultCondition: 'loose',
      defaultGrade: 'Good',
      currency: 'EUR',
    });
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.name, entry.args])).toEqual([
      ['users/update-settings', { key: 'defaultCondition', value: 'loose' }],
      ['users/update-settings', { key: 'currency', value: 'EUR' }],
    ]);
  });
});

describe('a 10,000-car collection', () => {
  it('is read, joined and grouped in one pass', async () => {
    const db: GarageDb = await openTestDevice();
    const template = fixtureCars[0] as CatalogCar;
    const cars: CatalogCar[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...template,
      id: `big-${String(i).padStart(5, '0')}`,
      name: `Casting ${i}`,
      year: 1995 + (i % 31),
      series: `Series ${i % 40}`,
      huntType: i % 100 === 0 ? 'TH' : null,
    }));
    await db.catalog.replace({ version: 'big', cars, sets: [] });
    const rows: OwnedCarRow[] = cars.map((car, i) => ({
      userId: USER,
      carId: car.id,
      seq: i,
      isFavorite: false,
      instanceIds: [`i-${i}`],
      instances: [
        {
          instanceId: `i-${i}`,
          condition: 'carded',
          grade: 'Good',
          purchasePrice: 1.25,
          purchaseDate: null,
          notes: '',
          purchasePlace: '',
          dateAdded: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        },
      ],
    }));
    // Written as a rebase writes them: rows, their summaries and the totals, in one transaction.
    await db.transaction('rw', collectionChangeTables(db), async () => {
      const counters = await readCounters(db);
      await replaceAllRows(
        db,
        USER,
        {
          collection: rowsToCollection({
            ownedCars: rows,
            ownedSets: [],
            listItems: [],
            tradeSell: [],
          }),
          preferences: { completedTutorials: [], settings: {} },
        },
        counters,
      );
      await writeCounters(db, counters);
    });

    const owned = await loadOwnedCars(db, USER);
    expect(owned).toHaveLength(10_000);
    expect(await loadRecentOwnedCars(db, USER, 3)).toEqual(
      sortEntries(owned, 'recent').slice(0, 3),
    );
    expect(await loadOwnedTotals(db, USER)).toMatchObject({ cars: 10_000, distinctCars: 10_000 });
    expect(owned.every((entry) => entry.car.known)).toBe(true);
    const grouped = groupEntries(owned, 'recent', 'year', (e) => e.count);
    expect(grouped.filter((item) => item.kind === 'header')).toHaveLength(31);
    expect(grouped[0]).toMatchObject({ kind: 'header', label: '2025' });
    const stats = await loadCollectionStats(db, USER);
    expect(stats).toMatchObject({ cars: 10_000, spent: 12_500, hunts: { TH: 100, STH: 0 } });
    const exported: ExportRow[] = await loadExportRows(db, USER);
    expect(toCsv(exported).split('\r\n')).toHaveLength(10_002);
  });
});
