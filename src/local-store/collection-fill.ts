// A large collection's first pull onto a device, written in steps. In one transaction, 10,000
// cars are 20,000 records (rows and summaries), a write of many seconds that every screen
// reading the collection and every change the collector taps waits behind, a change past its
// deadline failing (docs/decisions/0009-first-large-pull-in-steps.md). In steps, a screen or a
// tapped change waits for one step at most, and the screens say how far the collection has
// come (db/collection-arrival.ts).
//
// The steps write only owned cars and their summaries, the rows that are many. The rebase's own
// transaction still comes last (local-store/rebase.ts): it finds those rows already right, writes what
// the steps leave (sets, lists, totals, the snapshot and its mark) and ends the arrival. So the
// device's copy is the snapshot plus its unsent changes exactly as before; only the way there
// is in steps. Each step re-applies the unsent changes as they are inside its own transaction,
// so a change tapped during the fill is never overwritten by a step, and a row the device
// already holds as it should be is not written again.
import type { CatalogLookup } from '../shared/collection/rules';
import type { UserState } from '../shared/collection/types';
import { readArrival, writeArrival, type ArrivalProgress } from '../db/collection-arrival';
import { ownedCarRowOf } from './collection-diff';
import { readCounters, writeCounters } from '../db/device-counters';
import type { GarageDb } from '../db/garage-db';
import type { OutboxRow, ProfileRow } from '../db/device-rows';
import { unsentEntries } from '../db/outbox-store';
import { summaryOfCar } from '../db/owned-summaries';
import { sameRow } from './same-row';
import { stateWithUnsent } from './rebase-state';

/** A first snapshot with at least this many cars is written in steps. */
export const FILL_IN_STEPS_FROM = 500;

/**
 * How long one step should hold the collection: a tapped change waits about this long. Each step
 * is sized from the last one's pace, within the bounds below. Never under 250 cars: with screens
 * busy re-reading, a step's time is mostly waiting for the main thread, and smaller steps only
 * make more of them (docs/decisions/0009-first-large-pull-in-steps.md).
 */
export const STEP_TARGET_MS = 150;
/** Between steps, for the screens (see the loop). */
export const STEP_PAUSE_MS = 50;
const MIN_STEP_CARS = 250;
const MAX_STEP_CARS = 2_000;

/**
 * Whether `userId`'s pull of `cars` cars should fill in steps: never pulled here, and many cars
 * to bring. A device that holds them already (its own changes, queued before its first pull)
 * is left to the one transaction, which finds them written.
 */
export async function fillsInSteps(
  db: GarageDb,
  userId: string,
  cars: number,
  fromCars = FILL_IN_STEPS_FROM,
): Promise<boolean> {
  if (cars < fromCars) return false;
  // Key-only counts (the stored snapshot is megabytes), and the rows counted only on a device
  // that never pulled: every later full rebase of a large collection passes here.
  if ((await db.snapshots.where('userId').equals(userId).count()) > 0) return false;
  const held = await db.ownedCars
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .count();
  return cars - held >= fromCars;
}

export interface FillOptions {
  /** Awaited before each step: throwing (another collector signed in) stops the fill there. */
  beforeStep?: () => Promise<void>;
  /** Tests: from how many cars a first pull goes in steps (FILL_IN_STEPS_FROM). */
  fromCars?: number;
  /** Tests: every step this many cars, instead of steps sized to take STEP_TARGET_MS. */
  stepCars?: number;
}

/**
 * Writes `base` plus the unsent changes as `userId`'s owned cars and summaries, in steps; the
 * caller then rebases as usual. Stopped (by `beforeStep`, a closed database), the rows written
 * so far stay, marked as still arriving, and the next pull goes on from them.
 */
