// The one SQL schema (Drizzle pgTable) for PGlite and PostgreSQL; migrations are generated from it.
// One file on purpose: drizzle-kit reads this file to generate the committed migrations, and the
// tables' keys and indexes (every collector's table keyed by user_id, docs/scaling.md) are
// reviewed together here.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
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
  (t) => [
    index('catalog_cars_year_idx').on(t.year),
    index('catalog_cars_set_idx').on(t.setId),
    // Matches: the same casting in another year or colour.
    index('catalog_cars_name_idx').on(t.brand, t.name),
  ],
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
    /** When the provider's event that set subscription_status happened: older events lose. */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    /** Bumped by every change to the user's state: writes are optimistic (diecast_apply_diff). */
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique in any case through the usernames directory (below), not here: a unique index
    // without user_id cannot be kept by a database distributed by user_id.
    // The leaderboard ranks collectors with a username by each total.
    index('profiles_car_rank_idx')
      .on(t.totalCarCount.desc())
      .where(sql`${t.username} IS NOT NULL`),
    index('profiles_set_rank_idx')
      .on(t.totalSetCount.desc())
      .where(sql`${t.username} IS NOT NULL`),
  ],
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
    /** Wishlist cars only: the most the collector means to pay (null: not said). */
    maxPrice: money('max_price'),
    /** Wishlist cars only: a note to themselves (null: none). */
    note: text('note'),
    seq: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list, t.itemId] }),
    // Wanted by and match alerts: whose wishlist holds this car or set.
    index('list_items_item_idx').on(t.list, t.itemId),
  ],
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

