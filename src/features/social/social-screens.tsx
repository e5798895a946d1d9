// Community screens: feed, post, new post (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function FeedScreen() {
  return <PlannedScreen title="Community" />;
}

export function PostScreen() {
  return <PlannedScreen title="Post" />;
}

export function NewPostScreen() {
  return <PlannedScreen title="New post" />;
}
