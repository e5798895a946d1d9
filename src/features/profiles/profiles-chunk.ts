// Collector profiles, follows, leaderboard, user search: the screens app-routes.tsx
// loads lazily, each in its own file.
export { ProfileScreen } from './profile-screen';
export { EditProfileScreen } from './edit-profile-screen';
export { LeaderboardScreen } from './leaderboard-screen';
export { SearchUsersScreen } from './search-users-screen';
export { SearchAllScreen } from './search-all-screen';
