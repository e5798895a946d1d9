// Owns turning one record of the Hot Wheels wiki dump (hotwheels-1995-2025.json) into an input.
// One file on purpose: a single pass over one wiki record, whose field fallbacks and clean-ups
// depend on each other in order; split, the order would be spread over files.
import type { CatalogCarInput, CarType, HuntType } from '../../src/shared/catalog/types';
import { catalogCarInputSchema, describeInputIssues } from './catalog-input-schema';

export type WikiNormalizeResult =
  { ok: true; car: CatalogCarInput } | { ok: false; reason: string };

/** Skip reasons are fixed strings so an import report can count them. */
export const WIKI_SKIP_REASONS = {
  notAnObject: 'not an object',
  headerRow: 'header row',
  missingModel: 'missing model',
  unparseableYear: 'unparseable year',
  tableLabel: 'not a car: model column holds a table label (column-shifted row)',
  navigationText: 'not a car: no toy number, series or image (wiki navigation text)',
  yearBeforeSeries: 'year before the series existed (Fast & Furious Series rows claim 1995)',
  invalid: 'invalid',
} as const;

interface WikiFields {
  toyNumber: string | null;
  collectorNumber: string | null;
  model: string | null;
  series: string | null;
  seriesNumber: string | null;
  image: string | null;
  year: string | null;
  color: string | null;
}

interface SeriesCell {
  series: string | null;
  huntType: HuntType | null;
  category: string | null;
}

// ---------------------------------------------------------------------------------------------
// Text cleaning shared by every field

/**
 * Zero-width and direction marks the wiki leaves behind (U+200B after series numbers, U+200E
 * after a model name, a BOM): invisible, but they break equality, slugs and searches.
 */
const INVISIBLE_CHARACTERS = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

