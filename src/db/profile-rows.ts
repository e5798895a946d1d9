// The local profile row: what the server's GET /api/profile/me answers, kept per user.
import type { ProfileRow } from './garage-db';

export function emptyProfile(userId: string): ProfileRow {
  return {
    userId,
    username: null,
    totalCarCount: 0,
    totalSetCount: 0,
    completedTutorials: [],
    settings: {},
    subscription: { status: null },
  };
}

/** The server's profile body (api/routes/profile-body.ts) as a row. */
export function profileRowFromServer(userId: string, body: unknown): ProfileRow {
  const b = (body ?? {}) as Partial<{
    username: string;
    totalCarCount: number;
    totalSetCount: number;
    completedTutorials: string[];
    settings: Record<string, unknown>;
    subscription: { status: string | null };
  }>;
  return {
    userId,
    username: b.username ?? null,
    totalCarCount: b.totalCarCount ?? 0,
    totalSetCount: b.totalSetCount ?? 0,
    completedTutorials: b.completedTutorials ?? [],
    settings: b.settings ?? {},
    subscription: { status: b.subscription?.status ?? null },
  };
}
