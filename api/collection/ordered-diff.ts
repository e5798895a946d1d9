// Turns "this ordered list became that one" into row deletes, inserts and updates.

export interface OrderedDiff<T> {
  /** Items whose row goes away (removed, or re-added and so moving to the end). */
  deleted: T[];
  /** Items that get a new row, in the order they must be inserted (after every kept row). */
  inserted: T[];
  /** Items that keep their row but whose fields changed. */
  updated: T[];
}

/**
 * Rows are returned in insertion order (a per-row sequence number). Keeping the longest prefix of
 * `after` that still appears in `before` in the same relative order, and re-inserting everything
 * after it, reproduces `after` exactly for any `after`; the rules only append or remove, so in
 * practice only new and re-added items are inserted.
 *
 * `reinserted`: keys that were removed and added back along the way (a batch of changes). When
 * `before` is only part of the state, such an item can land at the same place in this part
 * while the whole list has it last; its row must move to the end, so it is never kept.
 */
export function orderedDiff<T>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  isSame: (a: T, b: T) => boolean,
  reinserted: ReadonlySet<string> = new Set(),
): OrderedDiff<T> {
  const beforeIndex = new Map<string, number>();
  before.forEach((item, index) => beforeIndex.set(keyOf(item), index));
  const kept = new Set<string>();
  const diff: OrderedDiff<T> = { deleted: [], inserted: [], updated: [] };
  let lastKeptIndex = -1;
  let keeping = true;
  for (const item of after) {
    const key = keyOf(item);
    const index = beforeIndex.get(key);
    if (keeping && index !== undefined && index > lastKeptIndex && !reinserted.has(key)) {
      lastKeptIndex = index;
      kept.add(key);
      if (!isSame(before[index] as T, item)) diff.updated.push(item);
    } else {
      keeping = false;
      diff.inserted.push(item);
    }
  }
  for (const item of before) if (!kept.has(keyOf(item))) diff.deleted.push(item);
  return diff;
}

/** Shallow field equality: collection rows hold only primitives. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
