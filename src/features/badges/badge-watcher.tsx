// docs/rules.md: on every change of the collector's totals (a local change or a refresh from the
// server), the first badge whose threshold was just crossed is unlocked and celebrated.
// docs/product.md: ?test_badge=<badge id> shows that badge's celebration, then the URL is cleaned.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useOwnedTotals } from '../../data/use-owned-totals';
import { crossedBadge, type CollectionTotals } from '../../shared/profile/badges';
import { markAnnounced, unlockBadge, wasAnnounced } from './badge-store';
import { celebrate, celebrationStore, isCelebrationType } from './celebration-store';

export function BadgeWatcher() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  // Unknown (undefined) until this device has the collector's totals: the first known ones are
  // where the watch starts, so a first sync of 300 cars celebrates nothing.
  const owned = useOwnedTotals(userId);
  const cars = owned?.cars;
  const sets = owned?.sets;
  // The totals last seen for this user on this page; none after a reload or a sign-in.
  const last = useRef<{ userId: string; totals: CollectionTotals } | null>(null);

  useEffect(() => {
    if (!userId || cars === undefined || sets === undefined) {
      if (!userId) last.current = null;
      return;
    }
    const totals = { totalCarCount: cars, totalSetCount: sets };
    const previous = last.current?.userId === userId ? last.current.totals : null;
    last.current = { userId, totals };
    const badge = crossedBadge(previous, totals);
    if (!badge || wasAnnounced(userId, badge.id)) return;
    markAnnounced(userId, badge.id);
    unlockBadge(badge);
    celebrate(badge.id);
  }, [userId, cars, sets]);

  return null;
}

/**
 * ?test_badge=car-100 (any celebration type is accepted, so every one can be looked at): shown
 * once the collector's "don't show again" choices are known, then the parameter is removed.
 */
export function TestBadge() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { ready } = useSyncExternalStore(celebrationStore.subscribe, celebrationStore.get);
  const requested = new URLSearchParams(search).get('test_badge');
  // React's development double effect must not celebrate twice for one URL.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (requested === null || !ready) return;
    if (handled.current !== search) {
      handled.current = search;
      if (isCelebrationType(requested)) celebrate(requested);
    }
    const rest = new URLSearchParams(search);
    rest.delete('test_badge');
    const query = rest.toString();
    navigate(`${location}${query ? `?${query}` : ''}${window.location.hash}`, { replace: true });
  }, [requested, ready, search, location, navigate]);

  return null;
}
