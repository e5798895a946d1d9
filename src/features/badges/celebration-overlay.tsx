// docs/rules.md and docs/product.md celebrations, mounted once in App: feeds the collector's "don't show again" choices
// to the store and, once there is something to show, loads the layer that shows it (its code is
// not part of the first screen).
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../auth/use-auth';
import { useProfileSettings } from '../../data/use-profile-settings';
import { badgeStore } from './badge-store';
import { hiddenCelebrationTypes } from './celebration-preferences';
import { celebrationStore, setHiddenCelebrations } from './celebration-store';

const CelebrationLayer = lazy(() => import('./celebration-layer'));

/** Mounted once in App: feeds the hidden types to the store and shows what it holds. */
export function CelebrationHost() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const settings = useProfileSettings(userId);
  const known = auth.ready && settings !== undefined;
  useEffect(() => {
    setHiddenCelebrations(hiddenCelebrationTypes(settings), known);
  }, [settings, known]);

  const state = useSyncExternalStore(celebrationStore.subscribe, celebrationStore.get);
  const unlocked = useSyncExternalStore(badgeStore.subscribe, badgeStore.get);
  if (!state.ready || (!state.screen && !state.toast && !unlocked)) return null;
  return (
    <Suspense fallback={null}>
      <CelebrationLayer state={state} userId={userId} />
    </Suspense>
  );
}
