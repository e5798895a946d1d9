// Tests the importer end to end on the real wiki dump (the copy the product ships, gzipped in
// api/catalog/data), and readCatalogFile.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import type { BuiltCatalog } from '../../../api/catalog/build-catalog';
import { buildCatalog } from '../../../api/catalog/build-catalog';
import type { CatalogFile } from '../../../api/catalog/read-catalog-file';
import { readCatalogFile } from '../../../api/catalog/read-catalog-file';

const WIKI_FILE = fileURLToPath(
  new URL('../../../api/catalog/data/hotwheels-1995-2025.json.gz', import.meta.url),
);
/** The team's reference copy, beside the repository when it is checked out with ../shared. */
const SHARED_FILE = fileURLToPath(
  new URL('../../../../shared/data/hotwheels-1995-2025.json', import.meta.url),
);

/** Series that legitimately end in "Exclusive": RLC releases and retailer-named series. */
const SERIES_NAMED_EXCLUSIVE = /(?:RLC Exclusive|Costco exclusive|Sam's Club Exclusive)$/;

describe('the shipped copy of the wiki dump', () => {
  it.runIf(existsSync(SHARED_FILE))(
    'holds exactly the reference file of ../shared/data',
    async () => {
      const shipped = gunzipSync(await readFile(WIKI_FILE)).toString('utf8');
      expect(shipped).toBe(await readFile(SHARED_FILE, 'utf8'));
    },
  );
});

describe('the Hot Wheels wiki dump 1995–2025', () => {
  let file: CatalogFile;
  let built: BuiltCatalog;

  beforeAll(async () => {
    file = await readCatalogFile(WIKI_FILE);
    built = buildCatalog(file.inputs);
  });

  it('is recognised as the wiki format and every record is accounted for', () => {
    expect(file.format).toBe('wiki-json');
    expect(file.inputs.length + file.skipped.length).toBe(11_948);
    expect(file.inputs).toHaveLength(11_678);
  });

  it('skips exactly the header rows, the misdated Fast & Furious rows and the non-car rows', () => {
    const byReason: Record<string, number> = {};
    for (const { reason } of file.skipped) byReason[reason] = (byReason[reason] ?? 0) + 1;
    expect(byReason).toEqual({
      'header row': 148,
      'year before the series existed (Fast & Furious Series rows claim 1995)': 116,
      'not a car: model column holds a table label (column-shifted row)': 4,
      'not a car: no toy number, series or image (wiki navigation text)': 2,
    });
  });

  it('merges duplicates into the expected number of cars and sets', () => {
    expect(built.merged).toBe(210);
    expect(built.cars).toHaveLength(11_468);
    expect(built.sets).toHaveLength(718);
  });

  it('finds treasure hunts and super treasure hunts', () => {
    expect(built.cars.filter((car) => car.huntType === 'TH')).toHaveLength(387);
    expect(built.cars.filter((car) => car.huntType === 'STH')).toHaveLength(244);
  });

  it('leaves no zero-width space or BOM in any string field', () => {
    const strings = file.inputs.flatMap((input) =>
      Object.values(input).filter((value): value is string => typeof value === 'string'),
    );
    expect(strings.filter((value) => /[\u200B\uFEFF]/.test(value))).toEqual([]);
  });

  it('leaves no badge glued to a series name', () => {
    const series = [...new Set(file.inputs.map((input) => input.series ?? ''))];
    expect(series.filter((name) => /[a-z)](?:Super )?Treasure Hunt$/.test(name))).toEqual([]);
    expect(
      series.filter((name) => /Exclusive$/i.test(name) && !SERIES_NAMED_EXCLUSIVE.test(name)),
    ).toEqual([]);
    expect(series.filter((name) => /New (?:in Mainline|for ?\d{4})/i.test(name))).toEqual([]);
    expect(series.filter((name) => name !== name.trim() || /\s{2}|\n/.test(name))).toEqual([]);
  });

  it('keeps no placeholder image', () => {
    expect(built.cars.filter((car) => car.image?.includes('Image_Not_Available'))).toEqual([]);
    expect(built.cars.filter((car) => car.image === 'N/A')).toEqual([]);
  });

  it('keeps only k/N positions or bare running numbers as series numbers', () => {
    const odd = built.cars.filter(
      (car) => car.seriesNumber !== null && !/^(?:\d+[A-Z]?\/\d+|\d+)$/.test(car.seriesNumber),
    );
    expect(odd).toEqual([]);
  });

  it('gives every car a unique id and every set member an existing car that points back', () => {
    const ids = new Set(built.cars.map((car) => car.id));
    expect(ids.size).toBe(built.cars.length);
    expect(new Set(built.sets.map((set) => set.id)).size).toBe(built.sets.length);
    const carsById = new Map(built.cars.map((car) => [car.id, car]));
    for (const set of built.sets) {
      for (const carId of set.carIds) expect(carsById.get(carId)?.setId).toBe(set.id);
    }
    const linked = built.cars.filter((car) => car.setId !== null).length;
    expect(linked).toBe(built.sets.reduce((sum, set) => sum + set.carIds.length, 0));
  });

  it('builds the same catalogue twice', () => {
    expect(buildCatalog(file.inputs)).toEqual(built);
  });
});

