// docs/rules.md: adding the very first car triggers the install prompt. Seen from this device: the
// collector's car total going from 0 to 1 or more, once per device, never in the installed app.
// The 0 may have been seen by an earlier page of this device (install-store: carsSeenBefore).
// The prompt waits while a full-screen celebration is up, so two dialogs never stack.
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useAuth } from '../../auth/use-auth';
import { useOwnedTotals } from '../../data/use-owned-totals';
import { celebrationStore } from '../badges';
import {
  carsSeenBefore,
  installStore,
  isFirstCar,
  isStandalone,
  markInstallOffered,
  openInstallPrompt,
  rememberCarsSeen,
  wasInstallOffered,
} from './install-store';

// The modal's code arrives when it opens, not with the first screen.
const InstallPrompt = lazy(() =>
  import('./install-prompt').then((module) => ({ default: module.InstallPrompt })),
);

export function InstallWatcher() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const cars = useOwnedTotals(userId)?.cars;
  const last = useRef<{ userId: string; cars: number } | null>(null);

  useEffect(() => {
    if (!userId || cars === undefined) {
      if (!userId) last.current = null;
      return;
    }
    const previous = last.current?.userId === userId ? last.current.cars : carsSeenBefore(userId);
    last.current = { userId, cars };
    rememberCarsSeen(userId, cars);
    if (!isFirstCar(previous, cars) || wasInstallOffered() || isStandalone()) return;
    markInstallOffered();
    openInstallPrompt();
  }, [userId, cars]);

  return null;
}

export function InstallPromptHost() {
  const { open } = useSyncExternalStore(installStore.subscribe, installStore.get);
  const { screen } = useSyncExternalStore(celebrationStore.subscribe, celebrationStore.get);
  if (!open || screen) return null;
  return (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  );
}
