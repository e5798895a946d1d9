// Catalogue browsing on the device: the pure query functions behind the year lists, a year's
// cars, series and sets, exclusives, brands, the car page, the collector's marks and /filter.
import { describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../../src/db/catalog-index';
import type { GarageDb } from '../../../src/db/garage-db';
import {
  brandFromParam,
  decodeParam,
  yearFromParam,
} from '../../../src/features/catalog/route-params';
import {
  brandYearCars,
  carWithSet,
  exclusiveCars,
  exclusiveCategories,
  exclusiveYears,
  filterOptions,
  fivePacksOfYear,
  mainlineCars,
  seriesIndex,
  setWithCars,
  yearCounts,
} from '../../../src/db/catalog-queries';
import {
  carMarks,
  filterCatalog,
  NO_FILTERS,
  ownedCarState,
  ownedSetState,
  ownershipAnswer,
  setsProgress,
} from '../../../src/db/collector-marks';
import { groupBySeries, narrowCars } from '../../../src/db/catalog-listing';
import { nameSlug } from '../../../src/shared/catalog/names';
import { setLink } from '../../../src/features/catalog/links';
import type { CatalogCar, CatalogSet } from '../../../src/shared/catalog/types';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { fixtureCar } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

function car(id: string, overrides: Partial<CatalogCar> = {}): CatalogCar {
  return fixtureCar(id, id, {
    toyNumber: id.toUpperCase().replace(/-/g, '').slice(-5),
    series: null,
    ...overrides,
  });
}

const dream = (n: number, year: number, extra: Partial<CatalogCar> = {}) =>
  car(`hw-${year}-dg${n}`, {
    name: `Dream ${n} of ${year}`,
    year,
    series: 'HW Dream Garage',
    seriesNumber: `${n}/3`,
    setId: `hw-${year}-hw-dream-garage`,
    setName: 'HW Dream Garage',
    carsInSet: 3,
    ...extra,
  });

const CARS: CatalogCar[] = [
  // 2024 mainlines: two series, collector numbers out of series order, a TH and an STH.
  dream(1, 2024, { collectorNumber: '120/250', name: 'Twin Mill', huntType: 'TH' }),
  dream(2, 2024, { collectorNumber: '005/250', name: "'67 Camaro" }),
  dream(3, 2024, { collectorNumber: '200/250', name: 'Bone Shaker', huntType: 'STH' }),
  car('hw-2024-ex1', {
    name: 'Porsche 911 GT3',
    collectorNumber: '010/250',
    series: 'HW Exotics',
    seriesNumber: '1/2',
    color: null,
  }),
  car('hw-2024-ex2', {
    name: 'McLaren F1',
    collectorNumber: '150/250',
    series: 'HW Exotics',
    seriesNumber: '2/2',
  }),
  // 2023: one series set, one STH.
  dream(1, 2023, { collectorNumber: '001/250' }),
  dream(2, 2023, { collectorNumber: '002/250', huntType: 'STH', name: 'Rodger Dodger' }),
  dream(3, 2023, { collectorNumber: '003/250' }),
  // A 2024 five-pack.
  ...[1, 2, 3].map((n) =>
    car(`hw-2024-fp${n}`, {
      name: `Flames ${n}`,
      type: 'Mainline 5-Pack',
      series: 'Mainline 5-Pack',
      setName: 'HW Flames 5-Pack',
      setId: 'hw-5p-2024-flames',
      fivePackId: 'hw-5p-2024-flames',
      carsInSet: 3,
    }),
  ),
  // Exclusives and a premium car.
  car('hw-2024-tg1', { type: 'Exclusive', category: 'Target Red Edition', series: 'Red Edition' }),
  car('hw-2022-tg1', { type: 'Exclusive', category: 'Target Red Edition', year: 2022 }),
  car('hw-2021-kr1', { type: 'Exclusive', category: 'Kroger Exclusive', year: 2021 }),
  car('hw-2024-pr1', { type: 'Premium', series: 'Car Culture: Modern Classics' }),
  // Matchbox.
  car('mb-2023-m1', { brand: 'Matchbox', year: 2023, name: 'Ford Bronco', series: 'MBX Off-Road' }),
  car('mb-2021-m1', { brand: 'Matchbox', year: 2021, name: 'Land Rover', series: 'MBX Off-Road' }),
];

const SETS: CatalogSet[] = [
  {
    id: 'hw-2024-hw-dream-garage',
    series: 'HW Dream Garage',
    year: 2024,
    name: 'HW Dream Garage',
    brand: 'Hot Wheels',
    carIds: ['hw-2024-dg1', 'hw-2024-dg2', 'hw-2024-dg3'],
    retailPrice: null,
  },
  {
    id: 'hw-2023-hw-dream-garage',
    series: 'HW Dream Garage',
    year: 2023,
    name: 'HW Dream Garage',
    brand: 'Hot Wheels',
    carIds: ['hw-2023-dg1', 'hw-2023-dg2', 'hw-2023-dg3'],
    retailPrice: null,
  },
  {
    id: 'hw-5p-2024-flames',
    series: 'Mainline 5-Pack',
    year: 2024,
    name: 'HW Flames 5-Pack',
    brand: 'Hot Wheels',
    carIds: ['hw-2024-fp1', 'hw-2024-fp2', 'hw-2024-fp3'],
    retailPrice: 5.49,
  },
];

const USER = 'collector-1';

async function device(): Promise<GarageDb> {
  const db = await openTestDevice();
  await db.catalog.replace({ version: 'browse-v1', cars: CARS, sets: SETS });
  return db;
}

/** The device's catalogue in memory, as the screens read it. */
async function catalogOf(db: GarageDb): Promise<CatalogIndex> {
  const catalog = await db.catalog.current();
  if (!catalog) throw new Error('the test device has no catalogue');
  return catalog;
}

const ids = (cars: { id: string }[]) => cars.map((c) => c.id);

describe('names in URLs', () => {
  it('slugs series the docs/product.md way and reads brand and year parameters', () => {
    expect(nameSlug('HW Dream Garage')).toBe('hw-dream-garage');
    expect(nameSlug('Car Culture: Modern Classics')).toBe('car-culture:-modern-classics');
    expect(brandFromParam('hot-wheels')).toBe('Hot Wheels');
    expect(brandFromParam('Hot%20Wheels')).toBe('Hot Wheels');
    expect(brandFromParam('MATCHBOX')).toBe('Matchbox');
    expect(brandFromParam('corgi')).toBeNull();
    expect(yearFromParam('2024')).toBe(2024);
    expect(yearFromParam('24')).toBeNull();
    expect(yearFromParam('abcd')).toBeNull();
    expect(decodeParam('fast-%26-furious')).toBe('fast-&-furious');
    expect(decodeParam('100%')).toBe('100%');
  });

  it('links a five-pack under /mainlines and any other set under its series slug', () => {
    expect(setLink(SETS[2] as CatalogSet)).toBe('/mainlines/five-pack/2024/hw-5p-2024-flames');
    expect(setLink(SETS[0] as CatalogSet)).toBe(
      '/series/hw-dream-garage/2024/hw-2024-hw-dream-garage',
    );
    expect(setLink({ id: 'x-1', series: 'Fast & Furious', year: 2020 })).toBe(
      '/series/fast-%26-furious/2020/x-1',
    );
  });
});

describe('year lists', () => {
  it('lists Hot Wheels mainline years newest first with their counts', async () => {
    const db = await device();
    expect(await yearCounts(await catalogOf(db), 'Hot Wheels', 'Mainline')).toEqual([
      { year: 2024, count: 5 },
      { year: 2023, count: 3 },
    ]);
  });

  it('lists every year of a brand, all types together', async () => {
    const db = await device();
    expect(await yearCounts(await catalogOf(db), 'Hot Wheels')).toEqual([
      { year: 2024, count: 10 },
      { year: 2023, count: 3 },
      { year: 2022, count: 1 },
      { year: 2021, count: 1 },
    ]);
    expect(await yearCounts(await catalogOf(db), 'Matchbox')).toEqual([
      { year: 2023, count: 1 },
      { year: 2021, count: 1 },
    ]);
  });

  it('sees a new catalogue version, not the counts it kept for the old one', async () => {
    const db = await device();
    expect(await yearCounts(await catalogOf(db), 'Matchbox')).toHaveLength(2);
    await db.catalog.replace({
      version: 'browse-v2',
      cars: [...CARS, car('mb-2025-m1', { brand: 'Matchbox', year: 2025 })],
      sets: SETS,
    });
    expect((await yearCounts(await catalogOf(db), 'Matchbox'))[0]).toEqual({
      year: 2025,
      count: 1,
    });
  });
});

describe('a year of cars', () => {
  it("lists a year's mainlines in collector-number order, without five-packs or premiums", async () => {
    const db = await device();
    expect(ids(await mainlineCars(await catalogOf(db), 2024))).toEqual([
      'hw-2024-dg2',
      'hw-2024-ex1',
      'hw-2024-dg1',
      'hw-2024-ex2',
      'hw-2024-dg3',
    ]);
    expect(await mainlineCars(await catalogOf(db), 1999)).toEqual([]);
  });

  it('groups under series headers in the order the year starts them, by position inside', async () => {
    const db = await device();
    const groups = groupBySeries(await mainlineCars(await catalogOf(db), 2024));
    expect(groups.map((g) => [g.title, ids(g.cars)])).toEqual([
      ['HW Dream Garage', ['hw-2024-dg1', 'hw-2024-dg2', 'hw-2024-dg3']],
      ['HW Exotics', ['hw-2024-ex1', 'hw-2024-ex2']],
    ]);
  });

  it('lists every car of a brand in a year', async () => {
    const db = await device();
    expect(ids(await brandYearCars(await catalogOf(db), 'Matchbox', 2023))).toEqual(['mb-2023-m1']);
    expect(await brandYearCars(await catalogOf(db), 'Hot Wheels', 2024)).toHaveLength(10);
  });

  it("lists a year's five-packs", async () => {
    const db = await device();
    expect(ids(await fivePacksOfYear(await catalogOf(db), 2024))).toEqual(['hw-5p-2024-flames']);
    expect(await fivePacksOfYear(await catalogOf(db), 2023)).toEqual([]);
  });

  it('narrows a list by word prefixes of name, toy number, series and colour', async () => {
    const db = await device();
    const cars = await mainlineCars(await catalogOf(db), 2024);
    expect(ids(narrowCars(await catalogOf(db), cars, 'twin'))).toEqual(['hw-2024-dg1']);
    expect(ids(narrowCars(await catalogOf(db), cars, 'exotics mc'))).toEqual(['hw-2024-ex2']);
    expect(narrowCars(await catalogOf(db), cars, '')).toHaveLength(5);
  });
});

describe('exclusives', () => {
  it('lists the retailer categories with their counts and years', async () => {
    const db = await device();
    expect(await exclusiveCategories(await catalogOf(db))).toEqual([
      {
        name: 'Kroger Exclusive',
        slug: 'kroger-exclusive',
        count: 1,
        firstYear: 2021,
        lastYear: 2021,
      },
      {
        name: 'Target Red Edition',
        slug: 'target-red-edition',
        count: 2,
        firstYear: 2022,
        lastYear: 2024,
      },
    ]);
  });

  it('finds a category by its slug, its years and a year of its cars', async () => {
    const db = await device();
    expect(await exclusiveYears(await catalogOf(db), 'target-red-edition')).toEqual({
      name: 'Target Red Edition',
      years: [
        { year: 2024, count: 1 },
        { year: 2022, count: 1 },
      ],
    });
    expect(await exclusiveYears(await catalogOf(db), 'nowhere')).toBeNull();
    const { name, cars } = await exclusiveCars(await catalogOf(db), 'target-red-edition', 2024);
    expect(name).toBe('Target Red Edition');
    expect(ids(cars)).toEqual(['hw-2024-tg1']);
  });
});

describe('series and sets', () => {
  it("finds a series' sets by slug, newest first", async () => {
    const db = await device();
    const index = await seriesIndex(await catalogOf(db), 'hw-dream-garage');
    expect(index.series).toBe('HW Dream Garage');
    expect(ids(index.sets)).toEqual(['hw-2024-hw-dream-garage', 'hw-2023-hw-dream-garage']);
    expect(index.cars).toEqual([]);
  });

  it('lists the cars of a series that makes no set, and nothing for an unknown one', async () => {
    const db = await device();
    const offRoad = await seriesIndex(await catalogOf(db), 'mbx-off-road');
    expect(offRoad.series).toBe('MBX Off-Road');
    expect(ids(offRoad.cars)).toEqual(['mb-2023-m1', 'mb-2021-m1']);
    expect(await seriesIndex(await catalogOf(db), 'no-such-series')).toEqual({
      series: null,
      sets: [],
      cars: [],
    });
  });

  it('gives a set with its cars in order, and a car with its set', async () => {
    const db = await device();
    const found = await setWithCars(await catalogOf(db), 'hw-5p-2024-flames');
    expect(ids(found?.cars ?? [])).toEqual(['hw-2024-fp1', 'hw-2024-fp2', 'hw-2024-fp3']);
    expect(await setWithCars(await catalogOf(db), 'nope')).toBeNull();
    expect((await carWithSet(await catalogOf(db), 'hw-2024-fp2'))?.set?.id).toBe(
      'hw-5p-2024-flames',
    );
    expect((await carWithSet(await catalogOf(db), 'hw-2024-dg1'))?.set?.id).toBe(
      'hw-2024-hw-dream-garage',
    );
    expect((await carWithSet(await catalogOf(db), 'hw-2024-pr1'))?.set).toBeNull();
    expect(await carWithSet(await catalogOf(db), 'nope')).toBeNull();
  });
});

describe("the collector's marks", () => {
  it('answers how many you own, by condition, and the favourite, wishlist and trade state', async () => {
    const db = await device();
    const clock = fixedClock();
    const change = (name: string, args: unknown) => applyLocalChange(db, USER, name, args, clock);
    expect(ownershipAnswer((await ownedCarState(db, USER, 'hw-2024-dg1')).instances)).toBe(
      "You don't own this one yet",
    );
    await change('collection/add-car-instance', { carId: 'hw-2024-dg1', details: {} });
    await change('collection/add-car-instance', {
      carId: 'hw-2024-dg1',
      details: { condition: 'loose' },
    });
    await change('collection/toggle-favorite', { carId: 'hw-2024-dg1', isFavorited: false });
    await change('collection/toggle-wishlist', { carId: 'hw-2024-ex1', isWishlisted: false });
    await change('collection/update-car-details', {
      carId: 'hw-2024-dg1',
      forTrade: 1,
      forSale: 0,
    });

    const state = await ownedCarState(db, USER, 'hw-2024-dg1');
    expect(ownershipAnswer(state.instances)).toBe('You own 2 · 1 carded, 1 loose');
    expect(state).toMatchObject({ isFavorite: true, isWishlisted: false, forTrade: 1, forSale: 0 });

    const marks = await carMarks(db, USER, ['hw-2024-dg1', 'hw-2024-ex1', 'hw-2024-ex2']);
    expect([...marks.owned]).toEqual([['hw-2024-dg1', 2]]);
    expect([...marks.favorites]).toEqual(['hw-2024-dg1']);
    expect([...marks.wishlist]).toEqual(['hw-2024-ex1']);
    // Another collector on the same device, and a signed-out visitor, see nothing.
    expect((await carMarks(db, 'someone-else', ['hw-2024-dg1'])).owned.size).toBe(0);
    expect((await carMarks(db, null, ['hw-2024-dg1'])).owned.size).toBe(0);
  });

  it('counts owned / total for sets and the set instances', async () => {
    const db = await device();
    const clock = fixedClock();
    const flames = SETS[2] as CatalogSet;
    const dreamSet = SETS[0] as CatalogSet;
    await applyLocalChange(
      db,
      USER,
      'collection/add-multiple-set-instances',
      { set: { id: flames.id }, instances: [{}, {}] },
      clock,
    );
    await applyLocalChange(
      db,
      USER,
      'collection/add-car-instance',
      { carId: 'hw-2024-dg3', details: {} },
      clock,
    );
    const progress = await setsProgress(db, USER, [flames, dreamSet]);
    expect(progress.get(flames.id)).toEqual({ owned: 3, total: 3, setInstances: 2 });
    expect(progress.get(dreamSet.id)).toEqual({ owned: 1, total: 3, setInstances: 0 });

    const state = await ownedSetState(db, USER, flames);
    expect(state.instances).toHaveLength(2);
    expect(state).toMatchObject({ owned: 3, total: 3, setInstances: 2, isFavorite: false });
    expect((await ownedSetState(db, null, flames)).owned).toBe(0);
  });
});

describe('/filter', () => {
  it('combines brand, year, series and hunt type', async () => {
    const db = await device();
    const catalog = await catalogOf(db);
    const filter = (f: Partial<typeof NO_FILTERS>) =>
      filterCatalog(db, catalog, USER, { ...NO_FILTERS, ...f }).then(ids);
    expect(await filter({ huntType: 'STH' })).toEqual(['hw-2024-dg3', 'hw-2023-dg2']);
    expect(await filter({ huntType: 'STH', year: 2023 })).toEqual(['hw-2023-dg2']);
    expect(await filter({ brand: 'Matchbox' })).toEqual(['mb-2023-m1', 'mb-2021-m1']);
    expect(await filter({ brand: 'Matchbox', year: 2021 })).toEqual(['mb-2021-m1']);
    expect(await filter({ series: 'HW Exotics' })).toEqual(['hw-2024-ex2', 'hw-2024-ex1']);
    expect(await filter({ series: 'HW Exotics', huntType: 'TH' })).toEqual([]);
    expect(await filter({})).toHaveLength(CARS.length);
  });

  it('filters by what the collector owns, misses, wishes for, and the condition of copies', async () => {
    const db = await device();
    const clock = fixedClock();
    const change = (name: string, args: unknown) => applyLocalChange(db, USER, name, args, clock);
    await change('collection/add-car-instance', { carId: 'hw-2024-dg3', details: {} });
    await change('collection/add-car-instance', {
      carId: 'hw-2023-dg2',
      details: { condition: 'loose' },
    });
    await change('collection/toggle-wishlist', { carId: 'hw-2024-ex1', isWishlisted: false });
    const catalog = await catalogOf(db);
    const filter = (f: Partial<typeof NO_FILTERS>, user: string | null = USER) =>
      filterCatalog(db, catalog, user, { ...NO_FILTERS, ...f }).then(ids);

    expect(await filter({ ownership: 'owned' })).toEqual(['hw-2024-dg3', 'hw-2023-dg2']);
    expect(await filter({ ownership: 'owned', huntType: 'STH', year: 2024 })).toEqual([
      'hw-2024-dg3',
    ]);
    expect(await filter({ ownership: 'missing', huntType: 'STH' })).toEqual([]);
    expect(await filter({ ownership: 'missing', series: 'HW Exotics' })).toEqual([
      'hw-2024-ex2',
      'hw-2024-ex1',
    ]);
    expect(await filter({ ownership: 'wishlist' })).toEqual(['hw-2024-ex1']);
    expect(await filter({ condition: 'loose' })).toEqual(['hw-2023-dg2']);
    expect(await filter({ condition: 'carded', year: 2023 })).toEqual([]);
    // Signed out, nothing is owned: every car is missing.
    expect(await filter({ ownership: 'owned' }, null)).toEqual([]);
    expect(await filter({ ownership: 'missing' }, null)).toHaveLength(CARS.length);
  });

  it('offers the years and series of the catalogue', async () => {
    const db = await device();
    const options = await filterOptions(await catalogOf(db));
    expect(options.years).toEqual([2024, 2023, 2022, 2021]);
    expect(options.series).toContain('HW Dream Garage');
    expect(options.series).toEqual([...options.series].sort((a, b) => a.localeCompare(b)));
  });
});
