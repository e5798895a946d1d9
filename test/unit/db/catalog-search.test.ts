// Catalogue search on the device: word prefixes over casting name, toy number, collector number.
import { describe, expect, it } from 'vitest';
import { CatalogIndex } from '../../../src/db/catalog-index';
import { searchWordsOfCar, wordsOf } from '../../../src/db/search-words';
import type { CatalogCar } from '../../../src/shared/catalog/types';
import { BONE_SHAKER, CHARGER, SKYLINE } from '../../fixtures/catalog';
import { openTestDevice } from '../../fixtures/device';

describe('catalogue search', () => {
  it('splits names into lower-case words without punctuation or accents', () => {
    expect(wordsOf("'69 Dodge Charger 500")).toEqual(['69', 'dodge', 'charger', '500']);
    expect(wordsOf('Citroën DS')).toEqual(['citroen', 'ds']);
    expect(
      searchWordsOfCar({ name: 'Bone Shaker', toyNumber: 'HTB 84', collectorNumber: '12/250' }),
    ).toEqual(['bone', 'shaker', 'htb84', 'htb', '84', '12/250', '12', '250']);
  });

  it('finds cars by every typed word as a prefix, in any order', async () => {
    const device = await openTestDevice();
    const catalog = await device.catalog.current();
    const ids = async (query: string) => (catalog?.search(query) ?? []).map((car) => car.id);
    expect(await ids('charg')).toEqual([CHARGER]);
    expect(await ids('dodge 69')).toEqual([CHARGER]);
    expect(await ids('shaker bo')).toEqual([BONE_SHAKER]);
    expect(await ids('skyline gt')).toEqual([SKYLINE]);
    expect(await ids('nothing like this')).toEqual([]);
  });

  it('finds a car by its toy number', async () => {
    const device = await openTestDevice();
    const catalog = await device.catalog.current();
    const charger = catalog?.car(CHARGER);
    const results = catalog?.search(charger!.toyNumber!.toLowerCase()) ?? [];
    expect(results.map((car) => car.id)).toContain(CHARGER);
  });

  it('lists the newest cars as a sort of every car by year, newest first, then name', () => {
    const names = [
      'Twin Mill',
      'Bone Shaker',
      'Audi',
      'twin mill',
      'Zamac',
      'Ärger',
      'Bone Shaker',
    ];
    const cars = Array.from({ length: 60 }, (_, i) => ({
      id: `car-${i}`,
      name: names[i % names.length] as string,
      year: 2020 + (i % 4),
    })) as unknown as CatalogCar[];
    const catalog = new CatalogIndex({ version: 'v', cars, sets: [] });
    const sorted = [...cars].sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
    for (const limit of [1, 10, 15, 16, 40, 60, 100]) {
      expect(catalog.newest(limit).map((car) => car.id)).toEqual(
        sorted.slice(0, limit).map((car) => car.id),
      );
    }
  });
});
