// The condition and grade of the collector's last quick add on this device: the next one-tap add
// uses them, so a table of carded cars is added one tap each.
import { useSyncExternalStore } from 'react';
import {
  CONDITIONS,
  DEFAULT_CONDITION,
  DEFAULT_GRADE,
  GRADES,
  type Condition,
  type Grade,
} from '../../shared/collection/types';

export interface AddChips {
  condition: Condition;
  grade: Grade;
}

const KEY = 'diecast.quickCheck.lastAdd';
const DEFAULT: AddChips = { condition: DEFAULT_CONDITION, grade: DEFAULT_GRADE };
const listeners = new Set<() => void>();
let cached: { raw: string | null; chips: AddChips } | null = null;

function read(): AddChips {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return DEFAULT;
  }
  if (cached && cached.raw === raw) return cached.chips;
  let chips = DEFAULT;
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<AddChips> | null;
    if (parsed && CONDITIONS.includes(parsed.condition as Condition)) {
      chips = {
        condition: parsed.condition as Condition,
        grade: GRADES.includes(parsed.grade as Grade) ? (parsed.grade as Grade) : DEFAULT_GRADE,
      };
    }
  } catch {
    // Unreadable: the defaults.
  }
  cached = { raw, chips };
  return chips;
}

export function rememberChips(chips: AddChips): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(chips));
  } catch {
    // Not kept without storage; the chips still apply to this add.
  }
  for (const listener of listeners) listener();
}

export function useLastAddChips(): AddChips {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => DEFAULT,
  );
}
