// A device database closed for good lets go of its catalogue's channel to the other contexts. An
// open BroadcastChannel is a GC root: its handler kept every closed database (and all it had read)
// alive, which grew the 10,000-run property test to gigabytes.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GarageDb } from '../../../src/db/garage-db';
import { fixtureCars, fixtureSets } from '../../fixtures/catalog';

const indexedDB = new IDBFactory();

/** Every channel opened while a test runs, with whether it was closed. */
let channels: { name: string; closed: boolean }[] = [];

class RecordingChannel extends BroadcastChannel {
  readonly record: { name: string; closed: boolean };
  constructor(name: string) {
    super(name);
    this.record = { name, closed: false };
    channels.push(this.record);
  }
  override close(): void {
    this.record.closed = true;
    super.close();
  }
}

beforeEach(() => {
  channels = [];
  vi.stubGlobal('BroadcastChannel', RecordingChannel);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDevice(name: string): Promise<GarageDb> {
  const db = new GarageDb(name, { indexedDB, IDBKeyRange });
  await db.catalog.replace({ version: 'v1', cars: fixtureCars, sets: fixtureSets });
  return db;
}

function catalogueChannels() {
  return channels.filter((channel) => channel.name === 'diecast-catalog');
}

describe('the device database, closed', () => {
  it('closes its catalogue channel when closed for good', async () => {
    const db = await openDevice('lifetime-close');
    expect(catalogueChannels()).toEqual([{ name: 'diecast-catalog', closed: false }]);
    db.close();
    expect(catalogueChannels()).toEqual([{ name: 'diecast-catalog', closed: true }]);
  });

  it('closes its catalogue channel when deleted', async () => {
    const db = await openDevice('lifetime-delete');
    await db.delete();
    expect(catalogueChannels().map((channel) => channel.closed)).toEqual([true]);
  });

  it('keeps the catalogue shared across a close Dexie makes before opening again', async () => {
    const db = await openDevice('lifetime-reopen');
    db.close({ disableAutoOpen: false });
    expect(catalogueChannels().map((channel) => channel.closed)).toEqual([false]);
    await db.open();
    expect((await db.catalog.current())?.version).toBe('v1');
    db.close();
  });
});
