// The demo catalogue that ships with the app: enough believable content for every screen on a fresh install.
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import type { CatalogCarInput } from '../../../src/shared/catalog/types';
import { BRANDS, CAR_TYPES, FIVE_PACK_SERIES, HUNT_TYPES } from '../../../src/shared/catalog/types';
import { groupBy } from '../../../src/shared/group-by';
import { CATALOG_INPUT_FIELDS } from '../../../api/catalog/catalog-input-schema';

const cars = JSON.parse(
  readFileSync(new URL('../../../api/catalog/demo-catalog.json', import.meta.url), 'utf8'),
) as CatalogCarInput[];

const INPUT_KEYS = [...CATALOG_INPUT_FIELDS].sort();

const FIRST_YEAR = 2019;
const LAST_YEAR = 2025;

const distinct = <T>(values: T[]) => new Set(values).size;
const label = (car: CatalogCarInput) => `${car.brand} ${car.year} ${car.name}`;

describe('demo catalogue', () => {
  it('is an array of 300 to 400 cars', () => {
    expect(Array.isArray(cars)).toBe(true);
    expect(cars.length).toBeGreaterThanOrEqual(300);
    expect(cars.length).toBeLessThanOrEqual(400);
  });

  it('gives every car exactly the 16 CatalogCarInput keys with well-typed values', () => {
    for (const car of cars) {
      expect(Object.keys(car).sort(), label(car)).toEqual(INPUT_KEYS);
      expect(typeof car.name, label(car)).toBe('string');
      expect(car.name.trim().length, label(car)).toBeGreaterThan(0);
      expect(car.name.length, label(car)).toBeLessThanOrEqual(60);
      expect(Number.isInteger(car.year), label(car)).toBe(true);
      expect(BRANDS, label(car)).toContain(car.brand);
      expect(CAR_TYPES, label(car)).toContain(car.type);
      if (car.huntType !== null) expect(HUNT_TYPES, label(car)).toContain(car.huntType);
      expect(car.image, label(car)).toBeNull();
      expect(typeof car.color === 'string' && car.color.length > 0, label(car)).toBe(true);
      for (const price of [car.retailPrice, car.setRetailPrice]) {
        expect(price === null || (typeof price === 'number' && price > 0), label(car)).toBe(true);
      }
      for (const text of [car.toyNumber, car.collectorNumber, car.series, car.seriesNumber]) {
        expect(text === null || (typeof text === 'string' && text.length > 0), label(car)).toBe(
          true,
        );
      }
    }
  });

  it(`covers every year from ${FIRST_YEAR} to ${LAST_YEAR} with several cars each`, () => {
    const years = cars.map((car) => car.year);
    expect(Math.min(...years)).toBe(FIRST_YEAR);
    expect(Math.max(...years)).toBe(LAST_YEAR);
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      expect(years.filter((y) => y === year).length, String(year)).toBeGreaterThanOrEqual(5);
    }
  });

  it('has both brands, mostly Hot Wheels, and at least 50 Matchbox cars over 3 or more years', () => {
    const hotWheels = cars.filter((car) => car.brand === 'Hot Wheels');
    const matchbox = cars.filter((car) => car.brand === 'Matchbox');
    expect(hotWheels.length).toBeGreaterThan(cars.length / 2);
    expect(matchbox.length).toBeGreaterThanOrEqual(50);
    expect(distinct(matchbox.map((car) => car.year))).toBeGreaterThanOrEqual(3);
  });

  it('gives every car a Mattel-style toy number, unique per brand and year', () => {
    for (const [key, group] of groupBy(
      cars,
      (car) => `${car.brand}|${car.year}|${car.toyNumber}`,
    )) {
      expect(group.length, key).toBe(1);
    }
    for (const car of cars) expect(car.toyNumber, label(car)).toMatch(/^[A-Z]{3}\d{2}$/);
  });

  it('numbers every k/N series group completely: exactly N members numbered 1..N', () => {
    const numbered = cars.filter((car) => car.seriesNumber !== null);
    expect(numbered.length).toBeGreaterThan(0);
    for (const car of numbered) {
      expect(car.series, label(car)).not.toBeNull();
      expect(car.seriesNumber, label(car)).toMatch(/^\d+\/\d+$/);
    }
    const groups = groupBy(numbered, (car) => `${car.brand}|${car.year}|${car.series}`);
    for (const [key, group] of groups) {
      const positions = group.map((car) => (car.seriesNumber ?? '').split('/').map(Number));
      const totals = new Set(positions.map(([, total]) => total));
      expect(totals.size, key).toBe(1);
      const [total] = [...totals];
      expect(group.length, key).toBe(total);
      const indexes = positions.map(([index]) => index).sort((a = 0, b = 0) => a - b);
      expect(indexes, key).toEqual(Array.from({ length: group.length }, (_, i) => i + 1));
    }
    // A series either numbers all its cars in a year or none of them.
    for (const car of cars.filter((c) => c.seriesNumber === null && c.series !== null)) {
      expect(groups.has(`${car.brand}|${car.year}|${car.series}`), label(car)).toBe(false);
    }
  });

  it('prints Hot Wheels mainline cars as k/250 at 1.25 in numbered sub-series', () => {
    const mainline = cars.filter((car) => car.brand === 'Hot Wheels' && car.type === 'Mainline');
    expect(mainline.length).toBeGreaterThanOrEqual(100);
    for (const car of mainline) {
      expect(car.collectorNumber, label(car)).toMatch(/^\d{3}\/250$/);
      expect(car.seriesNumber, label(car)).toMatch(/^\d+\/\d+$/);
      expect(car.retailPrice, label(car)).toBe(1.25);
      expect(car.fivePackId, label(car)).toBeNull();
    }
    for (const [key, group] of groupBy(mainline, (car) => String(car.year))) {
      expect(distinct(group.map((car) => car.collectorNumber)), key).toBe(group.length);
    }
  });

  it('has five-car premium sets and themed series sets', () => {
    const premiumSets = groupBy(
      cars.filter((car) => car.brand === 'Hot Wheels' && car.type === 'Premium'),
      (car) => `${car.year}|${car.series}`,
    );
    expect(premiumSets.size).toBeGreaterThanOrEqual(3);
    for (const [key, group] of premiumSets) {
      expect(group.length, key).toBe(5);
      for (const car of group) expect(car.retailPrice, key).toBe(5.99);
    }
    const themedSets = groupBy(
      cars.filter((car) => car.type === 'Series'),
      (car) => `${car.brand}|${car.year}|${car.series}`,
    );
    expect(themedSets.size).toBeGreaterThanOrEqual(2);
    for (const [key, group] of themedSets) expect(group.length, key).toBe(5);
  });

  it('has at least 6 five-packs over 3 or more years, each exactly 5 cars sharing name and year', () => {
    const packCars = cars.filter(
      (car) => car.fivePackId !== null || car.type === 'Mainline 5-Pack',
    );
    for (const car of packCars) {
      expect(car.type, label(car)).toBe('Mainline 5-Pack');
      expect(car.series, label(car)).toBe(FIVE_PACK_SERIES);
      expect(car.fivePackId, label(car)).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(car.setName, label(car)).toMatch(/5-Pack$/);
      expect(car.seriesNumber, label(car)).toBeNull();
      expect(car.retailPrice, label(car)).toBeNull();
      expect(car.setRetailPrice, label(car)).toBe(5.49);
    }
    const packs = groupBy(packCars, (car) => car.fivePackId ?? '');
    expect(packs.size).toBeGreaterThanOrEqual(6);
    for (const [id, members] of packs) {
      expect(members.length, id).toBe(5);
      expect(distinct(members.map((car) => car.setName)), id).toBe(1);
      expect(distinct(members.map((car) => car.year)), id).toBe(1);
      expect(distinct(members.map((car) => car.brand)), id).toBe(1);
    }
    const names = [...packs.values()].map(
      (members) => `${members[0]?.year} ${members[0]?.setName}`,
    );
    expect(distinct(names)).toBe(packs.size);
    expect(distinct(packCars.map((car) => car.year))).toBeGreaterThanOrEqual(3);
  });

  it('has at least 20 exclusives in 3 or more retailer categories, each over several years', () => {
    const exclusives = cars.filter((car) => car.type === 'Exclusive');
    expect(exclusives.length).toBeGreaterThanOrEqual(20);
    for (const car of exclusives) expect(car.category, label(car)).toBeTruthy();
    const categories = groupBy(exclusives, (car) => car.category ?? '');
    expect(categories.size).toBeGreaterThanOrEqual(3);
    for (const [category, group] of categories) {
      expect(distinct(group.map((car) => car.year)), category).toBeGreaterThanOrEqual(2);
    }
    for (const car of cars.filter((c) => c.type !== 'Exclusive')) {
      expect(car.category, label(car)).toBeNull();
    }
  });

  it('has at least 10 treasure hunts and 6 super treasure hunts, all numbered mainline cars', () => {
    const hunts = cars.filter((car) => car.huntType !== null);
    const th = hunts.filter((car) => car.huntType === 'TH');
    const sth = hunts.filter((car) => car.huntType === 'STH');
    expect(th.length).toBeGreaterThanOrEqual(10);
    expect(sth.length).toBeGreaterThanOrEqual(6);
    expect(distinct(sth.map((car) => car.year))).toBeGreaterThanOrEqual(3);
    for (const car of hunts) {
      expect(car.brand, label(car)).toBe('Hot Wheels');
      expect(car.type, label(car)).toBe('Mainline');
      expect(car.series, label(car)).not.toBeNull();
      expect(car.seriesNumber, label(car)).not.toBeNull();
      expect(car.collectorNumber, label(car)).not.toBeNull();
    }
  });

  it('prints Matchbox mainline cars as k/100 and has a numbered Moving Parts premium series', () => {
    const matchbox = cars.filter((car) => car.brand === 'Matchbox');
    const mainline = matchbox.filter((car) => car.type === 'Mainline');
    expect(mainline.length).toBeGreaterThan(0);
    for (const car of mainline) {
      expect(car.collectorNumber, label(car)).toMatch(/^\d{1,3}\/100$/);
      expect(car.retailPrice, label(car)).toBe(1.25);
    }
    const movingParts = matchbox.filter((car) => car.series === 'Moving Parts');
    expect(movingParts.length).toBeGreaterThan(0);
    for (const car of movingParts) {
      expect(car.type, label(car)).toBe('Premium');
      expect(car.seriesNumber, label(car)).toMatch(/^\d+\/\d+$/);
      expect(car.retailPrice, label(car)).toBe(5.99);
    }
  });
});
