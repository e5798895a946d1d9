// Celebrations (docs/product.md): any screen calls celebrate(type, text?); CelebrationHost shows them.
// Car and set are light toasts (one at a time, the newest wins); every other type is a
// full-screen moment, queued so two never stack. Types the collector chose not to see again are
// dropped, including ones already queued when that choice becomes known.
import { BADGE_IDS, isBadgeId } from '../../shared/profile/badges';

export const CELEBRATION_TYPES = [
  'default',
  'car',
  'set',
  'message',
  'favorite',
  'wishlist',
  ...BADGE_IDS,
] as const;

export type CelebrationType = (typeof CELEBRATION_TYPES)[number];

/** docs/product.md: car and set are toasts; the rest are full screen. */
export const TOAST_CELEBRATIONS: readonly CelebrationType[] = ['car', 'set'];
/** docs/rules.md and docs/product.md: a celebration toast closes by itself after 4 s. */
export const CELEBRATION_TOAST_MS = 4000;
export const CELEBRATION_BUTTON = 'Awesome!';
export const DONT_SHOW_AGAIN = "Don't show this again";

/** The default texts; every type without its own text takes the milestone one. (docs/product.md) */
const DEFAULT_TEXTS: Partial<Record<CelebrationType, string>> = {
  car: 'Added to Collection!',
  set: 'Set Added!',
  message: 'Your message has been sent',
  default: 'Milestone Unlocked!',
};

export function defaultCelebrationText(type: CelebrationType): string {
  return DEFAULT_TEXTS[type] ?? 'Milestone Unlocked!';
}

export function isCelebrationType(value: string): value is CelebrationType {
  return (CELEBRATION_TYPES as readonly string[]).includes(value);
}

export function isToastCelebration(type: CelebrationType): boolean {
  return TOAST_CELEBRATIONS.includes(type);
}

export function isBadgeCelebration(type: CelebrationType): boolean {
  return isBadgeId(type);
}

export interface Celebration {
  /** Unique per celebrate() call. */
  id: number;
  type: CelebrationType;
  text: string;
}

export interface CelebrationState {
  /** The car or set toast on screen, if any. */
  toast: Celebration | null;
  /** The full-screen celebration on screen, if any (the head of the queue). */
  screen: Celebration | null;
  /** Every type on screen or waiting (a badge's unlock notice stands in while it is not). */
  pending: readonly CelebrationType[];
  /** False until the collector's "don't show again" choices are known: nothing shows before. */
  ready: boolean;
}

let nextId = 1;
let toastNow: Celebration | null = null;
let queue: Celebration[] = [];
let hidden: ReadonlySet<CelebrationType> = new Set();
/** Chosen on this page: kept even before the stored choice reads back. */
const hiddenThisVisit = new Set<CelebrationType>();
let ready = false;
let state: CelebrationState = { toast: null, screen: null, pending: [], ready: false };
const listeners = new Set<() => void>();

function publish() {
  const pending = queue.map((celebration) => celebration.type);
  if (toastNow) pending.push(toastNow.type);
  state = { toast: toastNow, screen: queue[0] ?? null, pending, ready };
  for (const listener of listeners) listener();
}

/**
 * Shows a celebration of `type` with `text` (default: the text docs/product.md gives the type). False when
 * the collector chose not to see this type again.
 */
export function celebrate(type: CelebrationType, text?: string): boolean {
  if (hidden.has(type)) return false;
  const celebration: Celebration = {
    id: nextId++,
    type,
    text: text ?? defaultCelebrationText(type),
  };
  if (isToastCelebration(type)) toastNow = celebration;
  else queue = [...queue, celebration];
  publish();
  return true;
}

/** Closes the celebration with this id (the button, Escape, the 4 s timer). */
export function closeCelebration(id: number): void {
  const before = queue.length;
  queue = queue.filter((celebration) => celebration.id !== id);
  const wasToast = toastNow?.id === id;
  if (wasToast) toastNow = null;
  if (wasToast || queue.length !== before) publish();
}

/** Types the collector asked not to see again; `known` once those choices have been read. */
export function setHiddenCelebrations(types: Iterable<CelebrationType>, known = true): void {
  hidden = new Set([...types, ...hiddenThisVisit]);
  ready = known;
  queue = queue.filter((celebration) => !hidden.has(celebration.type));
  if (toastNow && hidden.has(toastNow.type)) toastNow = null;
  publish();
}

/** "Don't show this again" for `type`, at once (the caller also stores the choice). */
export function hideCelebration(type: CelebrationType): void {
  hiddenThisVisit.add(type);
  setHiddenCelebrations(hidden, ready);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getCelebrationState(): CelebrationState {
  return state;
}

/** The celebration on screen: the full-screen one first, else the toast. */
export function current(): Celebration | null {
  return state.screen ?? state.toast;
}

export const celebrationStore = { subscribe, get: getCelebrationState };

/** Tests: back to nothing shown, nothing hidden, choices unknown. */
export function resetCelebrations(): void {
  toastNow = null;
  queue = [];
  hidden = new Set();
  hiddenThisVisit.clear();
  ready = false;
  publish();
}
