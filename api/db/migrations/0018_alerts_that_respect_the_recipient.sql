-- Issue 32 (written by hand: other numbers belong to other branches): alerts that respect the
-- person getting them. Held alerts of every kind in one table (match_alerts was its first kind,
-- carried over), one follower alert per pair a day, and a count of each collector's alerts a day.
CREATE TABLE "held_alerts" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"url" text,
	CONSTRAINT "held_alerts_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE INDEX "held_alerts_due_idx" ON "held_alerts" USING btree ("last_sent_at") WHERE "held_alerts"."pending" > 0;--> statement-breakpoint
INSERT INTO "held_alerts" ("user_id", "kind", "last_sent_at", "pending", "url")
SELECT "user_id", 'match', "last_sent_at", "pending", '/trade?tab=matches' FROM "match_alerts";--> statement-breakpoint
DROP TABLE "match_alerts";--> statement-breakpoint
CREATE TABLE "follow_alerts" (
	"user_id" text NOT NULL,
	"follower_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_alerts_user_id_follower_id_pk" PRIMARY KEY("user_id","follower_id")
);
--> statement-breakpoint
CREATE INDEX "follow_alerts_sent_idx" ON "follow_alerts" USING btree ("sent_at");--> statement-breakpoint
CREATE TABLE "alert_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL
);
