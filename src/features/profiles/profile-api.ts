// Where the profile screens read from, and the one GET that must be live (user search): typed
// results so the screens never guess at shapes. Kept reads go through useCommunityQuery.
import { currentUserId } from '../../auth/auth-state';
import { firebaseUserToken } from '../../auth/user-token';
import { AppError } from '../../errors/app-error';
import { apiFetch, isNotReached, readApiJson } from '../../sync/api-fetch';
import type { PublicProfileLike } from './collector-row';

export const profilePath = (userId: string) => `/api/profiles/${encodeURIComponent(userId)}`;
export const followListPath = (userId: string, list: 'followers' | 'following') =>
  `${profilePath(userId)}/${list}?limit=100`;
export const leaderboardPath = (by: 'cars' | 'sets') => `/api/leaderboard?by=${by}`;
export const authorPostsPath = (userId: string) =>
  `/api/posts/feed?author=${encodeURIComponent(userId)}`;
export const userSearchPath = (q: string) => `/api/search/users?q=${encodeURIComponent(q)}`;

export const profileHref = (userId: string) => `/profile/${encodeURIComponent(userId)}`;
export const postHref = (postId: string) => `/p/${encodeURIComponent(postId)}`;

/** A post as GET /api/posts/feed answers it (the posts feature owns the endpoint). */
export interface FeedPost {
  id: string;
  author: PublicProfileLike;
  body: string;
  photoUrls: string[];
  likeCount: number;
  commentCount: number;
  createdAt: string;
}

export interface FeedPage {
  posts: FeedPost[];
  nextCursor: string | null;
}

/**
 * GET `path` now, with my token when signed in; never kept on the device (search results age
 * fast and would fill IndexedDB). Offline it throws AppError('offline').
 */
export async function getLive<T>(path: string, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = {};
  if (currentUserId()) {
    try {
      headers.Authorization = `Bearer ${await firebaseUserToken()}`;
    } catch {
      // No token to be had: read as a visitor.
    }
  }
  let response: Response;
  try {
    response = await apiFetch(path, { headers, signal });
  } catch (error) {
    if (!isNotReached(error)) throw error; // the caller aborted
    throw new AppError('offline', 'Finding collectors needs a connection.');
  }
  if (!response.ok) {
    const body = (await readApiJson(response)) as { error?: unknown } | null;
    throw new AppError(
      'api',
      typeof body?.error === 'string' ? body.error : `API call failed for endpoint ${path}`,
      response.status,
    );
  }
  return (await readApiJson(response)) as T;
}
