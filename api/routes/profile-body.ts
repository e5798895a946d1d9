// The profile as the API answers it (SPEC §3 user profile).
import type { profiles } from '../db/schema';

export function profileBody(profile: typeof profiles.$inferSelect) {
  return {
    userId: profile.userId,
    username: profile.username ?? undefined,
    totalCarCount: profile.totalCarCount,
    totalSetCount: profile.totalSetCount,
    completedTutorials: profile.completedTutorials,
    settings: profile.settings,
    subscription: { status: profile.subscriptionStatus },
  };
}
