// The replayer's ports made real: the Dexie outbox, Firebase Auth for tokens, fetch for the server.
import type { Auth } from 'firebase/auth';
import type { GarageDb } from '../db/garage-db';
import type { ApiClient } from './api-client';
import type { IdentityPort, OutboxPort, ServerPort } from './replayer';

export function dexieOutboxPort(db: GarageDb): OutboxPort {
  const range = (userId: string) =>
    db.outbox.where('[userId+seq]').between([userId, -Infinity], [userId, Infinity]);
  return {
    pending: (userId, limit) => range(userId).limit(limit).toArray(),
    confirm: (keys) => db.outbox.bulkDelete(keys),
    // The rebase that follows a rejection removes its effect from the screen; the event carries
    // the toast. Nothing else needs the entry, so it goes.
    reject: (entry) => db.outbox.delete(entry.key),
    count: (userId) => range(userId).count(),
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

export function httpServerPort(api: ApiClient): ServerPort {
  return { push: (token, mutations) => api.push(token, mutations) };
}
