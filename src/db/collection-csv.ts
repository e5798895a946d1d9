// Owns the app's own collection CSV: its columns, how a typed cell is guarded against spreadsheet
// formulas on the way out and unguarded on the way in, so an export imports back exactly.
import { writeCsv } from '../shared/csv/csv-text';

export const CSV_COLUMNS = [
  'carId',
  'name',
  'year',
  'series',
  'brand',
  'huntType',
  'instanceId',
  'condition',
  'grade',
  'purchasePrice',
  'purchaseDate',
  'purchasePlace',
  'notes',
  'dateAdded',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type ExportRow = Record<CsvColumn, string | number | null>;

/** Columns a collector typed: a spreadsheet must never run them as formulas. */
export const TYPED_COLUMNS: ReadonlySet<CsvColumn> = new Set<CsvColumn>([
  'name',
  'series',
  'purchasePlace',
  'notes',
]);

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab, CR) as a formula, and shows a
 * leading ' as "text". Text that would run gets one more leading ', counting any quotes already
 * there, so guard and unguard are exact inverses: "'=x" → "''=x" → "'=x"; "'69 Camaro" stays.
 */
const RUNS_AS_FORMULA = /^'*[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return RUNS_AS_FORMULA.test(text) ? `'${text}` : text;
}

export function unguardFormula(text: string): string {
  return text.startsWith("'") && RUNS_AS_FORMULA.test(text.slice(1)) ? text.slice(1) : text;
}

function cellOf(column: CsvColumn, value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return TYPED_COLUMNS.has(column) ? guardFormula(text) : text;
}

/** RFC 4180 CSV (CRLF lines, quoted where needed) with the CSV_COLUMNS header. */
export function toCsv(rows: readonly ExportRow[]): string {
  const records = [
    [...CSV_COLUMNS],
    ...rows.map((row) => CSV_COLUMNS.map((column) => cellOf(column, row[column]))),
  ];
  return `${writeCsv(records)}\r\n`;
}
