-- diecast_read and diecast_state_of plan without sequential scans. Their generic plans
-- (migration 0011) cannot see how many ids a change names, and for `id = ANY(...)` on a small
-- table (the demo catalogue's 351 cars, its 58 sets) they chose to read the whole table on
-- every change: 45 µs of a 150 µs read, where the primary key finds the one row in 5. Every
-- statement in them looks rows up by a key its table is indexed on, so nothing else changes.
ALTER FUNCTION diecast_read(text, text[], text[], text[], text[], text[]) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION diecast_state_of(text, text[], text[]) SET enable_seqscan = off;
