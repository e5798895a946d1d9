// The CSV import's pure parts: reading cells, matching rows to the catalogue, the preview, the
// copies planned, the app's export coming back exactly, and the same file twice adding nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  guardFormula,
  toCsv,
  unguardFormula,
  type ExportRow,
} from '../../../src/db/collection-csv';
import { splitCsvRecords, writeCsv } from '../../../src/shared/csv/csv-text';
import { CatalogueMatcher } from '../../../src/features/collection-import/catalogue-match';
import {
  foreignInstanceIds,
  plannedCopies,
  previewImport,
} from '../../../src/features/collection-import/import-plan';
import {
  guessMapping,
  isAppExport,
  readCsvTable,
} from '../../../src/features/collection-import/import-table';
import {
  readCondition,
  readGrade,
  readPrice,
  readQuantity,
} from '../../../src/features/collection-import/import-values';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
} from '../../../src/shared/collection/mutations';
import { emptyUserState, type UserState } from '../../../src/shared/collection/types';
import type { CatalogCar } from '../../../src/shared/catalog/types';

function car(
  id: string,
  name: string,
  year: number,
  toyNumber: string | null,
  color = 'Red',
): CatalogCar {
  return {
    id,
    toyNumber,
    collectorNumber: null,
    name,
    image: null,
    series: 'HW Test',
    seriesNumber: null,
    year,
    color,
    setName: null,
    type: 'Mainline',
    category: null,
    huntType: null,
    brand: 'Hot Wheels',
    retailPrice: null,
    setRetailPrice: null,
    carsInSet: null,
    setId: null,
    fivePackId: null,
  };
}

const CARS = [
  car('camaro-2019', "'67 Camaro", 2019, 'FYF75'),
  car('camaro-2020-red', "'67 Camaro", 2020, 'GHB01', 'Red'),
  car('camaro-2020-blue', "'67 Camaro", 2020, 'GHB02', 'Blue'),
  car('bone-2006', 'Bone Shaker', 2006, 'J3210'),
  car('twin-a', 'Twin Mill', 2021, 'DUP01'),
  car('twin-b', 'Twin Mill', 2022, 'DUP01'),
];
const matcher = new CatalogueMatcher(CARS);
const known = (id: string) => CARS.some((c) => c.id === id);

