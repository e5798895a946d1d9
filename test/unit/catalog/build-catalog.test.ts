// Tests deriving the catalogue: ids, duplicate merging, series sets, five-packs, determinism.
import { describe, it, expect } from 'vitest';
import type { CatalogCar, CatalogCarInput } from '../../../src/shared/catalog/types';
import { FIVE_PACK_SERIES } from '../../../src/shared/catalog/types';
import { buildCatalog, slugify } from '../../../api/catalog/build-catalog';

function input(overrides: Partial<CatalogCarInput> = {}): CatalogCarInput {
  return {
    toyNumber: null,
    collectorNumber: null,
    name: 'Twin Mill',
    image: null,
    series: null,
    seriesNumber: null,
    year: 2020,
    color: null,
    type: 'Mainline',
    category: null,
    huntType: null,
    brand: 'Hot Wheels',
    retailPrice: null,
    setRetailPrice: null,
    setName: null,
    fivePackId: null,
    ...overrides,
  };
}

function carNamed(cars: CatalogCar[], name: string): CatalogCar {
  const car = cars.find((candidate) => candidate.name === name);
  if (!car) throw new Error(`no car named ${name}`);
  return car;
}

describe('slugify', () => {
  it('lowercases, drops accents and punctuation, joins words with single dashes', () => {
    expect(slugify("'67 Camaro")).toBe('67-camaro');
    expect(slugify('Lamborghini Murciélago')).toBe('lamborghini-murcielago');
    expect(slugify('Fast & Furious  Premium')).toBe('fast-furious-premium');
    expect(slugify('14908/2015')).toBe('14908-2015');
  });

  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('x');
  });
});

