// The quick check's answer for a car, at a glance: how many the collector owns and in what
// condition, whether it is on their wishlist (and the most they said they would pay), and how far
// along the set it belongs to is. One read of a handful of rows per keystroke.
import type { CatalogSet } from '../shared/catalog/types';
import type { CarInstance } from '../shared/collection/types';
import type { CatalogIndex } from './catalog-index';
import { NOT_HERE_YET } from './collection-arrival';
import type { GarageDb } from './garage-db';

export interface QuickAnswer {
  carId: string;
  /** Copies owned, and each distinct 'condition grade' with its count ('carded Mint'). */
  owned: { count: number; kinds: { label: string; count: number }[] };
  wishlist: { maxPrice: number | null; note: string } | null;
  /** The set this car belongs to, when the collector owns some of its cars but not all. */
  completing: { set: CatalogSet; owned: number; total: number } | null;
}

function kindsOf(instances: readonly CarInstance[]): QuickAnswer['owned']['kinds'] {
  const counts = new Map<string, number>();
  for (const { condition, grade } of instances) {
    const label = `${condition} ${grade}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => ({ label, count }));
}

export async function quickAnswers(
  db: GarageDb,
  catalog: CatalogIndex,
  userId: string | null,
  carIds: readonly string[],
): Promise<Map<string, QuickAnswer>> {
  const answers = new Map<string, QuickAnswer>();
  const sets = new Map<string, CatalogSet>();
  for (const carId of carIds) {
    const setId = catalog.car(carId)?.setId;
    const set = setId ? catalog.set(setId) : undefined;
    if (set) sets.set(carId, set);
  }
  const setCarIds = [...new Set([...sets.values()].flatMap((set) => set.carIds))];
  const [owned, wished, setOwned] = userId
    ? await Promise.all([
        db.ownedCars.bulkGet(carIds.map((id) => [userId, id] as [string, string])),
        db.listItems.bulkGet(carIds.map((id) => [userId, 'wishlistCarIds', id] as const)),
        db.ownedCarSummaries.bulkGet(setCarIds.map((id) => [userId, id] as [string, string])),
      ])
    : [[], [], []];
  const ownedInSets = new Set(setCarIds.filter((_, index) => (setOwned[index]?.count ?? 0) > 0));
  carIds.forEach((carId, index) => {
    const instances = owned[index]?.instances ?? [];
    const wish = wished[index];
    const set = sets.get(carId);
    const have = set ? set.carIds.filter((id) => ownedInSets.has(id)).length : 0;
    answers.set(carId, {
      carId,
      owned: { count: instances.length, kinds: kindsOf(instances) },
      wishlist: wish ? { maxPrice: wish.maxPrice ?? null, note: wish.note ?? '' } : null,
      completing:
        set && have > 0 && have < set.carIds.length
          ? { set, owned: have, total: set.carIds.length }
          : null,
    });
  });
  return answers;
}

/**
 * 'You own 2 (carded Mint, loose Good)', 'On your wishlist — max $5' (and the collector's note
 * on the next line), 'Not owned' (or, while the collection is still arriving on this device,
 * that it is: a car not here yet may be one they own).
 */
export function describeQuickAnswer(
  answer: QuickAnswer,
  formatPrice: (amount: number) => string,
  stillArriving = false,
): string[] {
  const lines: string[] = [];
  const { count, kinds } = answer.owned;
  if (count > 0) {
    const parts = kinds.map(({ label, count: n }) => (n > 1 ? `${n} ${label}` : label));
    lines.push(`You own ${count} (${parts.join(', ')})`);
  }
  if (answer.wishlist) {
    const { maxPrice } = answer.wishlist;
    lines.push(
      maxPrice === null ? 'On your wishlist' : `On your wishlist — max ${formatPrice(maxPrice)}`,
    );
    if (answer.wishlist.note) lines.push(`Note: ${answer.wishlist.note}`);
  }
  if (answer.completing) {
    const { owned, total } = answer.completing;
    lines.push(`In a set you are completing (${owned} of ${total})`);
  }
  if (lines.length === 0) lines.push(stillArriving ? NOT_HERE_YET : 'Not owned');
  return lines;
}
