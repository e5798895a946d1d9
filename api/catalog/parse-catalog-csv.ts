// Owns reading the CSV catalogue format (RFC 4180, one CatalogCarInput per row) into inputs.
import type { CatalogCarInput } from '../../src/shared/catalog/types';
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

/**
 * Splits RFC 4180 text into records of fields. Quoted fields may hold commas, line breaks and
 * doubled quotes; records end with CRLF, LF or a lone CR. Blank lines come back as [''].
 */
export function splitCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteOpenedAtRecord = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        inQuotes = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      inQuotes = true;
      quoteOpenedAtRecord = records.length + 1;
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += char;
    }
  }
  if (inQuotes) {
    throw new Error(`CSV row ${quoteOpenedAtRecord}: a quoted field is never closed`);
  }
  // The final line break is a terminator, not the start of an empty last record.
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

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
  const records = splitCsvRecords(text.replace(/^\uFEFF/, ''));
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
