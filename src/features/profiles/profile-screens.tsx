// Collector profiles, follows, leaderboard, user search (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function ProfileScreen() {
  return <PlannedScreen title="Profile" />;
}

export function EditProfileScreen() {
  return <PlannedScreen title="Edit profile" />;
}

export function LeaderboardScreen() {
  return <PlannedScreen title="Leaderboard" />;
}

export function SearchUsersScreen() {
  return <PlannedScreen title="Find collectors" />;
}

export function SearchAllScreen() {
  return <PlannedScreen title="Search everything" />;
}
