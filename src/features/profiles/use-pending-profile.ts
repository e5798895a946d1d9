// My profile edits still in the outbox, folded into one (the last value of each field wins).
import { useMemo } from 'react';
import { usePendingChanges } from '../../data/use-pending-changes';
import { PROFILE_UPDATE, type ProfileUpdateArgs } from '../../shared/community/profile-schemas';

const NAMES = [PROFILE_UPDATE] as const;

export interface PendingProfile {
  bio?: string;
  username?: string;
  /** null: the avatar is being removed. */
  avatarPhotoId?: string | null;
}

export function usePendingProfile(me: string | null): PendingProfile | null {
  const rows = usePendingChanges(me, NAMES);
  return useMemo(() => {
    if (rows.length === 0) return null;
    const merged: PendingProfile = {};
    for (const row of rows) {
      const args = row.args as ProfileUpdateArgs;
      if (args.bio !== undefined) merged.bio = args.bio.trim();
      if (args.username !== undefined) merged.username = args.username.trim();
      if (args.avatarPhotoId !== undefined) merged.avatarPhotoId = args.avatarPhotoId;
    }
    return merged;
  }, [rows]);
}
