// The cars a collector checked today on this device, newest first: the quick check's list, so
// walking back to a table means one tap, not typing the toy number again. Kept in localStorage
// per collector; a new day starts a new list.
import { useSyncExternalStore } from 'react';

export interface CheckedCar {
  carId: string;
  at: string;
}

const MAX_CHECKS = 50;
const listeners = new Set<() => void>();
const keyFor = (userId: string) => `diecast.quickChecks.${userId}`;
const today = (now: Date) => now.toISOString().slice(0, 10);

/** The cached answers, so the same array is handed to React until it changes. */
const cache = new Map<string, { raw: string | null; checks: CheckedCar[] }>();

function read(userId: string, now = new Date()): CheckedCar[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyFor(userId));
  } catch {
    return [];
  }
  const cached = cache.get(userId);
  if (cached && cached.raw === raw) return cached.checks;
  let checks: CheckedCar[] = [];
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (Array.isArray(parsed)) {
      checks = parsed.filter(
        (item): item is CheckedCar =>
          typeof item?.carId === 'string' &&
          typeof item?.at === 'string' &&
          item.at.slice(0, 10) === today(now),
      );
    }
  } catch {
    // A broken list is an empty one.
  }
  cache.set(userId, { raw, checks });
  return checks;
}

export function recordCheck(userId: string, carId: string, now = new Date()): void {
  const next = [
    { carId, at: now.toISOString() },
    ...read(userId, now).filter((check) => check.carId !== carId),
  ].slice(0, MAX_CHECKS);
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    return; // No storage (private mode): the list simply is not kept.
  }
  for (const listener of listeners) listener();
}

export function useChecksToday(userId: string | null): CheckedCar[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (userId ? read(userId) : EMPTY),
    () => EMPTY,
  );
}

const EMPTY: CheckedCar[] = [];
