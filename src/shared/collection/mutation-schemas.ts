// zod schemas for the payloads of the replayable calls, shared by the device and the server. (docs/api.md)
import { z } from 'zod';
import '../zod-csp';
import { unstorableJsonProblem, userText } from '../text/user-text';
import { CONDITIONS, GRADES } from './types';
import { MAX_IMPORTED_PER_CHANGE, MAX_INSTANCES_PER_CHANGE } from './work-units';

/**
 * Ids come from the catalogue or from a device's generator: printable, short, URL-safe. Never
 * '/' or '..', so an id is safe as a path segment, a file name or an object key.
 */
export const idSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.:~-]+$/, 'may only contain letters, digits and _ . : ~ -')
  .refine((id) => !id.includes('..'), "must not contain '..'");

/**
 * Money is kept in whole cents on both sides so the device and the server never disagree. 0 is
 * a price here (a purchase price not said, a max price of 'free only'), so 0.004 becomes 0;
 * prices that must be above 0 (asking, offered) use trade-schemas' positivePriceSchema. `+ 0`
 * turns a -0 into 0.
 */
const priceSchema = z
  .number()
  .finite()
  .min(0, 'must not be negative')
  .max(1_000_000, 'must be at most 1,000,000')
  .transform((value) => Math.round(value * 100) / 100 + 0);

const quantitySchema = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(9999, 'must be at most 9999');

const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real date');

const timestampSchema = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });

export const NOTES_MAX = 2000;
export const PURCHASE_PLACE_MAX = 200;
/** A wishlist note is a reminder read at a fair table ('only carded', 'the blue one'). */
export const WISHLIST_NOTE_MAX = 200;
const notesSchema = userText({ max: NOTES_MAX });
const placeSchema = userText({ max: PURCHASE_PLACE_MAX });
const wishlistNoteSchema = userText({ max: WISHLIST_NOTE_MAX });

export const carInstanceDetailsSchema = z.strictObject({
  instanceId: idSchema.optional(),
  condition: z.enum(CONDITIONS).optional(),
  grade: z.enum(GRADES).optional(),
  purchasePrice: priceSchema.optional(),
  purchaseDate: calendarDateSchema.nullable().optional(),
  notes: notesSchema.optional(),
  purchasePlace: placeSchema.optional(),
  dateAdded: timestampSchema.optional(),
});
export type CarInstanceDetails = z.infer<typeof carInstanceDetailsSchema>;

export const carInstanceUpdatesSchema = carInstanceDetailsSchema
  .omit({ instanceId: true, dateAdded: true })
  .refine((updates) => Object.keys(updates).length > 0, 'must change at least one field');

export const setInstanceDetailsSchema = z.strictObject({
  instanceId: idSchema.optional(),
  purchasePrice: priceSchema.optional(),
  purchaseDate: calendarDateSchema.nullable().optional(),
  notes: notesSchema.optional(),
  purchasePlace: placeSchema.optional(),
  dateAdded: timestampSchema.optional(),
});
export type SetInstanceDetails = z.infer<typeof setInstanceDetailsSchema>;

export const setInstanceUpdatesSchema = setInstanceDetailsSchema
  .omit({ instanceId: true, dateAdded: true })
  .refine((updates) => Object.keys(updates).length > 0, 'must change at least one field');

/**
 * The set as the device got it from the all-sets list. Only its id is trusted: the server takes
 * the set's name and cars from its own catalogue.
 */
const setReferenceSchema = z.looseObject({ id: idSchema });

const settingKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -');

export const SETTING_VALUE_MAX = 10_000;
const settingValueSchema = z
  .json()
  .superRefine((value, ctx) => {
    // Every string in the value (keys included) must be storable text, like any typed text.
    const problem = unstorableJsonProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .refine(
    (value) => JSON.stringify(value).length <= SETTING_VALUE_MAX,
    'must be at most 10,000 characters',
  );

export const mutationArgsSchemas = {
  'collection/add-car-instance': z.strictObject({
    carId: idSchema,
    details: carInstanceDetailsSchema.default({}),
  }),
  'collection/remove-car-instance': z.strictObject({ carId: idSchema, instanceId: idSchema }),
  /**
   * Copies brought in from a CSV file, a chunk at a time. Each names its own instance id (from
   * the file, or derived from the row), and a copy whose id the collection already holds is
   * skipped: the same file imported twice adds nothing the second time.
   */
  'collection/import-car-instances': z.strictObject({
    instances: z
      .array(
        z.strictObject({
          carId: idSchema,
          details: carInstanceDetailsSchema.required({ instanceId: true }),
        }),
      )
      .min(1, 'must hold at least one copy')
      .max(MAX_IMPORTED_PER_CHANGE, `must hold at most ${MAX_IMPORTED_PER_CHANGE} copies`),
  }),
  'collection/add-set-instance': z.strictObject({
    set: setReferenceSchema,
    instanceDetails: setInstanceDetailsSchema.default({}),
  }),
  'collection/add-multiple-set-instances': z.strictObject({
    set: setReferenceSchema,
    instances: z
      .array(setInstanceDetailsSchema)
      .min(1, 'must hold at least one instance')
      .max(MAX_INSTANCES_PER_CHANGE, `must hold at most ${MAX_INSTANCES_PER_CHANGE} instances`),
  }),
  'collection/remove-set-instance': z.strictObject({
    setId: idSchema,
    instanceId: idSchema,
    carIds: z.array(idSchema).max(200, 'must hold at most 200 cars'),
  }),
  'collection/toggle-favorite': z.strictObject({ carId: idSchema, isFavorited: z.boolean() }),
  'collection/toggle-wishlist': z.strictObject({ carId: idSchema, isWishlisted: z.boolean() }),
  /**
   * What a wishlist car is worth to the collector: the most they mean to pay (null: not said)
   * and a note ('' for none). Both are given, so the entry becomes exactly what the form shows.
   */
  'collection/update-wishlist-car': z.strictObject({
    carId: idSchema,
    maxPrice: priceSchema.nullable(),
    note: wishlistNoteSchema,
  }),
  'collection/toggle-set': z.strictObject({
    setId: idSchema,
    action: z.enum(['favorite', 'wishlist']),
    isSetInList: z.boolean(),
  }),
  'collection/update-set-details': z.strictObject({
    setId: idSchema,
    type: z.enum(['trade', 'sale']),
    quantity: quantitySchema,
  }),
  'collection/update-car-details': z.strictObject({
    carId: idSchema,
    forTrade: quantitySchema,
    forSale: quantitySchema,
  }),
  'collection/update-car-instance': z.strictObject({
    carId: idSchema,
    instanceId: idSchema,
    updates: carInstanceUpdatesSchema,
  }),
  'collection/update-set-instance': z.strictObject({
    setId: idSchema,
    instanceId: idSchema,
    updates: setInstanceUpdatesSchema,
  }),
  'users/update-settings': z.strictObject({ key: settingKeySchema, value: settingValueSchema }),
  'tutorials/complete': z.strictObject({ tutorialId: idSchema }),
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgsSchemas)[N]>;

export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationArgsSchemas, name);
}
