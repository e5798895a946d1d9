// A snapshot is written only into the rows of the collector it was pulled for: a token of
// another collector (a shared phone, a sign-out mid-pull) leaves every row as it was.
import { describe, expect, it } from 'vitest';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import { emptyCollection, type Collection } from '../../../src/shared/collection/types';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { collectionArrival } from '../../../src/db/collection-arrival';
import { FILL_IN_STEPS_FROM } from '../../../src/local-store/collection-fill';
import {
  PullAbandoned,
  pullSnapshotFor,
  SignedInUserChanged,
} from '../../../src/sync/snapshot-pull';
import type { IdentityPort } from '../../../src/sync/replayer';
import { unsignedToken } from '../../fixtures/auth';
import { BONE_SHAKER, CHARGER } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const bobsCollection: Collection = {
  ...emptyCollection(),
  wishlistCarIds: [{ id: BONE_SHAKER, addedAt: '2026-11-01T10:00:00.000Z' }],
};

function serverOf(collection: Collection) {
  const tokens: string[] = [];
  return {
    tokens,
    api: {
      async getCollection(token: string) {
        tokens.push(token);
        return collection;
      },
      getProfile: async () => ({ username: 'bob', totalCarCount: 0, totalSetCount: 0 }),
    },
  };
}

const identityOf = (uid: () => string | null): IdentityPort => ({
  currentUserId: async () => uid(),
  idToken: async () => unsignedToken({ sub: uid() ?? '', user_id: uid() ?? '' }),
});

describe('pulling a snapshot', () => {
  it("never writes another collector's snapshot into this collector's rows", async () => {
    const db = await openTestDevice();
    await applyLocalChange(
      db,
      'ann',
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(),
    );
    const before = rowsToCollection(await readAllRows(db, 'ann'));
    const { api, tokens } = serverOf(bobsCollection);

    // Ann's pull, but Bob is the one signed in now.
    const pull = pullSnapshotFor(
      db,
      api,
      identityOf(() => 'bob'),
      'ann',
    );

    await expect(pull).rejects.toBeInstanceOf(SignedInUserChanged);
    expect(tokens).toEqual([]); // not even asked: the token is Bob's
    expect(rowsToCollection(await readAllRows(db, 'ann'))).toEqual(before);
    expect(await db.snapshots.get('ann')).toBeUndefined();
  });

  it('writes nothing when the collector signs out while the pull is in flight', async () => {
    const db = await openTestDevice();
    let signedIn: string | null = 'ann';
    const { api } = serverOf(bobsCollection);
    const slow = {
      ...api,
      async getCollection(token: string) {
        signedIn = 'bob'; // Ann signs out and Bob signs in while the answer is on its way
        return api.getCollection(token);
      },
    };

    await expect(
      pullSnapshotFor(
        db,
        slow,
        identityOf(() => signedIn),
        'ann',
      ),
    ).rejects.toBeInstanceOf(SignedInUserChanged);
    expect(await db.snapshots.get('ann')).toBeUndefined();
    expect(await db.snapshots.get('bob')).toBeUndefined();
  });

  it('stops a large first pull at its next step once the caller gives up on it', async () => {
    const db = await openTestDevice();
    const cars = Array.from({ length: 2 * FILL_IN_STEPS_FROM }, (_, i) => ({
      carId: `car-${i}`,
      isFavorite: false,
      instances: [],
    }));
    const { api } = serverOf({ ...emptyCollection(), ownedCars: cars });
    const abandoned = new AbortController();
    let steps = 0;
    const identity: IdentityPort = {
      ...identityOf(() => 'ann'),
      // Asked before the pull writes, then before each step: given up on after the first step.
      currentUserId: async () => {
        if (++steps === 3) abandoned.abort();
        return 'ann';
      },
    };

    await expect(
      pullSnapshotFor(db, api, identity, 'ann', abandoned.signal),
    ).rejects.toBeInstanceOf(PullAbandoned);
    const written = await db.ownedCars.count();
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(cars.length);
    expect(await collectionArrival(db, 'ann')).toMatchObject({ state: 'arriving', written });
    expect(await db.snapshots.get('ann')).toBeUndefined();
  });

  it("writes the collector's own snapshot with their unsent changes on top", async () => {
    const db = await openTestDevice();
    await applyLocalChange(
      db,
      'ann',
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(),
    );
    const { api } = serverOf(bobsCollection);

    await pullSnapshotFor(
      db,
      api,
      identityOf(() => 'ann'),
      'ann',
    );

    const local = rowsToCollection(await readAllRows(db, 'ann'));
    expect(local.ownedCars.map((car) => car.carId)).toEqual([CHARGER]);
    expect(local.wishlistCarIds.map((item) => item.id)).toEqual([BONE_SHAKER]);
  });
});
