// The quick check's answers: owned copies by condition and grade, the wishlist (and its price),
// the set being completed, or 'Not owned'; and search by toy number, collector number and name.
import { describe, expect, it } from 'vitest';
import { CatalogIndex } from '../../../src/db/catalog-index';
import { describeQuickAnswer, quickAnswers } from '../../../src/db/quick-answers';
import { applyLocalChange } from '../../../src/local-store/local-change';
import {
  BONE_SHAKER,
  CHARGER,
  CIVIC,
  SKYLINE,
  TWIN_MILL,
  fixtureCar,
  fixtureCars,
} from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const USER = 'u1';
const dollars = (amount: number) => `$${amount}`;

async function deviceWithChanges() {
  const db = await openTestDevice();
  const clock = fixedClock();
  const change = (name: string, args: unknown) => applyLocalChange(db, USER, name, args, clock);
  await change('collection/add-car-instance', {
    carId: CHARGER,
    details: { condition: 'carded', grade: 'Mint' },
  });
  await change('collection/add-car-instance', {
    carId: CHARGER,
    details: { condition: 'loose', grade: 'Good' },
  });
  await change('collection/add-car-instance', { carId: SKYLINE, details: {} });
  await change('collection/toggle-wishlist', { carId: BONE_SHAKER, isWishlisted: false });
  const catalog = await db.catalog.current();
  if (!catalog) throw new Error('no catalogue');
  return { db, catalog };
}

describe('the quick check', () => {
  it('answers owned, wishlist, set being completed and not owned at a glance', async () => {
    const { db, catalog } = await deviceWithChanges();
    const answers = await quickAnswers(db, catalog, USER, [CHARGER, BONE_SHAKER, CIVIC, TWIN_MILL]);
    const words = (carId: string) => describeQuickAnswer(answers.get(carId)!, dollars);
    expect(words(CHARGER)).toEqual(['You own 2 (carded Mint, loose Good)']);
    expect(words(BONE_SHAKER)).toEqual(['On your wishlist']);
    // Civic is in the Track Day 5-pack, one of whose three cars (Skyline) is owned.
    expect(words(CIVIC)).toEqual(['In a set you are completing (1 of 3)']);
    expect(words(TWIN_MILL)).toEqual(['Not owned']);
    // Signed out, nothing is owned.
    const visitor = await quickAnswers(db, catalog, null, [CHARGER]);
    expect(describeQuickAnswer(visitor.get(CHARGER)!, dollars)).toEqual(['Not owned']);
  });

  it('says the price in mind when the wishlist entry has one', () => {
    const answer = {
      carId: BONE_SHAKER,
      owned: { count: 1, kinds: [{ label: 'carded Good', count: 1 }] },
      wishlist: { maxPrice: 5, note: '' },
      completing: null,
    };
    expect(describeQuickAnswer(answer, dollars)).toEqual([
      'You own 1 (carded Good)',
      'On your wishlist — max $5',
    ]);
  });

  it('finds a car by its toy number, its collector number or its casting name', async () => {
    const { catalog } = await deviceWithChanges();
    const charger = fixtureCars.find((car) => car.id === CHARGER)!;
    expect(catalog.search(charger.toyNumber!).map((car) => car.id)).toContain(CHARGER);
    expect(catalog.search(charger.toyNumber!.toLowerCase()).map((car) => car.id)).toContain(
      CHARGER,
    );
    expect(catalog.search(charger.name).map((car) => car.id)).toContain(CHARGER);
    const deora = fixtureCar('hw-2024-dr123', 'Deora II', { collectorNumber: '123/250' });
    const numbered = new CatalogIndex({ version: 't', cars: [deora], sets: [] });
    expect(numbered.search('123/250').map((car) => car.id)).toEqual([deora.id]);
    expect(numbered.search('123').map((car) => car.id)).toEqual([deora.id]);
    expect(numbered.search('124')).toEqual([]);
  });
});
