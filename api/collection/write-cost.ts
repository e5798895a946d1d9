// What a sync push will cost in work units, weighed before any entry is applied so a push over
// the collector's budget is refused whole: each new entry as the device weighs it too
// (src/shared/sync/push-weight.ts; the catalogue says how many cars a set brings), and an entry
// whose key was already processed at REPLAYED_CHANGE_UNITS (it is only answered again: a device
// retrying a push it never got the answer to pays a little, not twice, and a replayed push is
// never free), the whole push at least MIN_PUSH_UNITS.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { type ParsedMutation } from '../../src/shared/collection/mutations';
import { REPLAYED_CHANGE_UNITS, type SetSize } from '../../src/shared/collection/work-units';
import type { MutationArgs } from '../../src/shared/collection/mutation-schemas';
import type { PushEntry } from '../../src/shared/sync/push-contract';
import {
  newEntryUnits,
  pushUnits,
  type MutationParse,
  type WeighableEntry,
} from '../../src/shared/sync/push-weight';

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

export interface WeighedEntry extends PushEntry, WeighableEntry {
  /** Collection changes only: the parse, reused when the push is applied. */
  parsed?: MutationParse;
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
    entries.map((entry) =>
      seen.has(entry.key) ? REPLAYED_CHANGE_UNITS : newEntryUnits(entry, setSize),
    ),
  );
}
