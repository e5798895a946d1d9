// Owns validating one catalogue car as an import source describes it (CSV rows, native JSON).
import { z } from 'zod';
import type { CatalogCarInput } from '../../src/shared/catalog/types';
import { BRANDS, CAR_TYPES, HUNT_TYPES } from '../../src/shared/catalog/types';
import { photoOrigin } from './photo-origins';

/**
 * The fields of a catalogue car as every source gives them, in one fixed order: the CSV columns,
 * and the order derived keys are built in, so every output is byte-stable.
 */
export const CATALOG_INPUT_FIELDS = [
  'toyNumber',
  'collectorNumber',
  'name',
  'image',
  'series',
  'seriesNumber',
  'year',
  'color',
  'type',
  'category',
  'huntType',
  'brand',
  'retailPrice',
  'setRetailPrice',
  'setName',
  'fivePackId',
] as const satisfies readonly (keyof CatalogCarInput)[];

/** Sources write "no value" as an empty string as often as null; the catalogue only knows null. */
function emptyToNull(value: string | null): string | null {
  return value === '' ? null : value;
}

/** Optional text: absent, null, '' and whitespace-only all mean "unknown". */
function optionalText(maxLength: number) {
  return z.string().trim().max(maxLength).nullable().default(null).transform(emptyToNull);
}

const optionalPrice = z.number().finite().min(0).nullable().default(null);

export const FIVE_PACK_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export const catalogCarInputSchema = z
  .object({
    toyNumber: optionalText(50),
    collectorNumber: optionalText(50),
    name: z.string().trim().min(1).max(200),
    // A photo whose host the page's CSP cannot allow would never load: the car is kept without it.
    image: optionalText(2000).transform((url) => (url !== null && photoOrigin(url) ? url : null)),
    series: optionalText(200),
    seriesNumber: optionalText(50),
    year: z.number().int().min(1950).max(2100),
    color: optionalText(200),
    type: z.enum(CAR_TYPES),
    category: optionalText(200),
    huntType: z.enum(HUNT_TYPES).nullable().default(null),
    brand: z.enum(BRANDS),
    retailPrice: optionalPrice,
    setRetailPrice: optionalPrice,
    setName: optionalText(200),
    fivePackId: optionalText(100).pipe(
      z
        .string()
        .regex(FIVE_PACK_ID_PATTERN, 'must be lowercase letters, digits and dashes')
        .nullable(),
    ),
  })
  .strict();

/** Which fields a source must give; every other field may be left out and then means null. */
export const REQUIRED_INPUT_FIELDS = ['name', 'year', 'type', 'brand'] as const;

/** One line a person can act on: "year: Too big: expected number to be <=2100; brand: …". */
export function describeInputIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

// Compile-time guard: if the schema and the shared type drift apart, this stops type-checking.
type SchemaOutput = z.output<typeof catalogCarInputSchema>;
const _outputIsInput: (value: SchemaOutput) => CatalogCarInput = (value) => value;
const _inputIsOutput: (value: CatalogCarInput) => SchemaOutput = (value) => value;
void _outputIsInput;
void _inputIsOutput;
