// What the collector offers for trade or sale (/collection/tradensell), joined with the catalogue.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb } from '../db/garage-db';
import type { CarSummary, SetSummary } from '../db/catalog-summaries';
import { carSummaries, setSummaries, unknownCar, unknownSet } from '../db/catalog-summaries';

export interface TradeCarEntry {
  key: string;
  carId: string;
  car: CarSummary;
  forTrade: number;
  forSale: number;
  owned: number;
}

export interface TradeSetEntry {
  key: string;
  setId: string;
  set: SetSummary;
  forTrade: number;
  forSale: number;
  owned: number;
}

export async function loadTradeSell(
  db: GarageDb,
  userId: string,
): Promise<{ cars: TradeCarEntry[]; sets: TradeSetEntry[] }> {
  const rows = await db.tradeSell
    .where('[userId+kind+seq]')
    .between([userId, 'car', -Infinity], [userId, 'set', Infinity])
    .toArray();
  const carRows = rows.filter((row) => row.kind === 'car');
  const setRows = rows.filter((row) => row.kind === 'set');
  const [cars, sets, ownedCars, ownedSets] = await Promise.all([
    carSummaries(
      db,
      carRows.map((row) => row.id),
    ),
    setSummaries(
      db,
      setRows.map((row) => row.id),
    ),
    db.ownedCarSummaries.bulkGet(carRows.map((row) => [userId, row.id] as [string, string])),
    db.ownedSets.bulkGet(setRows.map((row) => [userId, row.id] as [string, string])),
  ]);
  return {
    cars: carRows.map((row, index) => ({
      key: `car:${row.id}`,
      carId: row.id,
      car: cars.get(row.id) ?? unknownCar(row.id),
      forTrade: row.forTrade,
      forSale: row.forSale,
      owned: ownedCars[index]?.count ?? 0,
    })),
    sets: setRows.map((row, index) => ({
      key: `set:${row.id}`,
      setId: row.id,
      set: sets.get(row.id) ?? unknownSet(row.id),
      forTrade: row.forTrade,
      forSale: row.forSale,
      owned: ownedSets[index]?.instances.length ?? 0,
    })),
  };
}

export function useTradeSell(
  userId: string | null,
): { cars: TradeCarEntry[]; sets: TradeSetEntry[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadTradeSell(deviceDb, userId) : { cars: [], sets: [] }),
    [userId, catalog],
  );
}
