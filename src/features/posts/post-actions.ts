// The posts screens' writes: each one queued in the outbox (it shows at once as pending, and
// reaches the server when there is signal); ids of new things made here, on the device.
import { queueCommunityChange } from '../../sync/community-actions';
import type { TaggedItemView } from '../../shared/community/post-schemas';

const newId = () => crypto.randomUUID();

export async function createPost(input: {
  body: string;
  photoIds: string[];
  tagged: TaggedItemView[];
}): Promise<string> {
  const postId = newId();
  await queueCommunityChange('posts/create', { postId, ...input });
  return postId;
}

export async function deletePost(postId: string): Promise<void> {
  await queueCommunityChange('posts/delete', { postId });
}

export async function setLiked(postId: string, liked: boolean): Promise<void> {
  await queueCommunityChange('posts/like', { postId, liked });
}

export async function reportPost(postId: string, reason: string): Promise<void> {
  await queueCommunityChange('posts/report', { postId, reason });
}

export async function addComment(postId: string, body: string): Promise<string> {
  const commentId = newId();
  await queueCommunityChange('comments/create', { commentId, postId, body });
  return commentId;
}

export async function deleteComment(commentId: string): Promise<void> {
  await queueCommunityChange('comments/delete', { commentId });
}
