// zod schemas of the profiles commands, shared by the device (checked before queueing)
// and the server (api/profiles/profile-commands.ts), plus the shapes of the profile reads.
import { z } from 'zod';
import { idSchema } from '../collection/mutation-schemas';
import { usernameSchema } from '../profile/username';
import { characterCount, userText } from '../text/user-text';

export const PROFILE_UPDATE = 'profile/update';
export const FOLLOWS_SET = 'follows/set';

export const BIO_MAX = 300;

/** Characters as a collector counts them: an emoji is one, not two UTF-16 units. */
export const bioLength = characterCount;

export const profileUpdateSchema = z
  .strictObject({
    bio: userText({ max: BIO_MAX }).optional(),
    /** A photo this user uploaded (PUT /api/photos/{id}); null removes the avatar. */
    avatarPhotoId: idSchema.nullable().optional(),
    username: usernameSchema.optional(),
  })
  .refine(
    (args) => args.bio !== undefined || args.avatarPhotoId !== undefined || args.username,
    'Nothing to change: send bio, avatarPhotoId or username',
  );
export type ProfileUpdateArgs = z.infer<typeof profileUpdateSchema>;

export const followSetSchema = z.strictObject({
  userId: idSchema,
  /** The wanted state, not a toggle: sending it twice changes nothing the second time. */
  following: z.boolean({ message: 'following must be true or false' }),
});
export type FollowSetArgs = z.infer<typeof followSetSchema>;

export const profileCommandSchemas: Record<string, z.ZodType> = {
  [PROFILE_UPDATE]: profileUpdateSchema,
  [FOLLOWS_SET]: followSetSchema,
};

// ---- What the reads answer (api/routes/community-profiles.ts) ---------------------------------

export interface CollectorSummary {
  userId: string;
  username: string | null;
  avatarUrl: string | null;
  totalCarCount: number;
  totalSetCount: number;
  /** False without a token. */
  followedByMe: boolean;
}

export interface ProfileBadge {
  id: string;
  label: string;
  threshold: number;
  type: 'car' | 'set';
}

export interface ProfileView {
  userId: string;
  username: string;
  avatarUrl: string | null;
  bio: string;
  totalCarCount: number;
  totalSetCount: number;
  badges: ProfileBadge[];
  completedTutorials: string[];
  followerCount: number;
  followingCount: number;
  postCount: number;
  followedByMe: boolean;
  isMe: boolean;
  /** ISO timestamp the profile was created. */
  joinedAt: string;
}

export interface CollectorPage {
  users: CollectorSummary[];
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

export const LEADERBOARD_KINDS = ['cars', 'sets'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];
export const LEADERBOARD_SIZE = 100;

export interface LeaderboardEntry {
  rank: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  count: number;
}

export interface LeaderboardView {
  by: LeaderboardKind;
  top: LeaderboardEntry[];
  /** My own place, even outside the top 100; null without a token or a username. */
  me: { rank: number; count: number } | null;
}

export const USER_SEARCH_LIMIT = 20;
export const USER_SEARCH_MAX_QUERY = 50;

export interface UserSearchView {
  query: string;
  users: CollectorSummary[];
}
