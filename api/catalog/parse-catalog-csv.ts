// Owns reading the CSV catalogue format (RFC 4180, one CatalogCarInput per row) into inputs.
// The CSV itself is read by papaparse (src/shared/csv/csv-text.ts); this file owns the columns.
import type { CatalogCarInput } from '../../src/shared/catalog/types';
import { splitCsvRecords } from '../../src/shared/csv/csv-text';
import {
  CATALOG_INPUT_FIELDS,
  REQUIRED_INPUT_FIELDS,
  catalogCarInputSchema,
  describeInputIssues,
} from './catalog-input-schema';

export interface ParsedCatalogCsv {
  inputs: CatalogCarInput[];
  skipped: { row: number; reason: string }[];
}

/** The columns a catalogue CSV has: the catalogue car's fields, in their fixed order. */
export const CSV_COLUMNS = CATALOG_INPUT_FIELDS;

type CsvColumn = (typeof CSV_COLUMNS)[number];

const NUMERIC_COLUMNS: ReadonlySet<string> = new Set<CsvColumn>([
  'year',
  'retailPrice',
  'setRetailPrice',
]);

function readHeader(header: string[]): CsvColumn[] {
  const names = header.map((name) => name.trim());
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = names.filter((name) => !known.has(name));
  const duplicated = names.filter((name, index) => names.indexOf(name) !== index);
  const missing = REQUIRED_INPUT_FIELDS.filter((name) => !names.includes(name));
  const problems = [
    unknown.length > 0 ? `unknown columns: ${unknown.map((name) => `"${name}"`).join(', ')}` : '',
    duplicated.length > 0 ? `duplicated columns: ${duplicated.join(', ')}` : '',
    missing.length > 0 ? `missing required columns: ${missing.join(', ')}` : '',
  ].filter((problem) => problem !== '');
  if (problems.length > 0) {
    throw new Error(
      `CSV header: ${problems.join('; ')} (expected columns: ${CSV_COLUMNS.join(', ')})`,
    );
  }
  return names as CsvColumn[];
}

/** Only number-looking cells become numbers, so "12,99" reaches zod and is reported. */
function cellValue(column: CsvColumn, cell: string): string | number | null {
  if (cell.trim() === '') return null;
  if (NUMERIC_COLUMNS.has(column) && /^\s*-?\d+(?:\.\d+)?\s*$/.test(cell)) return Number(cell);
  return cell;
}

function isBlank(record: string[]): boolean {
  return record.length === 1 && record[0]?.trim() === '';
}

export function parseCatalogCsv(text: string): ParsedCatalogCsv {
  const records = splitCsvRecords(text);
  const [header, ...rows] = records;
  if (header === undefined || isBlank(header)) throw new Error('CSV has no header row');
  const columns = readHeader(header);

  const inputs: CatalogCarInput[] = [];
  const skipped: ParsedCatalogCsv['skipped'] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    if (isBlank(cells)) return;
    if (cells.length !== columns.length) {
      skipped.push({ row, reason: `expected ${columns.length} fields, found ${cells.length}` });
      return;
    }
    const record = Object.fromEntries(
      columns.map((column, position) => [column, cellValue(column, cells[position] ?? '')]),
    );
    const parsed = catalogCarInputSchema.safeParse(record);
    if (parsed.success) inputs.push(parsed.data);
    else skipped.push({ row, reason: describeInputIssues(parsed.error) });
  });
  return { inputs, skipped };
}

export { splitCsvRecords };
