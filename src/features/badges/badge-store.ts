// docs/product.md and docs/rules.md: the badge just unlocked (the "achievement badge unlock notice") until cleared, and
// which badges this device has already announced to a collector, so a badge shows once.
import type { BadgeDefinition, BadgeId } from '../../shared/profile/badges';

let unlocked: BadgeDefinition | null = null;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

export function unlockBadge(badge: BadgeDefinition): void {
  unlocked = badge;
  publish();
}

/** Clears the unlock notice (its button, or the badge's celebration closing). */
export function clearUnlockedBadge(): void {
  if (!unlocked) return;
  unlocked = null;
  publish();
}

export const badgeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (): BadgeDefinition | null => unlocked,
};

const announcedKey = (userId: string) => `diecast.badgesAnnounced.${userId}`;

function readAnnounced(userId: string): BadgeId[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(announcedKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as BadgeId[]) : [];
  } catch {
    return [];
  }
}

export function wasAnnounced(userId: string, id: BadgeId): boolean {
  return readAnnounced(userId).includes(id);
}

export function markAnnounced(userId: string, id: BadgeId): void {
  try {
    const ids = readAnnounced(userId);
    if (!ids.includes(id)) localStorage.setItem(announcedKey(userId), JSON.stringify([...ids, id]));
  } catch {
    // No storage: the badge may show again after a reload, which is the lesser harm.
  }
}