describe('readCatalogFile', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'catalog-file-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function fileWith(name: string, content: string): Promise<string> {
    const path = join(directory, name);
    await writeFile(path, content, 'utf8');
    return path;
  }

  it('reads the wiki format record by record, 1-based', async () => {
    const path = await fileWith(
      'wiki.json',
      JSON.stringify([
        { toy_num: 'Toy #', col_num: 'Col. #', model: 'Model Name', year: '2002' },
        { toy_num: '54339', model: "'58 Corvette", series: '2002 Corvette Series', year: '2002' },
      ]),
    );
    const result = await readCatalogFile(path);
    expect(result.format).toBe('wiki-json');
    expect(result.inputs.map((input) => input.toyNumber)).toEqual(['54339']);
    expect(result.skipped).toEqual([{ row: 1, reason: 'header row' }]);
  });

  it('reads the native format with the catalogue schema', async () => {
    const path = await fileWith(
      'native.json',
      `\uFEFF${JSON.stringify([
        { name: 'Bone Shaker', year: 2021, type: 'Mainline', brand: 'Hot Wheels' },
        { name: 'Bad', year: 2021, type: 'Mainline', brand: 'Tonka' },
      ])}`,
    );
    const result = await readCatalogFile(path);
    expect(result.format).toBe('native-json');
    expect(result.inputs.map((input) => input.name)).toEqual(['Bone Shaker']);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]).toMatchObject({ row: 2 });
    expect(result.skipped[0]?.reason).toMatch(/^brand:/);
  });

  it('reads CSV', async () => {
    const path = await fileWith(
      'cars.CSV',
      'name,year,type,brand\nTwin Mill,2020,Series,Hot Wheels\n',
    );
    const result = await readCatalogFile(path);
    expect(result).toMatchObject({ format: 'csv', skipped: [] });
    expect(result.inputs[0]?.name).toBe('Twin Mill');
  });

  it.each([
    ['object.json', '{"cars": []}'],
    ['other.json', '[{"title": "x"}]'],
    ['empty.json', '[]'],
    ['broken.json', '[{'],
    ['cars.txt', 'name,year'],
  ])('rejects %s as unrecognised', async (name, content) => {
    const path = await fileWith(name, content);
    await expect(readCatalogFile(path)).rejects.toThrow(/^Unrecognised catalogue file: /);
  });

  it('names the path of a file it cannot read', async () => {
    const path = join(directory, 'missing.json');
    await expect(readCatalogFile(path)).rejects.toThrow(path);
  });
});
