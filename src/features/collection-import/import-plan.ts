// Owns turning a read table into a preview (each row matched, ambiguous, unmatched or unreadable,
// with the copies it would add) and the preview plus the collector's picks into copies to queue.
// Every copy has an instance id fixed by the file itself, so importing the same file again finds
// those ids already in the collection and adds nothing (the rule skips them on the server too).
import {
  carInstanceDetailsSchema,
  type CarInstanceDetails,
} from '../../shared/collection/mutation-schemas';
import { describeZodError } from '../../shared/validation';
import { MAX_IMPORTED_PER_CHANGE } from '../../shared/collection/work-units';
import { CSV_COLUMNS, unguardFormula } from '../../db/collection-csv';
import type { CarMatch, CatalogueMatcher } from './catalogue-match';
import type { ColumnMapping, CsvTable, ImportField } from './import-table';
import { readCondition, readGrade, readPrice, readQuantity, readYear } from './import-values';

export type ImportDetails = CarInstanceDetails & { instanceId: string };
export interface ImportCopy {
  carId: string;
  details: ImportDetails;
}

export type PreviewRow = {
  line: number;
  /** The row as the collector wrote it, in a few words ('FYF75 · Camaro · 2019'). */
  label: string;
  /** Copies the row brings, without their car (known once matched or picked). */
  copies: ImportDetails[];
  /** Of those, copies already in the collection (an earlier import of the same file). */
  alreadyHave: number;
} & (
  | { status: 'matched'; carId: string }
  | { status: 'ambiguous'; candidates: string[] }
  | { status: 'unmatched'; reason: string }
  | { status: 'unreadable'; reason: string }
);

export interface ImportPreview {
  format: 'app' | 'foreign';
  rows: PreviewRow[];
}

/** A short, stable hash of text (cyrb53): a row's identity, not a secret. */
export function rowHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Instance ids of a foreign row's copies: from the row's own cells (not the mapping, not the car
 * picked), and which repeat of an identical row it is, so two identical lines are two cars and
 * the same file read again names the same copies.
 */
export function foreignInstanceIds(
  cells: readonly string[],
  repeat: number,
  quantity: number,
): string[] {
  const base = `imp-${rowHash(cells.map((cell) => cell.trim()).join('\u001f'))}-${repeat}`;
  return Array.from({ length: quantity }, (_, k) => `${base}-${k + 1}`);
}

const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

function checkedDetails(
  raw: Record<string, unknown>,
): { ok: true; details: ImportDetails } | { ok: false; reason: string } {
  const parsed = carInstanceDetailsSchema.required({ instanceId: true }).safeParse(raw);
  return parsed.success
    ? { ok: true, details: parsed.data as ImportDetails }
    : { ok: false, reason: describeZodError(parsed.error) };
}

function withMatch(
  base: { line: number; label: string; copies: ImportDetails[]; alreadyHave: number },
  match: CarMatch,
): PreviewRow {
  if (match.kind === 'matched') return { ...base, status: 'matched', carId: match.carId };
  if (match.kind === 'ambiguous')
    return { ...base, status: 'ambiguous', candidates: match.candidates };
  return { ...base, status: 'unmatched', reason: match.reason };
}

const countHeld = (copies: ImportDetails[], existing: ReadonlySet<string>) =>
  copies.filter((copy) => existing.has(copy.instanceId)).length;

/** This app's export: the car and the copy's id are in the file; everything comes back as it was. */
function appRow(
  cells: string[],
  line: number,
  knownCar: (id: string) => boolean,
  existing: ReadonlySet<string>,
): PreviewRow {
  const cell = (name: (typeof CSV_COLUMNS)[number]) => cells[column(name)] ?? '';
  const carId = cell('carId').trim();
  const label =
    [unguardFormula(cell('name')), cell('year')].filter((part) => part !== '').join(' · ') || carId;
  const price = cell('purchasePrice').trim();
  const raw: Record<string, unknown> = {
    instanceId: cell('instanceId').trim(),
    condition: cell('condition') || undefined,
    grade: cell('grade') || undefined,
    purchasePrice: price === '' ? undefined : Number(price),
    purchaseDate: cell('purchaseDate').trim() === '' ? null : cell('purchaseDate').trim(),
    purchasePlace: unguardFormula(cell('purchasePlace')),
    notes: unguardFormula(cell('notes')),
    dateAdded: cell('dateAdded').trim() || undefined,
  };
  const checked = checkedDetails(raw);
  if (!checked.ok)
    return {
      line,
      label,
      copies: [],
      alreadyHave: 0,
      status: 'unreadable',
      reason: checked.reason,
    };
  const copies = [checked.details];
  const base = { line, label, copies, alreadyHave: countHeld(copies, existing) };
  return knownCar(carId)
    ? { ...base, status: 'matched', carId }
    : {
        ...base,
        status: 'unmatched',
        reason: `car ${carId || '(empty)'} is not in this device's catalogue`,
      };
}

