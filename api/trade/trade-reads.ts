// The trade board's reads: listings joined with the catalogue, the seller's copy and profile, and
// offers with the cars they name. Who may see an offer is decided by the route, not here.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { carInstances, catalogCars, offers } from '../db/schema';
import { profileOrUnknown, publicProfiles } from '../profiles/public-profile';
import type { Condition, Grade } from '../../src/shared/collection/types';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { parseCursorInstant } from '../http/cursor-instant';
import type {
  ListingStatus,
  ListingView,
  OfferStatus,
  OfferView,
  TradeItem,
} from '../../src/shared/community/trade-schemas';

interface ListingSqlRow {
  user_id: string;
  id: string;
  kind: 'car' | 'set';
  item_id: string;
  instance_id: string;
  for_trade: number;
  for_sale: number;
  asking_price: string | number | null;
  wants: string;
  status: ListingStatus;
  created_at: string | Date;
  updated_at: string | Date;
  name: string | null;
  image: string | null;
  brand: string | null;
  year: number | null;
  series: string | null;
  series_number: string | null;
  hunt_type: string | null;
  condition: Condition | null;
  grade: Grade | null;
  available: boolean;
  pending_offer_count: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const money = (value: string | number | null) => (value === null ? null : Number(value));
const hunt = (value: string | null): TradeItem['huntType'] =>
  value === 'TH' || value === 'STH' ? value : null;

/** The listings matching `where` (SQL over the aliases below), newest first. */
export async function listingViews(
  db: Queryable,
  where: SQL,
  limit = 1000,
): Promise<ListingView[]> {
  const rows = await queryRows<ListingSqlRow>(
    db,
    sql`SELECT l.user_id, l.id, l.kind, l.item_id, l.instance_id, l.for_trade, l.for_sale,
          l.asking_price, l.wants, l.status, l.created_at, l.updated_at,
          coalesce(c.name, s.name) AS name, c.image, coalesce(c.brand, s.brand) AS brand,
          coalesce(c.year, s.year) AS year, coalesce(c.series, s.series) AS series,
          c.series_number, c.hunt_type, ci.condition, ci.grade,
          (ci.instance_id IS NOT NULL OR si.instance_id IS NOT NULL) AS available,
          (SELECT count(*)::int FROM offers o
             WHERE o.listing_id = l.id AND o.status = 'pending') AS pending_offer_count
        FROM listings l
        LEFT JOIN catalog_cars c ON l.kind = 'car' AND c.id = l.item_id
        LEFT JOIN catalog_sets s ON l.kind = 'set' AND s.id = l.item_id
        LEFT JOIN car_instances ci ON l.kind = 'car' AND ci.user_id = l.user_id
          AND ci.instance_id = l.instance_id
        LEFT JOIN set_instances si ON l.kind = 'set' AND si.user_id = l.user_id
          AND si.instance_id = l.instance_id
        WHERE ${where}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${limit}`,
  );
  const sellers = await publicProfiles(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    itemId: row.item_id,
    instanceId: row.instance_id,
    forTrade: row.for_trade === 1,
    forSale: row.for_sale === 1,
    askingPrice: money(row.asking_price),
    wants: row.wants,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    item: {
      name: row.name ?? row.item_id,
      image: row.image,
      brand: row.brand,
      year: row.year,
      series: row.series,
      seriesNumber: row.series_number,
      huntType: hunt(row.hunt_type),
    },
    instance: row.condition && row.grade ? { condition: row.condition, grade: row.grade } : null,
    available: row.available,
    pendingOfferCount: Number(row.pending_offer_count),
    seller: profileOrUnknown(sellers, row.user_id),
  }));
}

/** The listings this collector made, newest first. */
export function listingsOf(db: Queryable, userId: string): Promise<ListingView[]> {
  return listingViews(db, sql`l.user_id = ${userId}`, 500);
}

export async function listingById(db: Queryable, id: string): Promise<ListingView | undefined> {
  const [listing] = await listingViews(db, sql`l.id = ${id}`, 1);
  return listing;
}