describe('reading cells', () => {
  it('reads conditions, grades, prices and quantities as collectors write them', () => {
    expect(readCondition('MOC')).toEqual({ ok: true, value: 'carded' });
    expect(readCondition(' Loose ')).toEqual({ ok: true, value: 'loose' });
    expect(readCondition('shiny').ok).toBe(false);
    expect(readGrade('NM')).toEqual({ ok: true, value: 'Near Mint' });
    expect(readPrice('$4.50')).toEqual({ ok: true, value: 4.5 });
    expect(readPrice('4,50 €')).toEqual({ ok: true, value: 4.5 });
    expect(readPrice('1,234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(readPrice('1.234,50')).toEqual({ ok: true, value: 1234.5 });
    expect(readPrice('free').ok).toBe(false);
    expect(readQuantity('')).toEqual({ ok: true, value: 1 });
    expect(readQuantity('3')).toEqual({ ok: true, value: 3 });
    expect(readQuantity('0').ok).toBe(false);
  });

  it('guesses a spreadsheet’s columns from its header words', () => {
    expect(
      guessMapping(['Toy #', 'Model', 'Year', 'Qty', 'Paid', 'Cond.', 'Remarks']),
    ).toMatchObject({
      toyNumber: 0,
      name: 1,
      year: 2,
      quantity: 3,
      price: 4,
      notes: 6,
    });
  });

  it('reads semicolon files from spreadsheets set to a comma decimal', () => {
    const table = readCsvTable('Name;Year;Price\r\nBone Shaker;2006;"2,50"\r\n');
    expect(table.header).toEqual(['Name', 'Year', 'Price']);
    expect(table.rows).toEqual([{ line: 2, cells: ['Bone Shaker', '2006', '2,50'] }]);
  });
});

describe('matching rows to the catalogue', () => {
  it('matches by toy number first, in any case and spacing', () => {
    expect(matcher.match({ toyNumber: 'fyf-75', name: 'anything' })).toEqual({
      kind: 'matched',
      carId: 'camaro-2019',
      by: 'toy number',
    });
  });

  it('narrows a reused toy number by year, else asks', () => {
    expect(matcher.match({ toyNumber: 'DUP01', year: 2022 })).toMatchObject({ carId: 'twin-b' });
    expect(matcher.match({ toyNumber: 'DUP01' })).toEqual({
      kind: 'ambiguous',
      candidates: ['twin-b', 'twin-a'],
    });
  });

  it('falls back to name and year, ignoring quotes and case', () => {
    expect(matcher.match({ name: '67 camaro', year: 2019 })).toMatchObject({
      carId: 'camaro-2019',
    });
    expect(matcher.match({ toyNumber: 'NOPE', name: "'67 Camaro", year: 2020 })).toEqual({
      kind: 'ambiguous',
      candidates: ['camaro-2020-blue', 'camaro-2020-red'],
    });
    expect(matcher.match({ name: 'Bone Shaker', year: 1999 })).toMatchObject({ kind: 'unmatched' });
    expect(matcher.match({ name: 'Flying Toaster' })).toMatchObject({ kind: 'unmatched' });
  });
});

const FOREIGN = [
  'Toy number,Casting,Year,Condition,Grade,Price,Where,Notes,Qty',
  'FYF75,67 Camaro,2019,loose,Mint,$3.00,Fair,first,2',
  ",'67 Camaro,2020,carded,,1.25,,,1",
  'ZZZ99,Flying Toaster,2024,,,,,,',
  'J3210,Bone Shaker,2006,,,,,,',
  'J3210,Bone Shaker,2006,,,,,,',
].join('\n');

describe('the preview and the plan of a foreign file', () => {
  const table = readCsvTable(FOREIGN);
  const mapping = guessMapping(table.header);
  const preview = previewImport(table, 'foreign', mapping, matcher, known, new Set());

  it('shows matched, ambiguous and unmatched rows before anything is written', () => {
    expect(isAppExport(table.header)).toBe(false);
    expect(preview.rows.map((row) => row.status)).toEqual([
      'matched',
      'ambiguous',
      'unmatched',
      'matched',
      'matched',
    ]);
    expect(preview.rows[0]?.copies).toHaveLength(2);
    expect(preview.rows[0]?.copies[0]).toMatchObject({
      condition: 'loose',
      grade: 'Mint',
      purchasePrice: 3,
      purchasePlace: 'Fair',
      notes: 'first',
    });
  });

  it('adds the picked car for an ambiguous row, and leaves it out without a pick', () => {
    const without = plannedCopies(preview, new Map(), new Set());
    expect(without.copies.map((copy) => copy.carId)).toEqual([
      'camaro-2019',
      'camaro-2019',
      'bone-2006',
      'bone-2006',
    ]);
    expect(without.leftOut).toBe(2);
    const picked = plannedCopies(preview, new Map([[3, 'camaro-2020-blue']]), new Set());
    expect(picked.copies.map((copy) => copy.carId)).toContain('camaro-2020-blue');
    expect(picked.leftOut).toBe(1);
  });

  it('gives two identical lines two copies, and the same file the same ids every time', () => {
    const again = previewImport(
      readCsvTable(FOREIGN),
      'foreign',
      mapping,
      matcher,
      known,
      new Set(),
    );
    expect(again).toEqual(preview);
    const bones = preview.rows.slice(3).flatMap((row) => row.copies.map((copy) => copy.instanceId));
    expect(new Set(bones).size).toBe(2);
  });

  it('adds nothing the second time: every copy is already held', () => {
    const first = plannedCopies(preview, new Map([[3, 'camaro-2020-red']]), new Set());
    const held = new Set(first.copies.map((copy) => copy.details.instanceId));
    const second = previewImport(table, 'foreign', mapping, matcher, known, held);
    const plan = plannedCopies(second, new Map([[3, 'camaro-2020-blue']]), held);
    expect(plan.copies).toEqual([]);
    expect(plan.alreadyHave).toBe(first.copies.length);
  });

  it('makes instance ids the schema takes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.nat(50),
        fc.integer({ min: 1, max: 99 }),
        (cells, repeat, quantity) => {
          const ids = foreignInstanceIds(cells, repeat, quantity);
          expect(new Set(ids).size).toBe(quantity);
          for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_.:~-]{1,100}$/);
        },
      ),
    );
  });
});