function foreignRow(
  cells: string[],
  line: number,
  repeat: number,
  mapping: ColumnMapping,
  matcher: CatalogueMatcher,
  existing: ReadonlySet<string>,
): PreviewRow {
  const cell = (field: ImportField) => {
    const index = mapping[field];
    return index === null ? '' : (cells[index] ?? '');
  };
  const label =
    [cell('toyNumber'), cell('name'), cell('year')]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(' · ') || `line ${line}`;
  const year = readYear(cell('year'));
  const condition = readCondition(cell('condition'));
  const grade = readGrade(cell('grade'));
  const price = readPrice(cell('price'));
  const quantity = readQuantity(cell('quantity'));
  const problems = [year, condition, grade, price, quantity].flatMap((read) =>
    read.ok ? [] : [read.problem],
  );
  const unreadable = (reason: string): PreviewRow => ({
    line,
    label,
    copies: [],
    alreadyHave: 0,
    status: 'unreadable',
    reason,
  });
  if (problems.length > 0) return unreadable(problems.join('; '));
  const ids = foreignInstanceIds(cells, repeat, quantity.ok ? quantity.value : 1);
  const copies: ImportDetails[] = [];
  for (const instanceId of ids) {
    const checked = checkedDetails({
      instanceId,
      condition: condition.ok ? condition.value : undefined,
      grade: grade.ok ? grade.value : undefined,
      purchasePrice: price.ok ? price.value : undefined,
      purchasePlace: cell('place').trim() || undefined,
      notes: cell('notes').trim() || undefined,
    });
    if (!checked.ok) return unreadable(checked.reason);
    copies.push(checked.details);
  }
  const match = matcher.match({
    toyNumber: cell('toyNumber').trim() || undefined,
    name: cell('name').trim() || undefined,
    year: year.ok ? year.value : undefined,
  });
  return withMatch({ line, label, copies, alreadyHave: countHeld(copies, existing) }, match);
}

export function previewImport(
  table: CsvTable,
  format: 'app' | 'foreign',
  mapping: ColumnMapping,
  matcher: CatalogueMatcher,
  knownCar: (id: string) => boolean,
  existing: ReadonlySet<string>,
): ImportPreview {
  const seen = new Map<string, number>();
  const rows = table.rows.map(({ line, cells }) => {
    if (format === 'app') return appRow(cells, line, knownCar, existing);
    const identity = cells.map((cell) => cell.trim()).join('\u001f');
    const repeat = seen.get(identity) ?? 0;
    seen.set(identity, repeat + 1);
    return foreignRow(cells, line, repeat, mapping, matcher, existing);
  });
  return { format, rows };
}

export interface ImportSummary {
  copies: ImportCopy[];
  /** Copies of matched or picked rows already in the collection: left alone. */
  alreadyHave: number;
  /** Rows that add nothing: unmatched, unreadable, or ambiguous with no pick. */
  leftOut: number;
}

/**
 * The copies to queue: matched rows, and ambiguous rows the collector picked a car for; copies
 * whose id the collection holds already (`existing`) or that repeat an id seen earlier in the
 * file (an export edited by hand) are left out.
 */
export function plannedCopies(
  preview: ImportPreview,
  picks: ReadonlyMap<number, string>,
  existing: ReadonlySet<string>,
): ImportSummary {
  const copies: ImportCopy[] = [];
  const seenIds = new Set<string>();
  let alreadyHave = 0;
  let leftOut = 0;
  for (const row of preview.rows) {
    const carId =
      row.status === 'matched'
        ? row.carId
        : row.status === 'ambiguous'
          ? picks.get(row.line)
          : undefined;
    if (carId === undefined) {
      leftOut++;
      continue;
    }
    for (const details of row.copies) {
      if (existing.has(details.instanceId)) alreadyHave++;
      else if (!seenIds.has(details.instanceId)) copies.push({ carId, details });
      seenIds.add(details.instanceId);
    }
  }
  return { copies, alreadyHave, leftOut };
}

export function chunked<T>(items: readonly T[], size = MAX_IMPORTED_PER_CHANGE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
