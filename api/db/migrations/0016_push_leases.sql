-- One push in flight per collector, across every server process on this database: a push takes
-- its collector's lease (one row) and deletes it when done; a process that dies mid-push leaves
-- a lease that simply expires.
CREATE TABLE "push_leases" (
	"user_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