const EXPORT_ROWS: ExportRow[] = [
  {
    carId: 'camaro-2019',
    name: "'67 Camaro",
    year: 2019,
    series: 'HW Test',
    brand: 'Hot Wheels',
    huntType: null,
    instanceId: 'inst-1',
    condition: 'loose',
    grade: 'Near Mint',
    purchasePrice: 2.5,
    purchaseDate: '2026-10-30',
    purchasePlace: 'Swap meet, hall "B"',
    notes: '=HYPERLINK("x")\nsecond line',
    dateAdded: '2026-10-30T10:00:00.000Z',
  },
  {
    carId: 'bone-2006',
    name: 'Bone Shaker',
    year: 2006,
    series: 'HW Test',
    brand: 'Hot Wheels',
    huntType: null,
    instanceId: 'inst-2',
    condition: 'carded',
    grade: 'Good',
    purchasePrice: 0,
    purchaseDate: null,
    purchasePlace: '',
    notes: "'=not a formula",
    dateAdded: '2026-11-01T09:30:00.000Z',
  },
];

function state(copies: { carId: string; details: unknown }[]): UserState {
  const parsed = parseMutation('collection/import-car-instances', { instances: copies });
  if (!parsed.ok) throw new Error(parsed.error);
  const now = '2026-11-24T00:00:00.000Z';
  const mutation = prepareMutation(parsed.mutation, { newId: () => 'unused', now });
  return applyMutation(emptyUserState(), mutation, {
    now,
    catalog: { hasCar: known, getSet: () => undefined },
  });
}

describe("this app's export", () => {
  it('comes back exactly: every field of every copy, in order', () => {
    const table = readCsvTable(`\ufeff${toCsv(EXPORT_ROWS)}`);
    expect(isAppExport(table.header)).toBe(true);
    const preview = previewImport(
      table,
      'app',
      guessMapping(table.header),
      matcher,
      known,
      new Set(),
    );
    const plan = plannedCopies(preview, new Map(), new Set());
    const after = state(plan.copies);
    expect(after.collection.ownedCars).toEqual(
      EXPORT_ROWS.map((row) => ({
        carId: row.carId,
        isFavorite: false,
        instances: [
          {
            instanceId: row.instanceId,
            condition: row.condition,
            grade: row.grade,
            purchasePrice: row.purchasePrice,
            purchaseDate: row.purchaseDate,
            notes: row.notes,
            purchasePlace: row.purchasePlace,
            dateAdded: row.dateAdded,
          },
        ],
      })),
    );
  });

  it('the rule skips copies whose id the collection holds', () => {
    const copies = [{ carId: 'bone-2006', details: { instanceId: 'a' } }];
    const once = state(copies);
    const parsed = parseMutation('collection/import-car-instances', { instances: copies });
    if (!parsed.ok) throw new Error(parsed.error);
    const now = '2026-11-24T00:00:00.000Z';
    const twice = applyMutation(once, prepareMutation(parsed.mutation, { newId: () => 'x', now }), {
      now,
      catalog: { hasCar: known, getSet: () => undefined },
    });
    expect(twice).toEqual(once);
  });

  it('guards typed text against formulas, and unguards it exactly', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(unguardFormula(guardFormula(text))).toBe(text);
        expect(guardFormula(text)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('writes and reads any cells back unchanged through papaparse', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ minLength: 1 }), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (records) => {
          const width = records[0]!.length;
          const even = records.map((record) =>
            Array.from({ length: width }, (_, i) => record[i] ?? 'x'),
          );
          expect(splitCsvRecords(writeCsv(even))).toEqual(even);
        },
      ),
    );
    expect(CSV_COLUMNS).toHaveLength(14);
  });
});
