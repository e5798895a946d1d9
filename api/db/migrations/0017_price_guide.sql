-- Issue 32: a price guide one account cannot bend. A completed listing now records what the deal
-- was (listings/complete): the accepted offer that completed it, the price agreed (the offer's
-- cash, else the asking price) and the condition of the copy that changed hands (cars; the copy
-- leaves the seller, so it cannot be read afterwards). A completion with no buyer records none
-- of it, so it never makes a community price. Listings completed before this migration take the
-- accepted offer on them (at most one per listing), if any: someone else stood behind that
-- price; their copy's condition is gone and stays unknown.
ALTER TABLE "listings" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "agreed_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "copy_condition" text;--> statement-breakpoint
UPDATE "listings" l
   SET "offer_id" = o."id", "agreed_price" = coalesce(o."price", l."asking_price")
  FROM "offers" o
 WHERE o."listing_id" = l."id" AND o."seller_id" = l."user_id" AND o."status" = 'accepted'
   AND l."status" IN ('sold', 'traded');--> statement-breakpoint
-- The community price reads the priced listings of each car: open ones at their asking price,
-- completed ones at the price agreed. Replaces the index on every cash listing (0010).
DROP INDEX "listings_priced_item_idx";--> statement-breakpoint
CREATE INDEX "listings_price_guide_idx" ON "listings" USING btree ("kind","item_id") WHERE ("listings"."status" = 'open' AND "listings"."asking_price" IS NOT NULL) OR ("listings"."status" IN ('sold', 'traded') AND "listings"."agreed_price" IS NOT NULL);
