CREATE TABLE "car_instances" (
	"user_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"car_id" text NOT NULL,
	"condition" text NOT NULL,
	"grade" text NOT NULL,
	"purchase_price" numeric(12, 2) NOT NULL,
	"purchase_date" text,
	"notes" text NOT NULL,
	"purchase_place" text NOT NULL,
	"date_added" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "car_instances_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "car_instances_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_cars" (
	"id" text PRIMARY KEY NOT NULL,
	"toy_number" text,
	"collector_number" text,
	"name" text NOT NULL,
	"image" text,
	"series" text,
	"series_number" text,
	"year" integer NOT NULL,
	"color" text,
	"set_name" text,
	"type" text NOT NULL,
	"category" text,
	"hunt_type" text,
	"brand" text NOT NULL,
	"retail_price" numeric(12, 2),
	"set_retail_price" numeric(12, 2),
	"cars_in_set" integer,
	"set_id" text,
	"five_pack_id" text
);
--> statement-breakpoint
CREATE TABLE "catalog_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"car_ids" jsonb NOT NULL,
	"retail_price" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"user_id" text NOT NULL,
	"list" text NOT NULL,
	"item_id" text NOT NULL,
	"added_at" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "list_items_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "list_items_user_id_list_item_id_pk" PRIMARY KEY("user_id","list","item_id")
);
--> statement-breakpoint
CREATE TABLE "owned_cars" (
	"user_id" text NOT NULL,
	"car_id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "owned_cars_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "owned_cars_user_id_car_id_pk" PRIMARY KEY("user_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "owned_sets" (
	"user_id" text NOT NULL,
	"set_id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "owned_sets_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "owned_sets_user_id_set_id_pk" PRIMARY KEY("user_id","set_id")
);
--> statement-breakpoint
CREATE TABLE "processed_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"username" text,
	"total_car_count" integer DEFAULT 0 NOT NULL,
	"total_set_count" integer DEFAULT 0 NOT NULL,
	"completed_tutorials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_instances" (
	"user_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"set_id" text NOT NULL,
	"purchase_price" numeric(12, 2) NOT NULL,
	"purchase_date" text,
	"notes" text NOT NULL,
	"purchase_place" text NOT NULL,
	"date_added" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "set_instances_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "set_instances_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "trade_sell_entries" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"for_trade" integer NOT NULL,
	"for_sale" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "trade_sell_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "trade_sell_entries_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "owned_cars" ADD CONSTRAINT "owned_cars_car_id_catalog_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."catalog_cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_sets" ADD CONSTRAINT "owned_sets_set_id_catalog_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."catalog_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_cars_year_idx" ON "catalog_cars" USING btree ("year");--> statement-breakpoint
CREATE INDEX "catalog_cars_set_idx" ON "catalog_cars" USING btree ("set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));