// A change's plain write (db/versioned-write.ts) lands whole or not at all: a moved version or a
// write that fails leaves nothing. It never calls commit(), under which Firefox would commit the
// other writes when one fails (test/e2e/indexeddb-atomic-write-on-every-engine.spec.ts).
import { describe, expect, it } from 'vitest';
import { COLLECTION_VERSION_KEY } from '../../../src/db/collection-version';
import type { GarageDb } from '../../../src/db/garage-db';
import { emptyProfile } from '../../../src/db/profile-rows';
import { writeIfVersion } from '../../../src/db/versioned-write';
import { openTestDevice } from '../../fixtures/device';

const version = async (db: GarageDb) =>
  ((await db.meta.get(COLLECTION_VERSION_KEY))?.value as string | undefined) ?? null;

/** Counts the transactions `db` makes plainly while `run` runs, and their commit() calls. */
async function countingCommits(db: GarageDb, run: () => Promise<unknown>) {
  const idb = db.backendDB();
  const transaction = idb.transaction.bind(idb);
  const seen = { commits: 0, transactions: 0 };
  idb.transaction = ((stores, mode, options) => {
    const tx = transaction(stores, mode, options);
    seen.transactions++;
    const commit = tx.commit.bind(tx);
    tx.commit = () => {
      seen.commits++;
      commit();
    };
    return tx;
  }) as typeof idb.transaction;
  try {
    return { result: await run(), seen };
  } finally {
    idb.transaction = transaction;
  }
}

describe('a write made only if the version is unchanged', () => {
  it('writes everything when the version is the one it was computed from', async () => {
    const db = await openTestDevice();
    const before = await version(db);
    const counted = await countingCommits(db, () =>
      writeIfVersion(db, before, [{ store: 'profiles', put: emptyProfile('u1') }], 'v-next'),
    );
    expect(counted.result).toBe('written');
    expect(counted.seen).toEqual({ commits: 0, transactions: 1 });
    expect(await db.profiles.get('u1')).toBeDefined();
    expect(await version(db)).toBe('v-next');
  });

  it('writes nothing when the version has moved', async () => {
    const db = await openTestDevice();
    const counted = await countingCommits(db, () =>
      writeIfVersion(db, 'not-the-version', [{ store: 'profiles', put: emptyProfile('u1') }], 'x'),
    );
    expect(counted.result).toBe('stale');
    expect(counted.seen.commits).toBe(0);
    expect(await db.profiles.get('u1')).toBeUndefined();
    expect(await version(db)).not.toBe('x');
  });

  it('writes nothing when one of its writes fails, and asks for no early commit', async () => {
    const db = await openTestDevice();
    const entry = { key: 'k1', userId: 'u1', seq: 1, name: 'collection/add-car-instance' };
    await db.transaction('rw', [db.outbox, db.meta], () => db.outbox.add(entry as never));
    const before = await version(db);
    // The outbox entry is the change's last write: its key taken, the add fails, and the
    // profile written before it must go too.
    const failed = await countingCommits(db, () =>
      writeIfVersion(
        db,
        before,
        [
          { store: 'profiles', put: emptyProfile('u1') },
          { store: 'outbox', add: entry },
        ],
        'v-next',
      ).catch((error: unknown) => error),
    );
    expect(failed.seen.commits).toBe(0);
    expect((failed.result as DOMException).name).toBe('ConstraintError');
    expect(await db.profiles.get('u1')).toBeUndefined();
    expect(await version(db)).toBe(before);
  });
});
