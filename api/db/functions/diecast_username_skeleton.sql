-- diecast_username_skeleton: a username's look-alike fold, the same as
-- src/shared/profile/username-lookalikes.ts; two names with one skeleton are too alike.
-- Last defined by api/db/migrations/0019_lookalike_usernames_and_key_retention.sql.
CREATE OR REPLACE FUNCTION diecast_username_skeleton(p_name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(replace(replace(replace(lower(p_name), '_', ''), 'rn', 'm'), 'vv', 'w'),
                   '01i5', 'olls')
$$;
