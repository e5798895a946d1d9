// The badges (id = '<type>-<threshold>', the celebration type that announces it, docs/product.md) and the
// pure rule of docs/rules.md (which badge a change of totals unlocks); shared so the server lists the
// same badges on profiles that the device celebrates.
import { formatCountEnUs } from '../text/locale-text';

export type BadgeType = 'car' | 'set';

export const BADGE_IDS = [
  'car-100',
  'car-300',
  'car-500',
  'car-1000',
  'car-10000',
  'set-10',
  'set-50',
  'set-100',
] as const;

export type BadgeId = (typeof BADGE_IDS)[number];

export interface BadgeDefinition {
  id: BadgeId;
  type: BadgeType;
  threshold: number;
  label: string;
  /** Our own art (public/badges/), served and precached with the app. */
  image: string;
}

function badge(type: BadgeType, threshold: number, label: string): BadgeDefinition {
  const id = `${type}-${threshold}` as BadgeId;
  return { id, type, threshold, label, image: `/badges/${id}.svg` };
}

/** In the order: "the first badge" of docs/rules.md is the first of this list. (docs/product.md) */
export const BADGES: readonly BadgeDefinition[] = [
  badge('car', 100, 'Car Collector'),
  badge('car', 300, 'Car Collector'),
  badge('car', 500, 'Car Collector'),
  badge('car', 1000, 'Car Collector'),
  badge('car', 10000, 'Car Legend'),
  badge('set', 10, 'Set Collector'),
  badge('set', 50, 'Set Collector'),
  badge('set', 100, 'Set Master'),
];

export function isBadgeId(value: string): value is BadgeId {
  return (BADGE_IDS as readonly string[]).includes(value);
}

export function badgeById(id: BadgeId): BadgeDefinition {
  const found = BADGES.find((definition) => definition.id === id);
  if (!found) throw new Error(`Unknown badge ${id}`);
  return found;
}

/** '100 cars', '10,000 cars', '10 sets'. */
export function badgeMilestone(definition: BadgeDefinition): string {
  const noun = definition.type === 'car' ? 'cars' : 'sets';
  return `${formatCountEnUs(definition.threshold)} ${noun}`;
}

export interface CollectionTotals {
  totalCarCount: number;
  totalSetCount: number;
}

/**
 * docs/rules.md: the first badge whose threshold lies in (previous, next] for its count — car badges
 * against totalCarCount, set badges against totalSetCount — or null. No previous totals (the
 * first profile seen) unlocks nothing: a collector signing in on a new device with 500 cars has
 * not just crossed anything.
 */
export function crossedBadge(
  previous: CollectionTotals | null | undefined,
  next: CollectionTotals | null | undefined,
): BadgeDefinition | null {
  if (!previous || !next) return null;
  for (const definition of BADGES) {
    const count = definition.type === 'car' ? 'totalCarCount' : 'totalSetCount';
    if (previous[count] < definition.threshold && next[count] >= definition.threshold) {
      return definition;
    }
  }
  return null;
}
