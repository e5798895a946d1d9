// Community screens: the feed (/social), a post (/post/{id}, /p/{id}) and the new-post
// form (/posts/create, /profile/new-post). Each lives in its own file; the routes import these.
export { FeedScreen } from './feed-screen';
export { PostScreen } from './post-screen';
export { NewPostScreen } from './new-post-screen';
