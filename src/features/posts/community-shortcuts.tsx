// The ways into the rest of the community from /social: my profile, the leaderboard, finding
// collectors, tutorials, live streams and premium, as one thumb-scrollable row of chips.
import { Link } from 'wouter';

export function CommunityShortcuts({ userId }: { userId: string | null }) {
  const links: [string, string][] = [
    ...(userId ? ([[`/profile/${userId}`, 'My profile']] as [string, string][]) : []),
    ['/leaderboard', 'Leaderboard'],
    ['/search/users', 'Find collectors'],
    ['/learn', 'Learn'],
    ['/live', 'Live'],
    ['/premium', 'Premium'],
  ];
  return (
    <nav className="community-shortcuts" aria-label="Community">
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <Link href={href} className="pill-link">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
