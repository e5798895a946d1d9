-- Issue 13 (written by hand: 0009 belongs to the wishlist branch, and drizzle-kit's snapshots
-- would need it): the indexes that the Matches view, Wanted by and the community price read
-- on, and the hourly digest of match alerts per collector.
CREATE TABLE "match_alerts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "match_alerts_due_idx" ON "match_alerts" USING btree ("last_sent_at") WHERE "match_alerts"."pending" > 0;--> statement-breakpoint
CREATE INDEX "listings_open_item_idx" ON "listings" USING btree ("kind","item_id","created_at" DESC NULLS LAST) WHERE "listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listings_priced_item_idx" ON "listings" USING btree ("kind","item_id","asking_price") WHERE "listings"."asking_price" IS NOT NULL AND "listings"."status" IN ('open', 'sold', 'traded');--> statement-breakpoint
CREATE INDEX "list_items_item_idx" ON "list_items" USING btree ("list","item_id");--> statement-breakpoint
CREATE INDEX "catalog_cars_name_idx" ON "catalog_cars" USING btree ("brand","name");
