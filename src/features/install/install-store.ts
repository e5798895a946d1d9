// docs/product.md and docs/rules.md: the install prompt opens and closes by flag. Chromium's beforeinstallprompt is
// kept (from the moment this module loads) so the prompt can offer the browser's own dialog.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  open: boolean;
  /** True when the browser handed us its install dialog (Chromium on Android and desktop). */
  canPrompt: boolean;
}

let state: InstallState = { open: false, canPrompt: false };
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function openInstallPrompt(): void {
  if (!state.open) set({ open: true });
}

export function closeInstallPrompt(): void {
  if (state.open) set({ open: false });
}

export const installStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (): InstallState => state,
};

/** Shows the browser's install dialog; resolves with what the collector chose. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  set({ canPrompt: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our prompt comes after the first car; the browser's mini-infobar would come too early.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, open: false });
  });
}

/** Already running as the installed app: nothing to offer. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPad (iPadOS reports itself as a Mac with touch) and iPod. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** True when the car total went from none to some: the first car (null: nothing seen before). */
export function isFirstCar(previous: number | null, next: number): boolean {
  return previous === 0 && next >= 1;
}

const OFFERED_KEY = 'diecast.installPromptOffered';
/** Set once this device has shown `userId` with no cars: a later 1 is then their first car. */
export const sawNoCarsKey = (userId: string) => `diecast.installSawNoCars.${userId}`;

/**
 * The car total this device saw for `userId` before this page: 0 when any page of this device
 * has seen them with none, else null (not seen, or seen with cars). A page that opens after the
 * first car arrived (a reload, whose pull may land before the page's first look) still knows
 * the total was 0.
 */
export function carsSeenBefore(userId: string): 0 | null {
  try {
    return localStorage.getItem(sawNoCarsKey(userId)) === null ? null : 0;
  } catch {
    return null;
  }
}

/** Remembers, for the pages after this one, that this device saw `userId` with no cars. */
export function rememberCarsSeen(userId: string, cars: number): void {
  if (cars !== 0) return;
  try {
    localStorage.setItem(sawNoCarsKey(userId), '1');
  } catch {
    // Without storage only this page knows: a reload's pull may then land unseen. Harmless.
  }
}

/** The prompt comes once per device, after the very first car. */
export function wasInstallOffered(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) !== null;
  } catch {
    return false;
  }
}

export function markInstallOffered(): void {
  try {
    localStorage.setItem(OFFERED_KEY, new Date().toISOString());
  } catch {
    // Without storage the prompt may come again on a later first car: harmless.
  }
}