describe('buildCatalog: car ids', () => {
  it('derives the id from brand, year and toy number', () => {
    const { cars } = buildCatalog([
      input({ toyNumber: 'FYF75' }),
      input({ toyNumber: 'GHB-12', brand: 'Matchbox', year: 2021, name: 'Land Rover' }),
    ]);
    expect(cars.map((car) => car.id)).toEqual(['hw-2020-fyf75', 'mb-2021-ghb-12']);
  });

  it('falls back to series and name without a toy number', () => {
    const { cars } = buildCatalog([
      input({ series: 'Car Culture', name: "'71 Datsun 510" }),
      input({ name: 'Bone Shaker' }),
    ]);
    expect(cars.map((car) => car.id)).toEqual([
      'hw-2020-car-culture-71-datsun-510',
      'hw-2020-x-bone-shaker',
    ]);
  });

  it('gives different cars that share a toy number distinct ids built from their names', () => {
    const { cars, merged } = buildCatalog([
      input({ toyNumber: 'R0916', name: "'67 Shelby GT500" }),
      input({ toyNumber: 'R0916', name: "'67 Shelby GT500 (2nd Color)" }),
      input({ toyNumber: 'R0917', name: 'Tooligan' }),
    ]);
    expect(merged).toBe(0);
    expect(cars.map((car) => car.id)).toEqual([
      'hw-2020-r0916-67-shelby-gt500',
      'hw-2020-r0916-67-shelby-gt500-2nd-color',
      'hw-2020-r0917',
    ]);
  });

  it('tells apart no-toy-number cars of the same name by colour', () => {
    const { cars } = buildCatalog([
      input({ series: 'RLC Exclusive', name: 'Porsche 959', color: 'Spectraflame red' }),
      input({ series: 'RLC Exclusive', name: 'Porsche 959', color: 'True Black' }),
    ]);
    expect(cars.map((car) => car.id)).toEqual([
      'hw-2020-rlc-exclusive-porsche-959-spectraflame-red',
      'hw-2020-rlc-exclusive-porsche-959-true-black',
    ]);
  });

  it('numbers cars whose names only differ in punctuation, whatever the input order', () => {
    const first = input({ toyNumber: 'J7994', name: '1968 Mustang (3rd Color)' });
    const second = input({ toyNumber: 'J7994', name: '1968 Mustang (3rd Color}' });
    const forward = buildCatalog([first, second]).cars;
    const backward = buildCatalog([second, first]).cars;
    expect(forward.map((car) => car.id)).toEqual([
      'hw-2020-j7994-1968-mustang-3rd-color',
      'hw-2020-j7994-1968-mustang-3rd-color-2',
    ]);
    expect(backward).toEqual(forward);
  });

  it('keeps ids unique when a disambiguated id equals another car’s id', () => {
    const { cars } = buildCatalog([
      input({ toyNumber: 'A1', name: 'Bone Shaker' }),
      input({ toyNumber: 'A1', name: 'Twin Mill' }),
      input({ toyNumber: 'A1-twin-mill', name: 'Twin Mill' }),
    ]);
    const ids = cars.map((car) => car.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toContain('hw-2020-a1-twin-mill-2');
  });
});

describe('buildCatalog: exact duplicates', () => {
  it('merges same brand, year, toy number and name; the first non-null field wins', () => {
    const { cars, merged } = buildCatalog([
      input({ toyNumber: 'G6686', name: 'Eclipse', image: null, color: 'Silver' }),
      input({ toyNumber: 'G6686', name: 'Eclipse', image: 'https://img/1.jpg', color: 'Red' }),
      input({ toyNumber: 'G6686', name: 'Eclipse', image: 'https://img/2.jpg', huntType: 'TH' }),
    ]);
    expect(merged).toBe(2);
    expect(cars).toHaveLength(1);
    expect(cars[0]).toMatchObject({
      id: 'hw-2020-g6686',
      image: 'https://img/1.jpg',
      color: 'Silver',
      huntType: 'TH',
    });
  });

  it('does not merge across years or brands', () => {
    const { cars, merged } = buildCatalog([
      input({ toyNumber: 'A1' }),
      input({ toyNumber: 'A1', year: 2021 }),
      input({ toyNumber: 'A1', brand: 'Matchbox' }),
    ]);
    expect(merged).toBe(0);
    expect(cars).toHaveLength(3);
  });

  it('merges cars without a toy number only when series and colour match too', () => {
    const { cars, merged } = buildCatalog([
      input({ series: 'RLC', name: 'Porsche 959', color: 'Red' }),
      input({ series: 'RLC', name: 'Porsche 959', color: 'Red', image: 'https://img/959.jpg' }),
      input({ series: 'RLC', name: 'Porsche 959', color: 'Black' }),
    ]);
    expect(merged).toBe(1);
    expect(cars).toHaveLength(2);
    expect(cars.find((car) => car.color === 'Red')?.image).toBe('https://img/959.jpg');
  });

  it('takes a series position from a duplicate only if it is in the same series', () => {
    const { cars } = buildCatalog([
      input({ toyNumber: '15789', name: 'Porsche 911', series: '1997 Hot Wheels' }),
      input({
        toyNumber: '15789',
        name: 'Porsche 911',
        series: 'Street Racers',
        seriesNumber: '3/4',
      }),
    ]);
    expect(cars[0]).toMatchObject({ series: '1997 Hot Wheels', seriesNumber: null, setId: null });
  });
});

describe('buildCatalog: series sets', () => {
  const flames = [
    input({ toyNumber: 'C3', name: 'Charlie', series: 'HW Flames', seriesNumber: '3/10' }),
    input({ toyNumber: 'C1', name: 'Alpha', series: 'HW Flames', seriesNumber: '1/10' }),
    input({
      toyNumber: 'C1B',
      name: 'Alpha (2nd Color)',
      series: 'HW Flames',
      seriesNumber: '1/10',
    }),
    input({ toyNumber: 'C9', name: 'No Position', series: 'HW Flames' }),
    input({ toyNumber: 'C2', name: 'Bravo', series: 'HW Flames', seriesNumber: '2/10' }),
  ];

  it('groups a series with positions into one set ordered by position then name', () => {
    const { sets } = buildCatalog(flames);
    expect(sets).toEqual([
      {
        id: 'hw-2020-hw-flames',
        series: 'HW Flames',
        year: 2020,
        name: 'HW Flames',
        brand: 'Hot Wheels',
        carIds: ['hw-2020-c1', 'hw-2020-c1b', 'hw-2020-c2', 'hw-2020-c3', 'hw-2020-c9'],
        retailPrice: null,
      },
    ]);
  });

  it('links every member to the set with the declared set size', () => {
    const { cars } = buildCatalog(flames);
    for (const car of cars) {
      expect(car).toMatchObject({
        setId: 'hw-2020-hw-flames',
        setName: 'HW Flames',
        carsInSet: 10,
      });
    }
  });

  it('uses the largest declared size when positions disagree', () => {
    const { cars } = buildCatalog([
      input({ toyNumber: 'T1', series: '2005 Treasure Hunts', seriesNumber: '1/12' }),
      input({ toyNumber: 'T13', series: '2005 Treasure Hunts', seriesNumber: '13/13' }),
    ]);
    expect(cars.map((car) => car.carsInSet)).toEqual([13, 13]);
  });

  it('makes no set for a series without any k/N position', () => {
    const { sets, cars } = buildCatalog([
      input({ toyNumber: 'B66', series: 'Boulevard', seriesNumber: '66' }),
      input({
        toyNumber: 'B67',
        series: 'Boulevard',
        seriesNumber: '67',
        setName: 'Boulevard Wave A',
      }),
    ]);
    expect(sets).toEqual([]);
    expect(cars.map((car) => [car.setId, car.setName, car.carsInSet])).toEqual([
      [null, null, null],
      [null, 'Boulevard Wave A', null],
    ]);
  });

  it('keeps a series of each year and brand apart', () => {
    const { sets } = buildCatalog([
      input({ toyNumber: 'A', series: 'HW Flames', seriesNumber: '1/5', year: 2019 }),
      input({ toyNumber: 'B', series: 'HW Flames', seriesNumber: '1/5', year: 2020 }),
      input({ toyNumber: 'C', series: 'HW Flames', seriesNumber: '1/5', brand: 'Matchbox' }),
    ]);
    expect(sets.map((set) => set.id)).toEqual([
      'hw-2019-hw-flames',
      'hw-2020-hw-flames',
      'mb-2020-hw-flames',
    ]);
  });

  it('puts spellings sharing a slug into one set under the commonest spelling', () => {
    const { sets, cars } = buildCatalog([
      input({ toyNumber: 'A', series: '1997 Hot wheels', seriesNumber: '1/3' }),
      input({ toyNumber: 'B', series: '1997 Hot Wheels', seriesNumber: '2/3' }),
      input({ toyNumber: 'C', series: '1997 Hot Wheels', seriesNumber: '3/3' }),
    ]);
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ id: 'hw-2020-1997-hot-wheels', name: '1997 Hot Wheels' });
    expect(carNamed(cars, 'Twin Mill').setId).toBe('hw-2020-1997-hot-wheels');
    expect(cars.map((car) => car.series)).toEqual([
      '1997 Hot wheels',
      '1997 Hot Wheels',
      '1997 Hot Wheels',
    ]);
  });
});

