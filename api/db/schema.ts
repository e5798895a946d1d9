// The one SQL schema (Drizzle pgTable) for PGlite and PostgreSQL; migrations are generated from it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/** Insertion order of a user's rows: the collection's arrays are returned in this order. */
const insertionOrder = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity();

// ---- Catalogue (shared by everyone; read-only for users) ----------------------------------

export const catalogCars = pgTable(
  'catalog_cars',
  {
    id: text('id').primaryKey(),
    toyNumber: text('toy_number'),
    collectorNumber: text('collector_number'),
    name: text('name').notNull(),
    image: text('image'),
    series: text('series'),
    seriesNumber: text('series_number'),
    year: integer('year').notNull(),
    color: text('color'),
    setName: text('set_name'),
    type: text('type').notNull(),
    category: text('category'),
    huntType: text('hunt_type'),
    brand: text('brand').notNull(),
    retailPrice: money('retail_price'),
    setRetailPrice: money('set_retail_price'),
    carsInSet: integer('cars_in_set'),
    setId: text('set_id'),
    fivePackId: text('five_pack_id'),
  },
  (t) => [index('catalog_cars_year_idx').on(t.year), index('catalog_cars_set_idx').on(t.setId)],
);

export const catalogSets = pgTable('catalog_sets', {
  id: text('id').primaryKey(),
  series: text('series').notNull(),
  year: integer('year').notNull(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  carIds: jsonb('car_ids').$type<string[]>().notNull(),
  retailPrice: money('retail_price'),
});

/** Key/value facts about the catalogue; 'version' is a hash of its content. */
export const catalogMeta = pgTable('catalog_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ---- Per-user data: every table keyed by user_id (a distributed PostgreSQL shards on it) ----

export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id').primaryKey(),
    username: text('username'),
    totalCarCount: integer('total_car_count').notNull().default(0),
    totalSetCount: integer('total_set_count').notNull().default(0),
    completedTutorials: jsonb('completed_tutorials').$type<string[]>().notNull().default([]),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    /** Bumped by every change to the user's state: writes are optimistic (diecast_apply_diff). */
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const ownedCars = pgTable(
  'owned_cars',
  {
    userId: text('user_id').notNull(),
    carId: text('car_id')
      .notNull()
      .references(() => catalogCars.id),
    seq: insertionOrder(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.carId] })],
);

export const carInstances = pgTable(
  'car_instances',
  {
    userId: text('user_id').notNull(),
    instanceId: text('instance_id').notNull(),
    carId: text('car_id').notNull(),
    condition: text('condition').notNull(),
    grade: text('grade').notNull(),
    purchasePrice: money('purchase_price').notNull(),
    purchaseDate: text('purchase_date'),
    notes: text('notes').notNull(),
    purchasePlace: text('purchase_place').notNull(),
    dateAdded: text('date_added').notNull(),
    seq: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    index('car_instances_user_car_idx').on(t.userId, t.carId),
  ],
);

export const ownedSets = pgTable(
  'owned_sets',
  {
    userId: text('user_id').notNull(),
    setId: text('set_id')
      .notNull()
      .references(() => catalogSets.id),
    seq: insertionOrder(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.setId] })],
);

export const setInstances = pgTable(
  'set_instances',
  {
    userId: text('user_id').notNull(),
    instanceId: text('instance_id').notNull(),
    setId: text('set_id').notNull(),
    purchasePrice: money('purchase_price').notNull(),
    purchaseDate: text('purchase_date'),
    notes: text('notes').notNull(),
    purchasePlace: text('purchase_place').notNull(),
    dateAdded: text('date_added').notNull(),
    seq: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    index('set_instances_user_set_idx').on(t.userId, t.setId),
  ],
);

/** Favourites and wishlists of cars and sets: list is one of LIST_NAMES in collection-store. */
export const listItems = pgTable(
  'list_items',
  {
    userId: text('user_id').notNull(),
    list: text('list').notNull(),
    itemId: text('item_id').notNull(),
    addedAt: text('added_at').notNull(),
    seq: insertionOrder(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list, t.itemId] })],
);

/** Cars and sets offered for trade or sale; kind is 'car' or 'set'. */
export const tradeSellEntries = pgTable(
  'trade_sell_entries',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    forTrade: integer('for_trade').notNull(),
    forSale: integer('for_sale').notNull(),
    seq: insertionOrder(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);

/** Every mutation key a user's devices sent, with the answer it got (DESIGN.md idempotency). */
export const processedKeys = pgTable(
  'processed_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
