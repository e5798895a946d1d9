// The replayer's ports made real: the Dexie outbox, Firebase Auth for tokens, fetch for the server.
import type { Auth } from 'firebase/auth';
import { deviceDb } from '../db/device-db';
import type { GarageDb } from '../db/garage-db';
import {
  confirmEntries,
  dropEntry,
  outboxCounts,
  setEntryAside,
  strikeEntry,
  waitingEntries,
} from '../db/outbox-store';
import type { ApiClient } from './api-client';
import { uploadNamedPhotos } from './photo-uploads';
import type { IdentityPort, OutboxPort, ServerPort } from './replay-types';

export function dexieOutboxPort(
  db: GarageDb,
  now: () => string = () => new Date().toISOString(),
): OutboxPort {
  return {
    pending: (userId, limit) => waitingEntries(db, userId, limit),
    confirm: (keys) => confirmEntries(db, keys),
    // The rebase that follows a rejection removes its effect from the screen; the event carries
    // the toast. Nothing else needs the entry, so it goes.
    reject: (entry) => dropEntry(db, entry.key),
    strike: (entry, error) => strikeEntry(db, entry.key, error),
    setAside: (entry, error) => setEntryAside(db, entry.key, error, now()),
    count: async (userId) => {
      const { waiting, setAside } = await outboxCounts(db, userId);
      return waiting + setAside;
    },
  };
}

export function firebaseIdentityPort(auth: Auth): IdentityPort {
  return {
    async currentUserId() {
      await auth.authStateReady();
      return auth.currentUser?.uid ?? null;
    },
    async idToken(forceRefresh) {
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) throw new Error('Signed out');
      return user.getIdToken(forceRefresh);
    },
  };
}

/**
 * The push, preceded by the upload of every kept photo the chunk names (a post made offline
 * carries its photos): the server refuses a post whose photos it does not have. An upload that
 * cannot happen now stands in for the push's answer, so the replayer's own rules retry it.
 */
export function httpServerPort(
  api: ApiClient,
  photos: { db: GarageDb; fetcher?: typeof fetch } = { db: deviceDb },
): ServerPort {
  return {
    async push(token, mutations) {
      const notNow = await uploadNamedPhotos(photos.db, token, mutations, photos.fetcher);
      return notNow ?? api.push(token, mutations);
    },
  };
}
