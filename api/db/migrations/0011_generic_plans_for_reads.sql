-- The change's read (diecast_read, and diecast_state_of, which it and diecast_user_state call)
-- keeps one generic plan per statement for the session. Left to plan_cache_mode = auto,
-- PostgreSQL judged the custom plan cheaper for their `= ANY(array)` lookups (it assumes ten
-- elements in a generic plan, and one change names one car) and so planned every statement
-- again on every call: a third of a millisecond a change on PostgreSQL 15, 4 × the time the
-- statements then took to run. Their generic plans are the same index scans (the arrays
-- are short, and the user id leads every index they read), so nothing is lost by keeping them.
ALTER FUNCTION diecast_read(text, jsonb, jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION diecast_state_of(text, text[], text[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION diecast_user_state(text) SET plan_cache_mode = force_generic_plan;