/** Every mutation key a user's devices sent, with the answer it got. */
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
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The retention sweep takes the oldest first (api/collection/key-retention.ts).
    index('processed_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Per device of a collector (the clientId of its `<clientId>:<seq>` keys), the highest seq whose
 * processed key was swept: such a key seen again is refused, never applied twice (docs/sync.md).
 */
export const sweptKeyMarks = pgTable(
  'swept_key_marks',
  {
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    sweptThrough: bigint('swept_through', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/**
 * Each collector's write budget (api/http/write-budget.ts): units left at `refilled_at`. In the
 * database, not in a process, so every server process and host sharing it sees one budget.
 */
export const writeBudgets = pgTable('write_budgets', {
  userId: text('user_id').primaryKey(),
  units: doublePrecision('units').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});

/** A collector's sync push in flight (api/collection/push-lease.ts): one at a time. */
export const pushLeases = pgTable('push_leases', {
  userId: text('user_id').primaryKey(),
  /** Which push holds it: only that push lets it go. */
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---- Directories: global names, each row keyed (and, on Citus, distributed) by the name ----
// A post, comment, photo, listing, offer or checkout id is chosen by a device and must be unique
// across collectors, as must a username in any case. A unique index on those columns alone could
// not be kept by a database distributed by user_id, so each name is claimed here first, in the
// same transaction as the row it names. The row itself stays in its owner's table.

/** Ids of things collectors create; kind: post | comment | photo | listing | offer | checkout. */
export const objectIds = pgTable(
  'object_ids',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Usernames in lower case, each held by one collector (profiles.username keeps the capitals). */
export const usernames = pgTable(
  'usernames',
  {
    name: text('name').primaryKey(),
    userId: text('user_id').notNull(),
  },
  (t) => [index('usernames_user_idx').on(t.userId)],
);

/**
 * Each held name's skeleton (api/db/functions/diecast_username_skeleton.sql): a name too like one
 * held is taken. Keyed by the skeleton, as usernames is by the name.
 */
export const usernameSkeletons = pgTable(
  'username_skeletons',
  {
    skeleton: text('skeleton').primaryKey(),
    userId: text('user_id').notNull(),
  },
  (t) => [index('username_skeletons_user_idx').on(t.userId)],
);

// ---- Community. Still keyed by the acting user's id where a user owns the row. ----

/** A collector's public face: avatar and bio beside the profile (username lives on profiles). */
export const profileDetails = pgTable('profile_details', {
  userId: text('user_id').primaryKey(),
  /** A photo id of the user's own (photos table), or null for the initials avatar. */
  avatarPhotoId: text('avatar_photo_id'),
  bio: text('bio').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded photos: bytes live in the storage interface (DATA_DIR/uploads by default). */
export const photos = pgTable(
  'photos',
  {
    userId: text('user_id').notNull(),
    /** Made on the device (docs/sync.md: ids a change creates are made on the device). */
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('photos_id_idx').on(t.id)],
);

export interface TaggedItem {
  kind: 'car' | 'set';
  id: string;
}

export const posts = pgTable(
  'posts',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    body: text('body').notNull(),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    tagged: jsonb('tagged').$type<TaggedItem[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('posts_id_idx').on(t.id),
    index('posts_created_idx').on(t.createdAt),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: text('user_id').notNull(),
    postId: text('post_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

export const comments = pgTable(
  'comments',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    postId: text('post_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('comments_id_idx').on(t.id),
    index('comments_post_idx').on(t.postId, t.createdAt),
  ],
);

export const postReports = pgTable(
  'post_reports',
  {
    userId: text('user_id').notNull(),
    postId: text('post_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** user_id follows followee_id. */
export const follows = pgTable(
  'follows',
  {
    userId: text('user_id').notNull(),
    followeeId: text('followee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.followeeId] }),
    // Followers and following are paged newest first.
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc()),
    index('follows_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A trade-board listing of one of the seller's (user_id) car or set instances. */
export const listings = pgTable(
  'listings',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    kind: text('kind').notNull(), // 'car' | 'set'
    itemId: text('item_id').notNull(),
    instanceId: text('instance_id').notNull(),
    forTrade: integer('for_trade').notNull().default(0), // 0 or 1
    forSale: integer('for_sale').notNull().default(0), // 0 or 1
    /** null: trade only. */
    askingPrice: money('asking_price'),
    wants: text('wants').notNull().default(''),
    status: text('status').notNull().default('open'), // open | sold | traded | withdrawn
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What a completion with a buyer recorded (listings/complete); null for any other listing.
    /** The accepted offer that completed it. */
    offerId: text('offer_id'),
    /** The price agreed: the offer's cash, else the asking price; null when neither was money. */
    agreedPrice: money('agreed_price'),
    /** The condition of the car copy that changed hands (the seller no longer has it). */
    copyCondition: text('copy_condition'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('listings_id_idx').on(t.id),
    index('listings_status_created_idx').on(t.status, t.createdAt),
    // One open listing per copy, held by the database as well as by the seller's row lock.
    uniqueIndex('listings_open_instance_idx')
      .on(t.userId, t.kind, t.instanceId)
      .where(sql`${t.status} = 'open'`),
    // Matches: the open listings of a car or set, newest first.
    index('listings_open_item_idx')
      .on(t.kind, t.itemId, t.createdAt.desc())
      .where(sql`${t.status} = 'open'`),
    // The community price: open listings at their asking price, completed deals at the price agreed.
    index('listings_price_guide_idx')
      .on(t.kind, t.itemId)
      .where(
        sql`(${t.status} = 'open' AND ${t.askingPrice} IS NOT NULL) OR (${t.status} IN ('sold', 'traded') AND ${t.agreedPrice} IS NOT NULL)`,
      ),
  ],
);

export interface OfferedCar {
  carId: string;
  instanceId: string;
}

/** An offer by user_id (the buyer) on seller_id's listing. */
export const offers = pgTable(
  'offers',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    listingId: text('listing_id').notNull(),
    sellerId: text('seller_id').notNull(),
    message: text('message').notNull(),
    offeredCars: jsonb('offered_cars').$type<OfferedCar[]>().notNull().default([]),
    /** A cash amount offered, or null. */
    price: money('price'),
    status: text('status').notNull().default('pending'), // pending | accepted | declined | withdrawn
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('offers_id_idx').on(t.id),
    index('offers_listing_idx').on(t.listingId),
    index('offers_seller_idx').on(t.sellerId),
  ],
);

/** Tutorials written by the team (api/learn/tutorials.json), loaded at start. */
export const tutorials = pgTable('tutorials', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  minutes: integer('minutes').notNull(),
  sections: jsonb('sections').$type<{ heading: string; paragraphs: string[] }[]>().notNull(),
});

export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    hostName: text('host_name').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** scheduled | live | ended */
    status: text('status').notNull(),
    embedUrl: text('embed_url').notNull(),
  },
  (t) => [index('live_streams_starts_idx').on(t.startsAt)],
);

/** Web Push subscriptions of a user's devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint] }),
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
);

/** Checkout sessions of the payment provider, and what became of them. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    provider: text('provider').notNull(), // 'stripe' | 'development'
    status: text('status').notNull(), // open | complete | expired
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sessionId] }),
    index('checkout_sessions_id_idx').on(t.sessionId),
  ],
);

/**
 * Alerts held for an hourly digest, per collector and kind ('match', 'comment', 'offer'):
 * `pending` alerts held since `last_sent_at`, and `url` while they all point to one place (one
 * post, one listing). They go out as one digest when the hour is up (api/push/held-alerts.ts).
 */
export const heldAlerts = pgTable(
  'held_alerts',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    pending: integer('pending').notNull().default(0),
    url: text('url'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('held_alerts_due_idx')
      .on(t.lastSentAt)
      .where(sql`${t.pending} > 0`),
  ],
);

/** When a follower last sent its followee (user_id) a 'New follower' alert: one a day per pair. */
export const followAlerts = pgTable(
  'follow_alerts',
  {
    userId: text('user_id').notNull(),
    followerId: text('follower_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.followerId] }),
    index('follow_alerts_sent_idx').on(t.sentAt),
  ],
);

/** Alerts asked for a collector on `day` (UTC), sent or dropped past ALERTS_PER_DAY. */
export const alertCounts = pgTable('alert_counts', {
  userId: text('user_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  alerts: integer('alerts').notNull().default(0),
});
