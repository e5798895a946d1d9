// The local profile row: what the server's GET /api/profile/me answers, kept per user.
import type { ProfileRow } from './device-rows';

export function emptyProfile(userId: string): ProfileRow {
  return {
    userId,
    username: null,
    completedTutorials: [],
    settings: {},
    subscription: { status: null },
  };
}

/**
 * The server's profile body (api/routes/profile-body.ts) as a row. Its totals are left out: the
 * device's own are in the counters row, moved by changes the server may not have yet.
 */
export function profileRowFromServer(userId: string, body: unknown): ProfileRow {
  const b = (body ?? {}) as Partial<{
    username: string;
    completedTutorials: string[];
    settings: Record<string, unknown>;
    subscription: { status: string | null };
  }>;
  return {
    userId,
    username: b.username ?? null,
    completedTutorials: b.completedTutorials ?? [],
    settings: b.settings ?? {},
    subscription: { status: b.subscription?.status ?? null },
  };
}
