// My queued listings and offers as the views the server would answer, built from the device's
// catalogue and collection, and merged with the server's lists (deduplicated by id), so what I
// listed or offered with no signal shows at once, marked pending.
import { useMemo } from 'react';
import { useProfile } from '../../data/use-collection';
import { useMyCarInstances } from '../../data/use-my-instances';
import type { CarInstance } from '../../shared/collection/types';
import type { ListingView, OfferView, TradeProfile } from '../../shared/community/trade-schemas';
import { tradeItemOf, usePendingTrade, useTradeItems, type PendingTrade } from './use-trade-device';

export interface Pending<T> {
  view: T;
  pending: boolean;
}

function copyOf(instances: Map<string, CarInstance[]>, carId: string, instanceId: string) {
  const found = instances.get(carId)?.find((instance) => instance.instanceId === instanceId);
  return found ? { condition: found.condition, grade: found.grade } : null;
}

export interface PendingViews {
  pending: PendingTrade;
  /** My queued listings, newest first. */
  listings: ListingView[];
  /** My queued offers, newest first. */
  offers: OfferView[];
  me: TradeProfile | null;
}

export function usePendingViews(userId: string | null): PendingViews {
  const pending = usePendingTrade(userId);
  const profile = useProfile(userId);
  const refs = useMemo(
    () => [
      ...pending.listings.map((l) => ({ kind: l.kind, id: l.itemId })),
      ...pending.offers.flatMap((o) =>
        o.offeredCars.map((c) => ({ kind: 'car' as const, id: c.carId })),
      ),
    ],
    [pending],
  );
  const items = useTradeItems(refs);
  const carIds = useMemo(
    () => [...new Set(refs.filter((ref) => ref.kind === 'car').map((ref) => ref.id))],
    [refs],
  );
  const instances = useMyCarInstances(userId, carIds);
  return useMemo(() => {
    const me: TradeProfile | null = userId
      ? { userId, username: profile?.username ?? null, avatarUrl: null }
      : null;
    if (!me) return { pending, listings: [], offers: [], me };
    const now = new Date().toISOString();
    const listings: ListingView[] = pending.listings
      .map((args) => ({
        id: args.listingId,
        kind: args.kind,
        itemId: args.itemId,
        instanceId: args.instanceId,
        forTrade: args.forTrade,
        forSale: args.forSale,
        askingPrice: args.askingPrice,
        wants: args.wants,
        status: 'open' as const,
        createdAt: now,
        updatedAt: now,
        item: tradeItemOf(items, args.kind, args.itemId),
        instance: args.kind === 'car' ? copyOf(instances, args.itemId, args.instanceId) : null,
        available: true,
        pendingOfferCount: 0,
        seller: me,
      }))
      .reverse();
    const offers: OfferView[] = pending.offers
      .map((args) => ({
        id: args.offerId,
        listingId: args.listingId,
        buyer: me,
        message: args.message,
        offeredCars: args.offeredCars.map((car) => ({
          ...car,
          item: tradeItemOf(items, 'car', car.carId),
          instance: copyOf(instances, car.carId, car.instanceId),
        })),
        price: args.price,
        status: 'pending' as const,
        reply: null,
        createdAt: now,
        answeredAt: null,
      }))
      .reverse();
    return { pending, listings, offers, me };
  }, [pending, profile?.username, userId, items, instances]);
}

/**
 * The server's list with my queued ones on top (a queued one the server already has is shown as
 * the server's), and my queued withdrawals applied to what they name.
 */
export function mergePending<T extends { id: string; status: string }>(
  server: readonly T[],
  queued: readonly T[],
  withdrawnIds: ReadonlySet<string> = new Set(),
): Pending<T>[] {
  const known = new Set(server.map((item) => item.id));
  return [
    ...queued.filter((item) => !known.has(item.id)).map((view) => ({ view, pending: true })),
    ...server.map((view) =>
      withdrawnIds.has(view.id)
        ? { view: { ...view, status: 'withdrawn' }, pending: true }
        : { view, pending: false },
    ),
  ];
}
