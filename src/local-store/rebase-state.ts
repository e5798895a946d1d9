// What a rebase makes the rows: a base state with this device's unsent changes re-applied.
import type { OutboxRow } from '../db/device-rows';
import { applyMutation, parseMutation, RuleError } from '../shared/collection/mutations';
import type { CatalogLookup } from '../shared/collection/rules';
import type { UserState } from '../shared/collection/types';

/**
 * `base` with the unsent changes re-applied in order by the same rules. A change the base no
 * longer allows is skipped: the server will answer it when it is replayed.
 */
export function stateWithUnsent(
  base: UserState,
  unsent: readonly OutboxRow[],
  catalog: CatalogLookup,
): UserState {
  let state = base;
  for (const entry of unsent) {
    const parsed = parseMutation(entry.name, entry.args);
    if (!parsed.ok) continue;
    try {
      state = applyMutation(state, parsed.mutation, { now: entry.createdAt, catalog });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  return state;
}
