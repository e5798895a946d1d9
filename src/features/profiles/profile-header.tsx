// The header of the people screens (title, back link) and, on a profile, the way on to the
// leaderboard and to finding collectors.
import { Link } from 'wouter';
import { ScreenHeader } from '../../ui/screen-header';

const ICONS = {
  leaderboard:
    'M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V17h3v2H8v-2h3v-2.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3zm-1 4v1a2 2 0 0 0 1 1.7V7zm11 0v2.7A2 2 0 0 0 18 8V7z',
  search:
    'M10 3a7 7 0 0 1 5.6 11.2l5 5-1.4 1.4-5-5A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
} as const;

function ChipLink({
  href,
  label,
  icon,
}: {
  href: string;
  label: string;
  icon: keyof typeof ICONS;
}) {
  return (
    <Link href={href} className="pf-chip-link">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
      {label}
    </Link>
  );
}

export function ProfileHeader({ title, back }: { title: string; back?: string }) {
  return <ScreenHeader title={title} back={back} />;
}

/**
 * The way from a profile to the leaderboard and to finding collectors: labelled chips under the
 * header (the header row has no room beside the title and the sync pill on a phone).
 */
export function PeopleLinks() {
  return (
    <nav className="pf-people-links" aria-label="Collectors">
      <ChipLink href="/leaderboard" label="Leaderboard" icon="leaderboard" />
      <ChipLink href="/search/users" label="Find collectors" icon="search" />
    </nav>
  );
}
