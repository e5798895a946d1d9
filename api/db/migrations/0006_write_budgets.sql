CREATE TABLE "write_budgets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"units" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
