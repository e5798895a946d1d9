// The trade board's reads from the device: my copies of a car or set (to list one or offer it),
// the catalogue rows that pending listings and offers name, and my queued trade changes — so a
// listing or offer made with no signal shows at once, marked pending.
import { useMemo } from 'react';
import type { ItemKind } from '../../data/use-my-instances';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { usePendingChanges } from '../../data/use-pending-changes';
import {
  createListingSchema,
  createOfferSchema,
  updateListingSchema,
  withdrawOfferSchema,
  type TradeArgs,
  type TradeItem,
} from '../../shared/community/trade-schemas';

export type { ItemKind };
const itemKey = (kind: ItemKind, id: string) => `${kind}:${id}`;

/** Catalogue rows as trade items, by 'car:<id>' / 'set:<id>' (absent when not on the device). */
export function useTradeItems(
  refs: readonly { kind: ItemKind; id: string }[],
): Map<string, TradeItem> {
  const key = refs.map((ref) => itemKey(ref.kind, ref.id)).join('|');
  const catalog = useDeviceCatalog();
  return useMemo(() => {
    const items = new Map<string, TradeItem>();
    const carIds = [...new Set(refs.filter((r) => r.kind === 'car').map((r) => r.id))];
    const setIds = [...new Set(refs.filter((r) => r.kind === 'set').map((r) => r.id))];
    const cars = catalog?.carsOf(carIds) ?? [];
    const sets = catalog?.setsOf(setIds) ?? [];
    for (const car of cars) {
      items.set(itemKey('car', car.id), {
        name: car.name,
        image: car.image,
        brand: car.brand,
        year: car.year,
        series: car.series,
        seriesNumber: car.seriesNumber,
        huntType: car.huntType,
      });
    }
    for (const set of sets) {
      items.set(itemKey('set', set.id), {
        name: set.name,
        image: null,
        brand: set.brand,
        year: set.year,
        series: set.series,
        seriesNumber: null,
        huntType: null,
      });
    }
    return items;
    // The refs' content, not the array's identity, decides when to look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `refs`
  }, [catalog, key]);
}

export function tradeItemOf(items: Map<string, TradeItem>, kind: ItemKind, id: string): TradeItem {
  return (
    items.get(itemKey(kind, id)) ?? {
      name: id,
      image: null,
      brand: null,
      year: null,
      series: null,
      seriesNumber: null,
      huntType: null,
    }
  );
}

export interface PendingTrade {
  listings: TradeArgs<'listings/create'>[];
  offers: TradeArgs<'offers/create'>[];
  listingUpdates: TradeArgs<'listings/update'>[];
  offerWithdrawals: TradeArgs<'offers/withdraw'>[];
}

const TRADE_QUEUED = ['listings/create', 'listings/update', 'offers/create', 'offers/withdraw'];

/** My trade changes still in the outbox, parsed with the server's schemas. */
export function usePendingTrade(userId: string | null): PendingTrade {
  const rows = usePendingChanges(userId, TRADE_QUEUED);
  return useMemo(() => {
    const pending: PendingTrade = {
      listings: [],
      offers: [],
      listingUpdates: [],
      offerWithdrawals: [],
    };
    for (const row of rows) {
      if (row.name === 'listings/create') {
        const parsed = createListingSchema.safeParse(row.args);
        if (parsed.success) pending.listings.push(parsed.data);
      } else if (row.name === 'offers/create') {
        const parsed = createOfferSchema.safeParse(row.args);
        if (parsed.success) pending.offers.push(parsed.data);
      } else if (row.name === 'listings/update') {
        const parsed = updateListingSchema.safeParse(row.args);
        if (parsed.success) pending.listingUpdates.push(parsed.data);
      } else if (row.name === 'offers/withdraw') {
        const parsed = withdrawOfferSchema.safeParse(row.args);
        if (parsed.success) pending.offerWithdrawals.push(parsed.data);
      }
    }
    return pending;
  }, [rows]);
}
