// What the sync status says (the sync pill and the collection's sync line), as a pure
// function of the status, so every place words it the same way and a test can hold the rules:
// never 'synced' while a change waits; 'Offline' only when the device says so; 'Can't reach the
// server' when it is online but our API did not answer the last attempt (a portal, a proxy, a
// server that is down).

import { madeOnFirstUse } from '../shared/made-on-first-use';

export interface SyncFacts {
  /** navigator.onLine: the device's own word, trusted only when it says offline. */
  online: boolean;
  /** Changes waiting to be sent. */
  waiting: number;
  /** Changes set aside after our API kept failing on them. */
  setAside: number;
  syncing: boolean;
  /** False when the last attempt did not get our API's answer; null before any attempt. */
  reachable: boolean | null;
  /** When our API last took a push (ms since epoch), or null. */
  lastSyncedAt: number | null;
}

export type SyncTone = 'synced' | 'syncing' | 'waiting' | 'offline' | 'unreachable' | 'stuck';

export interface SyncWords {
  tone: SyncTone;
  /** The status in full: what the pill announces and My Collection's sync line shows. */
  text: string;
  /**
   * What the header's small pill shows ('Offline · 3 waiting'), when shorter than `text`: in
   * full, the waiting states took four lines of a phone's header and cut every screen's title.
   */
  short: string | null;
  /** A longer line for screens with room (the last sync, what to do). */
  detail: string | null;
}

/** 'All changes synced' or '{n} changes waiting to sync' ('1 change'). */
export function describePending(pending: number): string {
  if (pending === 0) return 'All changes synced';
  return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync`;
}

export function describeSetAside(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} could not be sent`;
}

const TIME = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
);
const DAY = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }),
);

/** 'Last synced 14:05' today, 'Last synced 3 Nov, 14:05' before, or 'Not synced yet'. */
export function describeLastSync(at: number | null, now: number = Date.now()): string {
  if (at === null) return 'Not synced on this device yet';
  const when = new Date(at);
  const sameDay = new Date(now).toDateString() === when.toDateString();
  return `Last synced ${sameDay ? '' : `${DAY().format(when)}, `}${TIME().format(when)}`;
}

export function describeSync(facts: SyncFacts, now: number = Date.now()): SyncWords {
  const { waiting, setAside } = facts;
  const lastSync = describeLastSync(facts.lastSyncedAt, now);
  if (waiting + setAside === 0) {
    return facts.online
      ? { tone: 'synced', text: 'All changes synced', short: null, detail: null }
      : {
          tone: 'offline',
          text: 'Offline',
          short: null,
          detail: 'Your collection is saved on this device.',
        };
  }
  // A state that counts changes, in full ('Offline · 3 changes waiting to sync') and in the
  // header's short form ('Offline · 3 waiting'), each with its own lead.
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ');
  const counted = (lead: string | null, shortLead: string | null = lead) => ({
    text: join(
      lead,
      waiting > 0 ? describePending(waiting) : null,
      setAside > 0 ? describeSetAside(setAside) : null,
    ),
    short: join(
      shortLead,
      waiting > 0 ? `${waiting} waiting` : null,
      setAside > 0 ? `${setAside} not sent` : null,
    ),
  });
  if (!facts.online) {
    return {
      tone: 'offline',
      ...counted('Offline'),
      detail: `${lastSync}. Changes go out when you are back online.`,
    };
  }
  // A retry after a failed attempt is still "can't reach" until our API answers: 'Syncing…'
  // would hide, for the whole of a slow retry, that the network is not letting changes through.
  if (facts.reachable === false && waiting > 0) {
    return {
      tone: 'unreachable',
      ...counted("Can't reach the server", "Can't reach server"),
      detail: `${lastSync}. The network answers, but not our server (a Wi-Fi login page?). Changes stay on this device and go out once it is reachable.`,
    };
  }
  if (facts.syncing && waiting > 0) {
    return { tone: 'syncing', text: 'Syncing…', short: null, detail: lastSync };
  }
  if (waiting === 0) {
    return {
      tone: 'stuck',
      ...counted(null),
      detail: 'The server kept failing on these. See them in Settings to try again or discard.',
    };
  }
  return {
    tone: setAside > 0 ? 'stuck' : 'waiting',
    ...counted(null),
    detail: lastSync,
  };
}
