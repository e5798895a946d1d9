// The profile as the API answers it (docs/product.md user profile).
import type { profiles } from '../db/schema';

type ProfileFields = Pick<
  typeof profiles.$inferSelect,
  | 'userId'
  | 'username'
  | 'totalCarCount'
  | 'totalSetCount'
  | 'completedTutorials'
  | 'settings'
  | 'subscriptionStatus'
>;

export function profileBody(profile: ProfileFields) {
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
