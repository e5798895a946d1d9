// Owns reading an import file into a table and telling this app's own export from a foreign
// spreadsheet, and, for a foreign one, guessing which column holds which field.
import { splitCsvRecords } from '../../shared/csv/csv-text';
import { CSV_COLUMNS } from '../../db/collection-csv';

export interface CsvTable {
  header: string[];
  /** Data rows, blank ones left out, each with its 1-based line number in the file's records. */
  rows: { line: number; cells: string[] }[];
}

export function readCsvTable(text: string): CsvTable {
  const records = splitCsvRecords(text, { delimiter: 'auto' });
  const [header = [], ...rest] = records;
  const rows: CsvTable['rows'] = [];
  rest.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    rows.push({ line: index + 2, cells });
  });
  return { header: header.map((name) => name.trim()), rows };
}

/** This app's export: exactly its columns, in its order. */
export function isAppExport(header: readonly string[]): boolean {
  return header.length === CSV_COLUMNS.length && CSV_COLUMNS.every((c, i) => header[i] === c);
}

/** What a foreign spreadsheet's columns can mean. */
export const IMPORT_FIELDS = [
  'toyNumber',
  'name',
  'year',
  'condition',
  'grade',
  'price',
  'place',
  'notes',
  'quantity',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const FIELD_LABELS: Record<ImportField, string> = {
  toyNumber: 'Toy number',
  name: 'Casting name',
  year: 'Year',
  condition: 'Condition',
  grade: 'Grade',
  price: 'Price paid',
  place: 'Where bought',
  notes: 'Notes',
  quantity: 'Quantity',
};

/** Column index per field; null: not in the file. */
export type ColumnMapping = Record<ImportField, number | null>;

const SYNONYMS: Record<ImportField, readonly string[]> = {
  toyNumber: ['toy number', 'toy #', 'toy no', 'toynumber', 'toy', 'sku', 'model number', 'code'],
  name: ['casting name', 'casting', 'name', 'model', 'model name', 'car', 'car name', 'title'],
  year: ['year', 'release year', 'yr'],
  condition: ['condition', 'cond', 'state', 'packaging'],
  grade: ['grade', 'quality', 'rating'],
  price: ['price', 'price paid', 'paid', 'cost', 'purchase price', 'purchaseprice', 'amount'],
  place: [
    'where',
    'location',
    'place',
    'where bought',
    'bought at',
    'store',
    'shop',
    'purchase place',
    'purchaseplace',
    'source',
  ],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
  quantity: ['quantity', 'qty', 'count', 'copies', 'number owned', 'owned', 'how many'],
};

const simplified = (name: string) =>
  name
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A first guess from the header's words; the collector corrects it in the preview. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const names = header.map(simplified);
  const used = new Set<number>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ColumnMapping;
  for (const field of IMPORT_FIELDS) {
    const index = names.findIndex((name, i) => !used.has(i) && SYNONYMS[field].includes(name));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}
