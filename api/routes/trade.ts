// The trade board under /api: the listing and offer commands (POST /api/<name>) and the
// reads — the public board, one listing (offers only for its two parties), mine.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import { communityHandler } from '../http/change-handler';
import type { AppDeps, AppEnv } from '../http/app-env';
import { tradeCommands } from '../trade/trade-commands';
import { optionalViewer } from '../auth/optional-viewer';
import {
  boardWhere,
  decodeCursor,
  encodeCursor,
  listingById,
  listingsByIds,
  listingsOf,
  listingViews,
  offersBy,
  offersOnListing,
} from '../trade/trade-reads';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { describeZodError } from '../../src/shared/validation';
import type { ListingDetail, MyOffer } from '../../src/shared/community/trade-schemas';
import { userText } from '../../src/shared/text/user-text';
import { readJson } from '../http/read-json';
import { heavyRead } from '../http/read-limits';
import { communityPrices, findMatches, wantedBy } from '../trade/market-reads';
import {
  communityPriceQuerySchema,
  wantedByQuerySchema,
  type CommunityPricesAnswer,
  type MatchesAnswer,
  type WantedByAnswer,
} from '../../src/shared/community/market-schemas';

const boardQuerySchema = z.strictObject({
  brand: userText({ min: 1, max: 100 }).optional(),
  year: z.coerce.number().int('must be a whole year').min(1900).max(2100).optional(),
  series: userText({ min: 1, max: 200 }).optional(),
  hunt: z.enum(['TH', 'STH'], 'must be TH or STH').optional(),
  type: z.enum(['trade', 'sale'], 'must be trade or sale').optional(),
  before: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export function tradeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps.verifier);
  const maybeSignedIn = optionalViewer(deps.verifier);
  const heavy = heavyRead(deps);

  for (const command of tradeCommands) {
    app.post(`/${command.name}`, signedIn, communityHandler(deps, command.name));
  }

  app.get('/listings', maybeSignedIn, async (c) => {
    // Empty query values ('?brand=') mean "any", like a cleared select.
    const query = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ''),
    );
    const parsed = boardQuerySchema.safeParse(query);
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const { before, limit, ...filters } = parsed.data;
    const cursor = before === undefined ? undefined : decodeCursor(before);
    if (cursor === null) return c.json({ error: 'before: not a cursor from this board' }, 400);
    const page = await listingViews(deps.db, boardWhere({ ...filters, before: cursor }), limit + 1);
    const listings = page.slice(0, limit);
    const last = listings.at(-1);
    return c.json({
      listings,
      nextCursor: page.length > limit && last ? encodeCursor(last) : null,
    });
  });

  app.get('/listings/mine', signedIn, async (c) => {
    const listings = await listingsOf(deps.db, c.get('userId'));
    return c.json({ listings });
  });

  app.get('/listings/:listingId', maybeSignedIn, async (c) => {
    const id = idSchema.safeParse(c.req.param('listingId'));
    if (!id.success) return c.json({ error: `listingId: ${describeZodError(id.error)}` }, 400);
    const listing = await listingById(deps.db, id.data);
    if (!listing) return c.json({ error: `Listing ${id.data} not found` }, 404);
    const viewer = c.get('viewerId') ?? undefined;
    const body: ListingDetail = { ...listing };
    // Only the two parties see an offer: the seller sees all, a buyer their own.
    if (viewer !== undefined) {
      body.offers =
        viewer === listing.seller.userId
          ? await offersOnListing(deps.db, listing.id)
          : await offersOnListing(deps.db, listing.id, viewer);
    }
    return c.json(body);
  });

  // The market reads. Reads with a list of ids are POSTs (a collection's worth of
  // ids does not fit a URL); they change nothing. Each weighs on the whole database, so each
  // draws on the reader's read budget (api/http/read-limits.ts).
  app.post('/trade/community-prices', maybeSignedIn, heavy, async (c) => {
    const parsed = communityPriceQuerySchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const answer: CommunityPricesAnswer = {
      prices: await communityPrices(deps.db, parsed.data.kind, parsed.data.ids),
    };
    return c.json(answer);
  });

  app.get('/trade/matches', signedIn, heavy, async (c) => {
    const answer: MatchesAnswer = await findMatches(deps.db, c.get('userId'));
    return c.json(answer);
  });

  app.post('/trade/wanted-by', signedIn, heavy, async (c) => {
    const parsed = wantedByQuerySchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const answer: WantedByAnswer = {
      wantedBy: await wantedBy(deps.db, parsed.data.kind, parsed.data.ids, c.get('userId')),
    };
    return c.json(answer);
  });

  app.get('/offers/mine', signedIn, async (c) => {
    const offers = await offersBy(deps.db, c.get('userId'));
    const listingIds = [...new Set(offers.map((offer) => offer.listingId))];
    const listings = await listingsByIds(deps.db, listingIds);
    const byId = new Map(listings.map((listing) => [listing.id, listing]));
    const mine: MyOffer[] = offers.flatMap((offer) => {
      const listing = byId.get(offer.listingId);
      return listing ? [{ ...offer, listing }] : [];
    });
    return c.json({ offers: mine });
  });

  return app;
}
