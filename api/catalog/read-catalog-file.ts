// Owns recognising a catalogue file's format (wiki JSON, native JSON, CSV) and reading it.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CatalogCarInput } from '../../src/shared/catalog/types';
import { catalogCarInputSchema, describeInputIssues } from './catalog-input-schema';
import { normalizeWikiRecord } from './normalize-wiki-record';
import { parseCatalogCsv } from './parse-catalog-csv';

export type CatalogFileFormat = 'wiki-json' | 'native-json' | 'csv';

export interface CatalogFile {
  format: CatalogFileFormat;
  inputs: CatalogCarInput[];
  /** Rows left out, 1-based: the array index + 1 for JSON, the line-like record number for CSV. */
  skipped: { row: number; reason: string }[];
}

type Skipped = CatalogFile['skipped'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Wiki records are named by the wiki's columns, native ones by CatalogCarInput's fields. */
function jsonFormatOf(records: unknown[]): 'wiki-json' | 'native-json' | null {
  const objects = records.filter(isRecord);
  if (objects.length === 0) return null;
  if (objects.every((record) => 'model' in record || 'toy_num' in record)) return 'wiki-json';
  if (objects.every((record) => 'name' in record || 'brand' in record)) return 'native-json';
  return null;
}

function readRecords(
  records: unknown[],
  readOne: (record: unknown) => { ok: true; car: CatalogCarInput } | { ok: false; reason: string },
) {
  const inputs: CatalogCarInput[] = [];
  const skipped: Skipped = [];
  records.forEach((record, index) => {
    const result = readOne(record);
    if (result.ok) inputs.push(result.car);
    else skipped.push({ row: index + 1, reason: result.reason });
  });
  return { inputs, skipped };
}

function readNativeRecord(record: unknown) {
  const parsed = catalogCarInputSchema.safeParse(record);
  return parsed.success
    ? { ok: true as const, car: parsed.data }
    : { ok: false as const, reason: describeInputIssues(parsed.error) };
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Unrecognised catalogue file: ${path} is not valid JSON (${String(error)})`, {
      cause: error,
    });
  }
}

/** The file's text; `.gz` files (the shipped catalogue) are gunzipped first. */
async function readText(path: string): Promise<string> {
  try {
    const bytes = await readFile(path);
    const text = (path.toLowerCase().endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    return text.replace(/^\uFEFF/, '');
  } catch (error) {
    throw new Error(`Cannot read catalogue file ${path}: ${String(error)}`, { cause: error });
  }
}

export async function readCatalogFile(path: string): Promise<CatalogFile> {
  const extension = extname(path.replace(/\.gz$/i, '')).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new Error(
      `Unrecognised catalogue file: ${path} (expected a .csv or .json file, optionally .gz)`,
    );
  }
  const text = await readText(path);
  if (extension === '.csv') return { format: 'csv', ...parseCatalogCsv(text) };

  const data = parseJson(path, text);
  const format = Array.isArray(data) ? jsonFormatOf(data) : null;
  if (!Array.isArray(data) || format === null) {
    throw new Error(
      `Unrecognised catalogue file: ${path} (expected a JSON array of wiki records {toy_num, model, …} or of catalogue cars {name, brand, …})`,
    );
  }
  const readOne = format === 'wiki-json' ? normalizeWikiRecord : readNativeRecord;
  return { format, ...readRecords(data, readOne) };
}
