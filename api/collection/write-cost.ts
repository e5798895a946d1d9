// What a sync push will cost in work units (src/shared/collection/work-units.ts), weighed before
// any entry is applied so a push over the collector's budget is refused whole: a collection
// change by the copies it adds (the catalogue says how many cars a set brings), a community
// change at its flat rate, and an entry whose key was already processed at REPLAYED_CHANGE_UNITS
// (it is only answered again: a device retrying a push it never got the answer to pays a little,
// not twice, and a replayed push is never free), the whole push at least MIN_PUSH_UNITS.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import type { parseMutation } from '../../src/shared/collection/mutations';
import { type ParsedMutation } from '../../src/shared/collection/mutations';
import {
  COMMUNITY_CHANGE_UNITS,
  ORDINARY_CHANGE_UNITS,
  pushedChangeUnits,
  pushUnits,
  REPLAYED_CHANGE_UNITS,
  type SetSize,
} from '../../src/shared/collection/work-units';
import type { MutationArgs } from '../../src/shared/collection/mutation-schemas';

export type ParseResult = ReturnType<typeof parseMutation>;

/** The set a change adds instances of, or null. */
function addedSet(mutation: ParsedMutation): string | null {
  if (
    mutation.name !== 'collection/add-set-instance' &&
    mutation.name !== 'collection/add-multiple-set-instances'
  ) {
    return null;
  }
  return (mutation.args as MutationArgs<'collection/add-set-instance'>).set.id;
}

export interface WeighedEntry {
  key: string;
  name: string;
  args: unknown;
  community: boolean;
  /** Collection changes only: the parse, reused when the push is applied. */
  parsed?: ParseResult;
}

/** Units a whole push costs: one round trip for the keys already processed and the set sizes. */
export async function pushCost(
  db: Queryable,
  userId: string,
  entries: WeighedEntry[],
): Promise<number> {
  const keys = [...new Set(entries.map((entry) => entry.key))];
  const setIds = new Set<string>();
  for (const entry of entries) {
    const set = entry.parsed?.ok ? addedSet(entry.parsed.mutation) : null;
    if (set !== null) setIds.add(set);
  }
  const [row] = await queryRows<{ seen: string[]; sizes: Record<string, number> }>(
    db,
    sql`SELECT
          (SELECT coalesce(jsonb_agg(key), '[]'::jsonb) FROM processed_keys
            WHERE user_id = ${userId}
              AND key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))) AS seen,
          (SELECT coalesce(jsonb_object_agg(id, jsonb_array_length(car_ids)), '{}'::jsonb)
             FROM catalog_sets
            WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify([...setIds])}::jsonb)))
            AS sizes`,
  );
  const seen = new Set(row?.seen ?? []);
  const sizes = new Map(Object.entries(row?.sizes ?? {}).map(([id, cars]) => [id, Number(cars)]));
  const setSize: SetSize = (setId) => sizes.get(setId);
  return pushUnits(
    entries.map((entry) => {
      if (seen.has(entry.key)) return REPLAYED_CHANGE_UNITS;
      if (entry.community) return COMMUNITY_CHANGE_UNITS;
      if (!entry.parsed?.ok) return ORDINARY_CHANGE_UNITS;
      return pushedChangeUnits(entry.parsed.mutation.name, entry.parsed.mutation.args, setSize);
    }),
  );
}