function cleanText(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const cleaned = text
    .replace(INVISIBLE_CHARACTERS, '')
    // A line break inside a word is a wrapped cell ("Serie\ns"); before a capital it separates
    // a badge from the series ("2006 Open Stock\nWalmart Exclusive").
    .replace(/\r?\n(?=\p{Ll})/gu, '')
    .replace(/[‘’ʼ]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? null : cleaned;
}

/** Cell values that mean "nothing here" in every column of the wiki tables. */
const PLACEHOLDER = /^(?:N\/A|n\/a|Unknown|TBD|\?|-|None)$/;

function withoutPlaceholder(text: string | null): string | null {
  return text === null || PLACEHOLDER.test(text) ? null : text;
}

// ---------------------------------------------------------------------------------------------
// Row-level checks

/** The wiki repeats its table header every few dozen rows; the scraper kept them as records. */
function isHeaderRow(fields: WikiFields): boolean {
  return (
    fields.toyNumber === 'Toy #' ||
    fields.model === 'Model Name' ||
    /^Col\. ?#$/.test(fields.collectorNumber ?? '') ||
    fields.seriesNumber === 'Series #'
  );
}

/** Some Boulevard rows are shifted a column: toy_num holds the model, model "Base code(s):". */
function isTableLabel(model: string): boolean {
  return /:$/.test(model);
}

/** Navigation boxes scraped as rows: only a model text, every catalogue column empty or N/A. */
function isNavigationText(fields: WikiFields): boolean {
  return [
    fields.toyNumber,
    fields.collectorNumber,
    fields.series,
    fields.seriesNumber,
    fields.image,
  ].every((value) => withoutPlaceholder(value) === null);
}

function parseYear(text: string | null): number | null {
  if (text === null || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 1950 && year <= 2100 ? year : null;
}

/**
 * Series whose first year is known, so a row dated earlier is a scraping error, not a car.
 * The 116 "Fast & Furious Series" rows all say 1995, yet the line launched in 2013 and their image
 * names say 2013 to 2021. Their toy-number prefixes (Y2, CJL, DVG, FKF, GJV, …) appear nowhere
 * else in the file, and image timestamps are upload dates, not release dates, so no reliable year
 * can be recovered: they are skipped, not guessed. 61 of them repeat other rows of the block.
 */
const SERIES_FIRST_YEAR: Record<string, number> = { 'Fast & Furious Series': 2013 };

function predatesSeries(series: string | null, year: number): boolean {
  const firstYear = series === null ? undefined : SERIES_FIRST_YEAR[series];
  return firstYear !== undefined && year < firstYear;
}

// ---------------------------------------------------------------------------------------------
// Column interpretation

/** RLC rows put the production run in the toy column: "30,000", "25,000+", "Made-to-order". */
const PRODUCTION_NOTE = /^(?:\d{1,3}(?:,\d{3})+\+?(?: produced)?|Made-to-order.*)$/i;

function toToyNumber(text: string | null): string | null {
  const value = withoutPlaceholder(text);
  if (value === null || PRODUCTION_NOTE.test(value)) return null;
  // Toy numbers are ASCII codes; a stray accented letter typed after one ("G6840á") is noise.
  return value.replace(/[^\x20-\x7e]+$/, '') || null;
}

/** A series position like "3/10" (or "1A/4" for lettered variants). */
const SERIES_POSITION = /^(\d+)([A-Z]?) ?\/ ?(\d+)$/i;

function toCollectorNumber(text: string | null): string | null {
  const value = withoutPlaceholder(text);
  if (value === null || /^No ?#$/i.test(value)) return null;
  // Fast & Furious Premium rows repeat the series position ("1/5") in the collector column.
  return SERIES_POSITION.test(value) ? null : value;
}

/**
 * Only printed positions survive: "k/N" (what makes sets) and a bare running number such as the
 * Boulevard and Elite 64 numbering. Everything else in that column is a placeholder ("N/A",
 * "No #", "?/10"), a wheel code from a shifted row ("7SP"), a license plate or a series title.
 */
function toSeriesNumber(text: string | null): string | null {
  const value = withoutPlaceholder(text);
  if (value === null) return null;
  const position = SERIES_POSITION.exec(value);
  if (position) {
    const [, index = '', letter = '', total = ''] = position;
    return `${Number(index)}${letter.toUpperCase()}/${Number(total)}`;
  }
  return /^\d{1,4}$/.test(value) ? value : null;
}

function toImage(text: string | null): string | null {
  const value = withoutPlaceholder(text);
  if (value === null || value.includes('Image_Not_Available')) return null;
  return /^https?:\/\//.test(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// The series cell: badges the wiki glued onto the series name

interface Badge {
  pattern: RegExp;
  huntType?: HuntType;
  category?: string;
}

/** What may sit between a series name and a glued badge: nothing, a space, or scraping debris. */
const BADGE_LEAD = `[\\s<']*`;

function badge(source: string, extra: Omit<Badge, 'pattern'> = {}): Badge {
  return { pattern: new RegExp(`${BADGE_LEAD}(?:${source})$`, 'i'), ...extra };
}

/** Retailers as the badges spell them, mapped to one spelling per retailer. */
const RETAILERS: [pattern: string, category: string][] = [
  ['Kmart', 'Kmart Exclusive'],
  ['Walmart', 'Walmart Exclusive'],
  ['Target', 'Target Exclusive'],
  ['Zamac', 'Zamac Exclusive'],
  ['Toys R Us', 'Toys R Us Exclusive'],
  ['Kroger', 'Kroger Exclusive'],
  ['Dollar General', 'Dollar General Exclusive'],
  ['Best Buy', 'Best Buy Exclusive'],
  ['GameStop', 'GameStop Exclusive'],
  ['Walgreens', 'Walgreens Exclusive'],
  ['Family Dollar/Dollar Tree|Dollar Tree/Family Dollar', 'Family Dollar/Dollar Tree Exclusive'],
  ['"From the Vault"', '"From the Vault" Exclusive'],
];

/** Retailers that only appear as part of a series' own name ("2001 Sam's Club Exclusive"). */
const SERIES_RETAILERS: [pattern: string, category: string][] = [
  ...RETAILERS,
  ['Costco', 'Costco Exclusive'],
  ["Sam's Club", "Sam's Club Exclusive"],
];

/**
 * Every badge found glued to a series in the 1995–2025 file. Badges without a huntType or
 * category ("New for 2019!", "Faster Than Ever" wheels, "Ryu's Rides", holiday editions) mark a
 * variant the catalogue has no field for, so they are dropped rather than left in the name.
 */
const BADGES: Badge[] = [
  badge('Super Treasure Hunt', { huntType: 'STH' }),
  badge('Treasure Hunt', { huntType: 'TH' }),
  ...RETAILERS.map(([name, category]) => badge(`(?:${name}) Exclusive`, { category })),
  badge('Toys R Us Promo', { category: 'Toys R Us Promo' }),
  badge('\\(?Mail-In\\)?', { category: 'Mail-In' }),
  badge('New in Mainline'),
  badge('New for ?\\d{4}!*'),
  badge('New Model'),
  badge('Faster Than Ever'),
  badge("Ryu's Rides"),
  badge('Year of the [A-Z][a-z]+'),
  badge('Leap Year'),
];

/**
 * A series the wiki suffixes with the occasion of each car ("HW Celebration RacersValentine's
 * Day"): the suffix is free text, so only a hunt or retailer badge inside it is kept.
 */
const OCCASION_SERIES = ['HW Celebration Racers'];

/** Trailing debris after a badge was removed, or typed into the cell ("2005 Hot Wheels⅞⁸<"). */
function trimDebris(text: string): string {
  return text.replace(/[\s<>\p{No}]+$/u, '').trim();
}

/** "2005 First Editions -Realistix" and "… - Realistix" are one series. */
function normaliseDashes(text: string): string {
  return text.replace(/\s+-\s*|\s*-\s+/g, ' - ');
}

function findBadge(text: string): { badge: Badge; index: number } | null {
  for (const candidate of BADGES) {
    const match = candidate.pattern.exec(text);
    if (match) return { badge: candidate, index: match.index };
  }
  return null;
}

/** Peels badges off the end one at a time, as they stack ("…New in MainlineWalmart Exclusive"). */
function stripGluedBadges(text: string): SeriesCell {
  let series = trimDebris(text);
  let huntType: HuntType | null = null;
  let category: string | null = null;
  for (let found = findBadge(series); found !== null; found = findBadge(series)) {
    // A badge that is the whole cell ("Treasure Hunt", "Faster Than Ever") is the series name.
    if (found.index === 0) break;
    series = trimDebris(series.slice(0, found.index));
    if (huntType !== 'STH') huntType = found.badge.huntType ?? huntType;
    category = category ?? found.badge.category ?? null;
  }
  return { series, huntType, category };
}

function splitOccasionSeries(text: string): SeriesCell | null {
  const prefix = OCCASION_SERIES.find((name) => text.startsWith(name) && text !== name);
  if (prefix === undefined) return null;
  const occasion = text.slice(prefix.length);
  return {
    series: prefix,
    huntType: huntTypeNamedIn(occasion),
    category: retailerNamedIn(occasion),
  };
}

function huntTypeNamedIn(text: string): HuntType | null {
  if (/Super Treasure Hunt/i.test(text)) return 'STH';
  return /Treasure Hunt|T-Hunt/i.test(text) ? 'TH' : null;
}

function retailerNamedIn(text: string): string | null {
  const named = SERIES_RETAILERS.find(([name]) =>
    new RegExp(`(?:${name}) Exclusive`, 'i').test(text),
  );
  return named ? named[1] : null;
}

/** Whole-cell series names that mean "not known yet". */
function isSeriesPlaceholder(series: string): boolean {
  return PLACEHOLDER.test(series);
}

export function parseSeriesCell(text: string | null): SeriesCell {
  if (text === null) return { series: null, huntType: null, category: null };
  const parsed = splitOccasionSeries(text) ?? stripGluedBadges(text);
  const series = parsed.series === null ? null : normaliseDashes(parsed.series);
  if (series === null || series === '' || isSeriesPlaceholder(series)) {
    return { series: null, huntType: parsed.huntType, category: parsed.category };
  }
  return {
    series,
    // Treasure hunt series proper ("1995 Treasure Hunts", "T-Hunt", "Super Treasure Hunt").
    huntType: parsed.huntType ?? huntTypeNamedIn(series),
    // Series named after a retailer ("2001 Sam's Club Exclusive") keep their name.
    category: parsed.category ?? retailerNamedIn(series),
  };
}

/**
 * A 1995 table had Color and Wheels columns where the others have Series and Series #, so those
 * rows say series "Red/Chrome", series_num "7SP". A series made only of colour words is a colour.
 */
const COLOUR_SHADE = '(?:Light|Dark|Metallic|Metalflake|Pearl|Olive) ';
const COLOUR_NAME =
  '(?:Red|Blue|White|Black|Yellow|Orange|Maroon|Green|Silver|Gold|Purple|Pink|Gr[ae]y|Chrome|Brown|Tan)';
const COLOUR_WORD = `(?:${COLOUR_SHADE})?${COLOUR_NAME}`;
const COLOUR_ONLY = new RegExp(`^${COLOUR_WORD}(?:/${COLOUR_WORD})*$`, 'i');

function isColourOnly(series: string | null): series is string {
  return series !== null && COLOUR_ONLY.test(series);
}

/** Series, position and colour, with a colour shifted into the series column moved back. */
function placeColourColumn(series: string | null, fields: WikiFields) {
  const seriesNumber = toSeriesNumber(fields.seriesNumber);
  const color = withoutPlaceholder(fields.color);
  if (isColourOnly(series) && !seriesNumber?.includes('/')) {
    return { series: null, seriesNumber: null, color: color ?? series };
  }
  return { series, seriesNumber, color };
}

// ---------------------------------------------------------------------------------------------
// Type

/** Lines sold as collector-grade (metal/metal, Real Riders, higher price) rather than mainline. */
const PREMIUM_SERIES = [
  /^Car culture\b/i,
  /^Boulevard$/i,
  /^Elite 64$/i,
  /^Fast & Furious Premium\b/i,
  /\bRLC\b/,
  /\bRed Line Club\b/i,
];

/** Premium line first (it overrides numbering), then mainline numbering, then retailer. */
function carType(
  series: string | null,
  collectorNumber: string | null,
  category: string | null,
): CarType {
  if (series !== null && PREMIUM_SERIES.some((pattern) => pattern.test(series))) return 'Premium';
  if (collectorNumber !== null) return 'Mainline';
  if (category !== null) return 'Exclusive';
  return 'Series';
}

// ---------------------------------------------------------------------------------------------

function readWikiFields(record: Record<string, unknown>): WikiFields {
  return {
    toyNumber: cleanText(record.toy_num),
    collectorNumber: cleanText(record.col_num),
    model: cleanText(record.model),
    series: cleanText(record.series),
    seriesNumber: cleanText(record.series_num),
    image: cleanText(record.photo_url),
    year: cleanText(record.year),
    color: cleanText(record.color),
  };
}

function skip(reason: string): WikiNormalizeResult {
  return { ok: false, reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normalizeWikiRecord(raw: unknown): WikiNormalizeResult {
  if (!isRecord(raw)) return skip(WIKI_SKIP_REASONS.notAnObject);
  const fields = readWikiFields(raw);
  if (isHeaderRow(fields)) return skip(WIKI_SKIP_REASONS.headerRow);
  const name = withoutPlaceholder(fields.model);
  if (name === null) return skip(WIKI_SKIP_REASONS.missingModel);
  if (isTableLabel(name)) return skip(WIKI_SKIP_REASONS.tableLabel);
  const year = parseYear(fields.year);
  if (year === null) {
    return skip(`${WIKI_SKIP_REASONS.unparseableYear}: ${fields.year ?? 'missing'}`);
  }
  if (isNavigationText(fields)) return skip(WIKI_SKIP_REASONS.navigationText);

  const cell = parseSeriesCell(fields.series);
  if (predatesSeries(cell.series, year)) return skip(WIKI_SKIP_REASONS.yearBeforeSeries);
  const { series, seriesNumber, color } = placeColourColumn(cell.series, fields);
  const collectorNumber = toCollectorNumber(fields.collectorNumber);

  const car: CatalogCarInput = {
    toyNumber: toToyNumber(fields.toyNumber),
    collectorNumber,
    name,
    image: toImage(fields.image),
    series,
    seriesNumber,
    year,
    color,
    type: carType(series, collectorNumber, cell.category),
    category: cell.category,
    huntType: cell.huntType,
    brand: 'Hot Wheels',
    retailPrice: null,
    setRetailPrice: null,
    setName: null,
    fivePackId: null,
  };
  const checked = catalogCarInputSchema.safeParse(car);
  if (!checked.success) {
    return skip(`${WIKI_SKIP_REASONS.invalid}: ${describeInputIssues(checked.error)}`);
  }
  return { ok: true, car: checked.data };
}
