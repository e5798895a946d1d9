// The collection version (db/collection-version.ts) moves with every write a copy of the rows
// depends on, and only with those, whoever writes through Dexie.
import { describe, expect, it } from 'vitest';
import { COLLECTION_VERSION_KEY } from '../../../src/db/collection-version';
import type { GarageDb } from '../../../src/db/garage-db';
import { emptyProfile } from '../../../src/db/profile-rows';
import { openTestDevice } from '../../fixtures/device';

const version = async (db: GarageDb) => (await db.meta.get(COLLECTION_VERSION_KEY))?.value;

describe('the collection version', () => {
  it('moves with a write to the rows, the profile or the device counters', async () => {
    const db = await openTestDevice();
    const seen = [await version(db)];
    await db.transaction('rw', [db.profiles, db.meta], () => db.profiles.put(emptyProfile('u1')));
    seen.push(await version(db));
    await db.meta.put({ key: 'device', value: { clientId: 'c', nextOutboxSeq: 1, nextRowSeq: 1 } });
    seen.push(await version(db));
    expect(new Set(seen).size).toBe(3);
    expect(seen.slice(1).every((value) => typeof value === 'string')).toBe(true);
  });

  it('stays where it is for the rest of meta', async () => {
    const db = await openTestDevice();
    await db.transaction('rw', [db.profiles, db.meta], () => db.profiles.put(emptyProfile('u1')));
    const before = await version(db);
    await db.meta.put({ key: 'storagePersistAsked', value: true });
    expect(await version(db)).toBe(before);
  });

  it('refuses a write to the rows in a transaction that cannot move it, and writes nothing', async () => {
    const db = await openTestDevice();
    const refused = await db.profiles.put(emptyProfile('u1')).catch((error: Error) => error);
    expect(String(refused)).toContain("without 'meta'");
    expect(await db.profiles.get('u1')).toBeUndefined();
  });
});