export async function listingsByIds(db: Queryable, ids: readonly string[]): Promise<ListingView[]> {
  if (ids.length === 0) return [];
  return listingViews(
    db,
    sql`l.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export interface BoardFilters {
  brand?: string;
  year?: number;
  series?: string;
  hunt?: 'TH' | 'STH';
  type?: 'trade' | 'sale';
  before?: { createdAt: string; id: string };
}

/** GET /api/listings: open listings whose copy is still there, matching every filter given. */
export function boardWhere(filters: BoardFilters): SQL {
  const parts: SQL[] = [
    sql`l.status = 'open'`,
    sql`(ci.instance_id IS NOT NULL OR si.instance_id IS NOT NULL)`,
  ];
  if (filters.brand !== undefined) parts.push(sql`coalesce(c.brand, s.brand) = ${filters.brand}`);
  if (filters.year !== undefined) parts.push(sql`coalesce(c.year, s.year) = ${filters.year}`);
  if (filters.series !== undefined) {
    parts.push(sql`coalesce(c.series, s.series) = ${filters.series}`);
  }
  if (filters.hunt !== undefined) parts.push(sql`c.hunt_type = ${filters.hunt}`);
  if (filters.type === 'trade') parts.push(sql`l.for_trade = 1`);
  if (filters.type === 'sale') parts.push(sql`l.for_sale = 1`);
  if (filters.before) {
    parts.push(
      sql`(l.created_at, l.id) < (${filters.before.createdAt}::timestamptz, ${filters.before.id})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

/** The page cursor: where the next page starts (opaque to clients). */
export function encodeCursor(listing: ListingView): string {
  return Buffer.from(JSON.stringify([listing.createdAt, listing.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const createdAt = typeof at === 'string' ? parseCursorInstant(at) : null;
      if (createdAt !== null && idSchema.safeParse(id).success) {
        return { createdAt, id: id as string };
      }
    }
  } catch {
    // Not a cursor this server made: the route answers 400.
  }
  return null;
}

type OfferRow = typeof offers.$inferSelect;

/** Offer rows as views: the buyer's profile, and each offered car with the buyer's copy. */
export async function offerViews(db: Queryable, rows: OfferRow[]): Promise<OfferView[]> {
  if (rows.length === 0) return [];
  const carIds = [...new Set(rows.flatMap((row) => row.offeredCars.map((car) => car.carId)))];
  const instanceIds = [
    ...new Set(rows.flatMap((row) => row.offeredCars.map((car) => car.instanceId))),
  ];
  const buyerIds = [...new Set(rows.map((row) => row.userId))];
  const [cars, copies, buyers] = await Promise.all([
    carIds.length > 0
      ? db.select().from(catalogCars).where(inArray(catalogCars.id, carIds))
      : Promise.resolve([]),
    instanceIds.length > 0
      ? db
          .select()
          .from(carInstances)
          .where(
            and(
              inArray(carInstances.userId, buyerIds),
              inArray(carInstances.instanceId, instanceIds),
            ),
          )
      : Promise.resolve([]),
    publicProfiles(db, buyerIds),
  ]);
  const carById = new Map(cars.map((car) => [car.id, car]));
  const copyByKey = new Map(copies.map((copy) => [`${copy.userId}|${copy.instanceId}`, copy]));
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listingId,
    buyer: profileOrUnknown(buyers, row.userId),
    message: row.message,
    offeredCars: row.offeredCars.map(({ carId, instanceId }) => {
      const car = carById.get(carId);
      const copy = copyByKey.get(`${row.userId}|${instanceId}`);
      return {
        carId,
        instanceId,
        item: {
          name: car?.name ?? carId,
          image: car?.image ?? null,
          brand: car?.brand ?? null,
          year: car?.year ?? null,
          series: car?.series ?? null,
          seriesNumber: car?.seriesNumber ?? null,
          huntType: hunt(car?.huntType ?? null),
        },
        instance:
          copy && copy.carId === carId
            ? { condition: copy.condition as Condition, grade: copy.grade as Grade }
            : null,
      };
    }),
    price: row.price,
    status: row.status as OfferStatus,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  }));
}

/** Offers on a listing: all of them (the seller), or only one buyer's. */
export async function offersOnListing(
  db: Queryable,
  listingId: string,
  buyerId?: string,
): Promise<OfferView[]> {
  const where =
    buyerId === undefined
      ? eq(offers.listingId, listingId)
      : and(eq(offers.listingId, listingId), eq(offers.userId, buyerId));
  const rows = await db.select().from(offers).where(where).orderBy(desc(offers.createdAt));
  return offerViews(db, rows);
}

/** Offers a buyer made, newest first. */
export async function offersBy(db: Queryable, buyerId: string): Promise<OfferView[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(eq(offers.userId, buyerId))
    .orderBy(desc(offers.createdAt))
    .limit(200);
  return offerViews(db, rows);
}
