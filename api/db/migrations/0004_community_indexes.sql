DROP INDEX "follows_followee_idx";--> statement-breakpoint
CREATE INDEX "follows_user_created_idx" ON "follows" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "listings_open_instance_idx" ON "listings" USING btree ("user_id","kind","instance_id") WHERE "listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "profiles_car_rank_idx" ON "profiles" USING btree ("total_car_count" DESC NULLS LAST) WHERE "profiles"."username" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_set_rank_idx" ON "profiles" USING btree ("total_set_count" DESC NULLS LAST) WHERE "profiles"."username" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS LAST);