// The catalogue's own database: a few large chunks under one head, replaced in one transaction,
// and the first layout (the whole catalogue as one value) still read until it is replaced.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CARS_PER_CHUNK, openCatalogBox } from '../../../src/db/catalog-box';
import type { Catalog, CatalogCar } from '../../../src/shared/catalog/types';
import { fixtureCars, fixtureSets } from '../../fixtures/catalog';

function catalogOf(version: string, size: number): Catalog {
  const template = fixtureCars[0] as CatalogCar;
  const cars = Array.from({ length: size }, (_, i) => ({ ...template, id: `${version}-car-${i}` }));
  return { version, cars, sets: fixtureSets };
}

const keysOf = async (indexedDB: IDBFactory, name: string) => {
  const db = new Dexie(name, { indexedDB, IDBKeyRange });
  db.version(1).stores({ values: 'key' });
  const keys = (await db.table('values').toCollection().primaryKeys()) as string[];
  db.close();
  return keys.sort();
};

/** Writes `rows` into the box's database as an earlier version of the app left them. */
const storeAsLeft = async (indexedDB: IDBFactory, rows: object[]) => {
  const old = new Dexie('box', { indexedDB, IDBKeyRange });
  old.version(1).stores({ values: 'key' });
  await old.table('values').bulkPut(rows);
  old.close();
};

describe('the catalogue box', () => {
  it('stores a catalogue in chunks and reads it back whole, in order', async () => {
    const indexedDB = new IDBFactory();
    const box = openCatalogBox('box', { indexedDB, IDBKeyRange });
    const catalog = catalogOf('v1', 2 * CARS_PER_CHUNK + 5);
    await box.write(catalog, '2025-01-01T00:00:00Z');
    expect(await box.readVersion()).toBe('v1');
    expect(await box.readCatalog()).toEqual(catalog);
    // The sets in a chunk of their own, then the cars.
    expect(await keysOf(indexedDB, 'box')).toEqual([
      'chunk:0',
      'chunk:1',
      'chunk:2',
      'chunk:3',
      'head',
    ]);
    box.close();
  });

  it('replaces a larger catalogue with a smaller one, leaving no chunk of the old one', async () => {
    const indexedDB = new IDBFactory();
    const box = openCatalogBox('box', { indexedDB, IDBKeyRange });
    await box.write(catalogOf('v1', 3 * CARS_PER_CHUNK), 'then');
    const smaller = catalogOf('v2', 10);
    await box.write(smaller, 'now');
    expect(await box.readCatalog()).toEqual(smaller);
    expect(await keysOf(indexedDB, 'box')).toEqual(['chunk:0', 'chunk:1', 'head']);
    box.close();
  });

  it('reads a catalogue stored as one value, and replaces it with chunks', async () => {
    const indexedDB = new IDBFactory();
    const catalog = catalogOf('old', 3);
    await storeAsLeft(indexedDB, [
      { key: 'catalog', catalog },
      { key: 'head', version: 'old', storedAt: 'then' },
    ]);
    const box = openCatalogBox('box', { indexedDB, IDBKeyRange });
    expect(await box.readCatalog()).toEqual(catalog);
    const next = catalogOf('new', 4);
    await box.write(next, 'now');
    expect(await box.readCatalog()).toEqual(next);
    expect(await keysOf(indexedDB, 'box')).toEqual(['chunk:0', 'chunk:1', 'head']);
    box.close();
  });

  it('reads the first chunked layout (the sets riding with the first cars)', async () => {
    const indexedDB = new IDBFactory();
    const catalog = catalogOf('chunked', 5);
    await storeAsLeft(indexedDB, [
      { key: 'chunk:0', cars: catalog.cars.slice(0, 3), sets: catalog.sets },
      { key: 'chunk:1', cars: catalog.cars.slice(3) },
      { key: 'head', version: 'chunked', storedAt: 'then', chunks: 2 },
    ]);
    const box = openCatalogBox('box', { indexedDB, IDBKeyRange });
    expect(await box.readCatalog()).toEqual(catalog);
    box.close();
  });
});