describe('buildCatalog: five-packs', () => {
  const pack = [
    input({
      name: 'Bone Shaker',
      series: 'HW Getaways',
      fivePackId: 'getaways-2021',
      type: 'Mainline 5-Pack',
    }),
    input({
      name: 'Twin Mill',
      series: 'HW Getaways',
      fivePackId: 'getaways-2021',
      setName: 'HW Getaways 5-Pack',
      setRetailPrice: 6.99,
      type: 'Mainline 5-Pack',
    }),
    input({
      name: 'Deora II',
      fivePackId: 'getaways-2021',
      setRetailPrice: 7.49,
      type: 'Mainline 5-Pack',
    }),
  ];

  it('makes a five-pack set in input order, named by the input set name', () => {
    const { sets, cars } = buildCatalog(pack);
    expect(sets).toEqual([
      {
        id: 'getaways-2021',
        series: FIVE_PACK_SERIES,
        year: 2020,
        name: 'HW Getaways 5-Pack',
        brand: 'Hot Wheels',
        carIds: [
          carNamed(cars, 'Bone Shaker').id,
          carNamed(cars, 'Twin Mill').id,
          carNamed(cars, 'Deora II').id,
        ],
        retailPrice: 6.99,
      },
    ]);
  });

  it('links members with the pack name and member count, keeping their series', () => {
    const { cars } = buildCatalog(pack);
    expect(carNamed(cars, 'Bone Shaker')).toMatchObject({
      setId: 'getaways-2021',
      setName: 'HW Getaways 5-Pack',
      carsInSet: 3,
      series: 'HW Getaways',
      fivePackId: 'getaways-2021',
    });
  });

  it('falls back to the five-pack id as its name', () => {
    const { sets } = buildCatalog([input({ fivePackId: 'pack-1' })]);
    expect(sets[0]?.name).toBe('pack-1');
  });

  it('takes precedence over a series set for its cars', () => {
    const { sets, cars } = buildCatalog([
      input({ toyNumber: 'F1', series: 'HW Flames', seriesNumber: '1/5' }),
      input({
        name: 'Packed',
        series: 'HW Flames',
        seriesNumber: '2/5',
        fivePackId: 'flames-pack',
      }),
    ]);
    expect(sets.map((set) => [set.id, set.carIds.length])).toEqual([
      ['flames-pack', 1],
      ['hw-2020-hw-flames', 1],
    ]);
    expect(carNamed(cars, 'Packed').setId).toBe('flames-pack');
  });

  it('does not merge the same casting in two different packs', () => {
    const { cars, merged } = buildCatalog([
      input({ name: 'Bone Shaker', fivePackId: 'pack-a' }),
      input({ name: 'Bone Shaker', fivePackId: 'pack-b' }),
    ]);
    expect(merged).toBe(0);
    expect(cars.map((car) => [car.id, car.setId])).toEqual([
      ['hw-2020-x-bone-shaker-pack-a', 'pack-a'],
      ['hw-2020-x-bone-shaker-pack-b', 'pack-b'],
    ]);
  });

  it('throws when a five-pack id is also a series set id', () => {
    expect(() =>
      buildCatalog([
        input({ toyNumber: 'F1', series: 'HW Flames', seriesNumber: '1/5' }),
        input({ name: 'Packed', fivePackId: 'hw-2020-hw-flames' }),
      ]),
    ).toThrow(/Five-pack id "hw-2020-hw-flames" is also the id of a series set/);
  });

  it('throws when one five-pack mixes years', () => {
    expect(() =>
      buildCatalog([
        input({ fivePackId: 'pack-1' }),
        input({ name: 'Other', year: 2021, fivePackId: 'pack-1' }),
      ]),
    ).toThrow(/Five-pack "pack-1" mixes/);
  });
});

describe('buildCatalog: determinism', () => {
  const inputs = [
    input({ toyNumber: 'Z9', name: 'Zed', series: 'HW Flames', seriesNumber: '2/2' }),
    input({ toyNumber: 'A1', name: 'Ace', series: 'HW Flames', seriesNumber: '1/2' }),
    input({ name: 'Loose', series: 'Boulevard' }),
    input({ name: 'Packed', fivePackId: 'pack-1' }),
  ];

  it('sorts cars and sets by id', () => {
    const { cars, sets } = buildCatalog(inputs);
    const carIds = cars.map((car) => car.id);
    expect(carIds).toEqual([...carIds].sort());
    expect(sets.map((set) => set.id)).toEqual(['hw-2020-hw-flames', 'pack-1']);
  });

  it('gives byte-identical output for the same input', () => {
    expect(JSON.stringify(buildCatalog(inputs))).toBe(JSON.stringify(buildCatalog(inputs)));
  });

  it('does not depend on input order when nothing is merged', () => {
    expect(buildCatalog([...inputs].reverse())).toEqual(buildCatalog(inputs));
  });

  it('does not modify its input', () => {
    const copy = structuredClone(inputs);
    buildCatalog(inputs);
    expect(inputs).toEqual(copy);
  });
});
