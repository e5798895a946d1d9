// The sync pill's words: never 'synced' while a change waits, 'Offline' only on the device's own
// word, and 'Can't reach the server' when it is online but our API did not answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeSync, type SyncFacts } from '../../../src/data/sync-wording';

const facts = (over: Partial<SyncFacts>): SyncFacts => ({
  online: true,
  waiting: 0,
  setAside: 0,
  syncing: false,
  reachable: true,
  lastSyncedAt: null,
  ...over,
});

const anyFacts = fc.record({
  online: fc.boolean(),
  waiting: fc.nat(3000),
  setAside: fc.nat(20),
  syncing: fc.boolean(),
  reachable: fc.constantFrom(true, false, null),
  lastSyncedAt: fc.option(fc.integer({ min: 0, max: 2_000_000_000_000 }), { nil: null }),
});

describe('the sync status words', () => {
  it('never says synced while any change waits or is set aside', () => {
    fc.assert(
      fc.property(anyFacts, (status) => {
        const { tone, text } = describeSync(status);
        const synced = tone === 'synced' || /synced/i.test(text);
        expect(synced).toBe(status.waiting + status.setAside === 0 && status.online);
      }),
      { numRuns: 2000 },
    );
  });

  it('says Offline only when the device says it is offline', () => {
    fc.assert(
      fc.property(anyFacts, (status) => {
        expect(describeSync(status).text.startsWith('Offline')).toBe(!status.online);
      }),
    );
  });

  it('names the waiting count in every state but syncing', () => {
    fc.assert(
      fc.property(anyFacts, (status) => {
        const { tone, text } = describeSync(status);
        if (status.waiting > 0 && tone !== 'syncing') {
          expect(text).toContain(
            `${status.waiting} ${status.waiting === 1 ? 'change' : 'changes'}`,
          );
        }
      }),
    );
  });

  it.each([
    [facts({}), 'synced', 'All changes synced'],
    [facts({ online: false }), 'offline', 'Offline'],
    [facts({ online: false, waiting: 2 }), 'offline', 'Offline · 2 changes waiting to sync'],
    [facts({ waiting: 1 }), 'waiting', '1 change waiting to sync'],
    [facts({ waiting: 3, syncing: true }), 'syncing', 'Syncing…'],
    [
      facts({ waiting: 2, reachable: false }),
      'unreachable',
      "Can't reach the server · 2 changes waiting to sync",
    ],
    [
      facts({ waiting: 2, reachable: false, syncing: true }),
      'unreachable',
      "Can't reach the server · 2 changes waiting to sync",
    ],
    [facts({ setAside: 1 }), 'stuck', '1 change could not be sent'],
    [
      facts({ waiting: 2, setAside: 1 }),
      'stuck',
      '2 changes waiting to sync · 1 change could not be sent',
    ],
  ])('words %o as %s: %s', (status, tone, text) => {
    expect(describeSync(status)).toMatchObject({ tone, text });
  });

  it.each([
    [facts({}), null],
    [facts({ online: false }), null],
    [facts({ waiting: 3, syncing: true }), null],
    [facts({ online: false, waiting: 3 }), 'Offline · 3 waiting'],
    [facts({ waiting: 1 }), '1 waiting'],
    [facts({ waiting: 2, reachable: false }), "Can't reach server · 2 waiting"],
    [facts({ setAside: 1 }), '1 not sent'],
    [facts({ online: false, waiting: 2, setAside: 1 }), 'Offline · 2 waiting · 1 not sent'],
  ])("shortens %o's words in the header to %s", (status, short) => {
    expect(describeSync(status).short).toBe(short);
  });

  it('has a short form, shorter than the words, for every state that names counts', () => {
    fc.assert(
      fc.property(anyFacts, (status) => {
        const { text, short } = describeSync(status);
        if (short === null) {
          expect(text.length).toBeLessThanOrEqual('All changes synced'.length);
        } else {
          expect(short.length).toBeLessThan(text.length);
          if (status.waiting > 0) expect(short).toContain(`${status.waiting} waiting`);
        }
      }),
    );
  });

  it('tells when the last sync was while the server cannot be reached', () => {
    const now = new Date('2026-11-24T15:00:00').getTime();
    const at = new Date('2026-11-24T14:05:00').getTime();
    const { detail } = describeSync(facts({ waiting: 1, reachable: false, lastSyncedAt: at }), now);
    expect(detail).toMatch(/^Last synced .*2:05|14:05/);
    const never = describeSync(facts({ waiting: 1, reachable: false }), now);
    expect(never.detail).toMatch(/^Not synced on this device yet/);
  });
});
