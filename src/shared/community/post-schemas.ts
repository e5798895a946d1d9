// The posts feature's shared rules: the zod schemas of its commands (the device checks a change
// before queueing it with the very schema the server applies) and the photo rules (type by
// content, size), which the device checks on pick and the server checks on upload.
import { z } from 'zod';
import { idSchema } from '../collection/mutation-schemas';
import { userText } from '../text/user-text';

export const POST_BODY_MAX = 2000;
export const COMMENT_BODY_MAX = 1000;
export const REPORT_REASON_MAX = 500;
export const POST_PHOTOS_MAX = 4;
export const POST_TAGS_MAX = 10;

/** 5 MB: a phone photo after the browser's own JPEG encoding fits well under it. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_TYPE_ERROR = 'Photos must be JPEG, PNG or WebP';
/**
 * Per collector: photos kept (in posts, as the avatar, or uploaded in the last day and not used
 * yet: unused uploads are deleted after a day). Beyond it an upload is refused for good (413).
 */
export const PHOTO_QUOTA_COUNT = 1_000;
export const PHOTO_QUOTA_BYTES = 1024 * 1024 * 1024;
export const PHOTO_QUOTA_ERROR = 'Photo quota reached: delete posts you no longer need';
export const PHOTO_SIZE_ERROR = 'Photos must be 5 MB or smaller';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type by its first bytes (never by file name or declared type), or null: a text file
 * named photo.jpg and sent as image/jpeg is still refused. Needs the first 12 bytes.
 */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const taggedItemSchema = z.strictObject({ kind: z.enum(['car', 'set']), id: idSchema });

export const postsCreateSchema = z
  .strictObject({
    postId: idSchema,
    body: userText({ max: POST_BODY_MAX }),
    photoIds: z
      .array(idSchema)
      .max(POST_PHOTOS_MAX, `must hold at most ${POST_PHOTOS_MAX} photos`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a photo twice')
      .default([]),
    tagged: z
      .array(taggedItemSchema)
      .max(POST_TAGS_MAX, `must hold at most ${POST_TAGS_MAX} cars or sets`)
      .refine(
        (items) => new Set(items.map((item) => `${item.kind}:${item.id}`)).size === items.length,
        'must not tag the same car or set twice',
      )
      .default([]),
  })
  .refine((post) => post.body.length > 0 || post.photoIds.length > 0, {
    path: ['body'],
    message: 'must not be empty: write something or add a photo',
  });
export type PostsCreateArgs = z.output<typeof postsCreateSchema>;

export const postsDeleteSchema = z.strictObject({ postId: idSchema });

export const postsLikeSchema = z.strictObject({ postId: idSchema, liked: z.boolean() });

export const postsReportSchema = z.strictObject({
  postId: idSchema,
  reason: userText({ max: REPORT_REASON_MAX, min: 1 }),
});

export const commentsCreateSchema = z.strictObject({
  commentId: idSchema,
  postId: idSchema,
  body: userText({ max: COMMENT_BODY_MAX, min: 1 }),
});

export const commentsDeleteSchema = z.strictObject({ commentId: idSchema });

export const POST_COMMAND_NAMES = [
  'posts/create',
  'posts/delete',
  'posts/like',
  'posts/report',
  'comments/create',
  'comments/delete',
] as const;
export type PostCommandName = (typeof POST_COMMAND_NAMES)[number];

export const postCommandSchemas: Record<PostCommandName, z.ZodType> = {
  'posts/create': postsCreateSchema,
  'posts/delete': postsDeleteSchema,
  'posts/like': postsLikeSchema,
  'posts/report': postsReportSchema,
  'comments/create': commentsCreateSchema,
  'comments/delete': commentsDeleteSchema,
};

// ---- What the reads answer (api/routes/posts.ts), typed once for the server and the screens ----

export interface PublicProfileView {
  userId: string;
  username: string | null;
  avatarUrl: string | null;
}

export interface TaggedItemView {
  kind: 'car' | 'set';
  id: string;
}

export interface PostView {
  id: string;
  author: PublicProfileView;
  body: string;
  photoUrls: string[];
  tagged: TaggedItemView[];
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  createdAt: string;
}

export interface CommentView {
  id: string;
  postId: string;
  author: PublicProfileView;
  body: string;
  createdAt: string;
}

export interface FeedPage {
  posts: PostView[];
  nextCursor: string | null;
}

export interface PostWithComments {
  post: PostView;
  comments: CommentView[];
}

export const FEED_LIMIT_DEFAULT = 20;
export const FEED_LIMIT_MAX = 50;