export async function fillInSteps(
  db: GarageDb,
  userId: string,
  base: UserState,
  catalog: CatalogLookup,
  /** The server's profile (null: the collector has no username yet). */
  profile: ProfileRow | null,
  options: FillOptions = {},
): Promise<void> {
  // The state the rows are made from, and the unsent changes it has re-applied.
  const unsent = await db.transaction('r', unsentTables(db), () => unsentEntries(db, userId));
  let state = stateWithUnsent(base, unsent, catalog);
  let stateOf = unsentKeys(unsent);
  const first = state.collection.ownedCars;
  const progress = await startFill(db, userId, first.length, profile);
  // Each car keeps the seq of its place in the collection as the fill starts, so the rebase that
  // follows finds its order already there (a car added during the fill keeps its own seq, taken
  // after these). The same snapshot after an interrupted fill gets the same seqs.
  const seqOf = new Map(first.map((car, index) => [car.carId, progress.seqFrom + index]));
  let next = 0;
  let size = options.stepCars ?? MIN_STEP_CARS;
  for (;;) {
    await options.beforeStep?.();
    const started = performance.now();
    const done = await db.transaction(
      'rw',
      [db.ownedCars, db.ownedCarSummaries, db.meta, ...unsentTables(db)],
      async () => {
        const now = await unsentEntries(db, userId);
        const keys = unsentKeys(now);
        if (keys !== stateOf) {
          state = stateWithUnsent(base, now, catalog);
          stateOf = keys;
        }
        const cars = state.collection.ownedCars.slice(next, next + size);
        const stored = await db.ownedCars.bulkGet(cars.map((car) => [userId, car.carId]));
        const rows = cars.flatMap((car, index) => {
          const was = stored[index];
          const seq = seqOf.get(car.carId) ?? was?.seq;
          // Not among the cars the fill started with, nor on the device: the rebase writes it.
          if (seq === undefined) return [];
          const row = ownedCarRowOf(userId, car, seq);
          return was && sameRow(was, row) ? [] : [row];
        });
        if (rows.length) {
          await Promise.all([
            db.ownedCars.bulkPut(rows),
            db.ownedCarSummaries.bulkPut(rows.map(summaryOfCar)),
          ]);
        }
        const total = state.collection.ownedCars.length;
        const written = Math.min(next + cars.length, total);
        await writeArrival(db, userId, { ...progress, written, total });
        return written >= total;
      },
    );
    if (done) return;
    // A change that removed cars moves the later ones up: one stepped over is written by the
    // rebase after the steps.
    next += size;
    if (options.stepCars === undefined) size = nextStepSize(size, performance.now() - started);
    // The screens' live queries re-read after each step; one that a step's commit overtakes is
    // read again, not shown (Dexie's liveQuery), so back-to-back steps would leave every screen
    // as it was until the last one. A pause lets them read, show the progress, and go on.
    await new Promise((resolve) => setTimeout(resolve, STEP_PAUSE_MS));
  }
}

/** The next step's cars: as many as this device writes in STEP_TARGET_MS at the last step's pace. */
export function nextStepSize(cars: number, tookMs: number): number {
  const paced = (cars * STEP_TARGET_MS) / Math.max(1, tookMs);
  return Math.round(Math.min(MAX_STEP_CARS, Math.max(MIN_STEP_CARS, paced)));
}

function unsentTables(db: GarageDb) {
  return [db.outbox, db.outboxSetAside];
}

/** What the unsent changes are, as one string: a step re-applies them only when it moved. */
function unsentKeys(unsent: readonly OutboxRow[]): string {
  return unsent.map((entry) => entry.key).join('\n');
}

/**
 * The fill's first transaction. It sets aside the row seqs for `cars` cars: those an interrupted
 * fill set aside when they are enough, else new ones taken from the device counters (so no change
 * made meanwhile takes them). And a device with no profile for the collector gets the server's
 * now: the screens behind the sign-in guard need one, and would otherwise wait for the last step.
 */
async function startFill(
  db: GarageDb,
  userId: string,
  cars: number,
  profile: ProfileRow | null,
): Promise<ArrivalProgress> {
  return db.transaction('rw', [db.meta, db.profiles], async () => {
    if (profile && !(await db.profiles.get(userId))) await db.profiles.put(profile);
    const earlier = await readArrival(db, userId);
    if (earlier && earlier.reserved >= cars) return earlier;
    const counters = await readCounters(db);
    const progress: ArrivalProgress = {
      written: 0,
      total: cars,
      seqFrom: counters.nextRowSeq,
      reserved: cars,
    };
    await writeCounters(db, { ...counters, nextRowSeq: counters.nextRowSeq + cars });
    await writeArrival(db, userId, progress);
    return progress;
  });
}
