// /leaderboard: collectors ranked by cars or sets (tabs, kept in ?by=), medals for the top three
// in words and colour, my row marked, and pinned at the bottom when I am outside the top 100.
import { Link, useSearchParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import type {
  LeaderboardEntry,
  LeaderboardKind,
  LeaderboardView,
} from '../../shared/community/profile-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { Avatar } from '../../ui/avatar';
import { AVATAR_IN_LISTS, plural } from './collector-row';
import { OfflineNote } from './profile-parts';
import { ProfileHeader } from './profile-header';
import { leaderboardPath, profileHref } from './profile-api';
import './profiles.css';

const MEDALS: Record<number, string> = { 1: 'Gold', 2: 'Silver', 3: 'Bronze' };
const TABS: { by: LeaderboardKind; label: string }[] = [
  { by: 'cars', label: 'Cars' },
  { by: 'sets', label: 'Sets' },
];

function RankMark({ rank }: { rank: number }) {
  const medal = MEDALS[rank];
  return (
    <span className={`pf-rank${medal ? ` pf-rank--${medal.toLowerCase()}` : ''}`}>
      <span className="pf-rank__number">{rank}</span>
      {medal && <span className="pf-rank__medal">{medal}</span>}
    </span>
  );
}

function LeaderRow({
  entry,
  noun,
  isMe,
}: {
  entry: LeaderboardEntry;
  noun: 'car' | 'set';
  isMe: boolean;
}) {
  return (
    <li className={`pf-leader${isMe ? ' is-me' : ''}`} data-user-id={entry.userId}>
      <RankMark rank={entry.rank} />
      <Link href={profileHref(entry.userId)} className="pf-leader__who">
        <Avatar username={entry.username} avatarUrl={entry.avatarUrl} size={AVATAR_IN_LISTS} />
        <span className="pf-leader__name">{entry.username}</span>
        {isMe && <span className="pf-you">You</span>}
      </Link>
      <span className="pf-leader__count">{plural(entry.count, noun)}</span>
    </li>
  );
}

export function LeaderboardScreen() {
  const [params, setParams] = useSearchParams();
  const by: LeaderboardKind = params.get('by') === 'sets' ? 'sets' : 'cars';
  const me = useAuth().user?.uid ?? null;
  const query = useCommunityQuery<LeaderboardView>(leaderboardPath(by));
  const noun = by === 'cars' ? 'car' : 'set';

  let body: React.ReactNode;
  if (query.status === 'loading') {
    body = (
      <p className="muted" role="status">
        Loading the leaderboard…
      </p>
    );
  } else if (query.status === 'error') {
    body = (
      <div className="pf-message">
        <p className="muted">{query.error.message}</p>
        <button type="button" onClick={query.reload}>
          Try again
        </button>
      </div>
    );
  } else {
    const { top, me: mine } = query.data;
    const meInTop = me !== null && top.some((entry) => entry.userId === me);
    body = (
      <>
        {query.fromDevice && <OfflineNote />}
        {top.length === 0 ? (
          <p className="muted pf-empty">
            Nobody is ranked yet. Add {by} to your collection to be the first.
          </p>
        ) : (
          <ol className="pf-leaders" aria-label={`Top collectors by ${by}`}>
            {top.map((entry) => (
              <LeaderRow key={entry.userId} entry={entry} noun={noun} isMe={entry.userId === me} />
            ))}
          </ol>
        )}
        {mine && !meInTop && (
          <div className="pf-my-rank" data-testid="my-rank">
            <span className="pf-my-rank__label">Your rank</span>
            {mine.count === 0 ? (
              <span className="pf-my-rank__text">No {by} yet: add some to join the board.</span>
            ) : (
              <>
                <RankMark rank={mine.rank} />
                <span className="pf-my-rank__text">{plural(mine.count, noun)}</span>
              </>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <ProfileHeader title="Leaderboard" back="/social" />
      <main className="app-main pf-main pf-main--leaderboard">
        <div className="pf-tabs" role="tablist" aria-label="Rank by">
          {TABS.map((tab) => (
            <button
              key={tab.by}
              type="button"
              role="tab"
              id={`pf-tab-${tab.by}`}
              className="pf-tab"
              aria-selected={tab.by === by}
              aria-controls="pf-leader-panel"
              tabIndex={tab.by === by ? 0 : -1}
              onClick={() => setParams(tab.by === 'cars' ? {} : { by: tab.by }, { replace: true })}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const other = tab.by === 'cars' ? 'sets' : 'cars';
                setParams(other === 'cars' ? {} : { by: other }, { replace: true });
                document.getElementById(`pf-tab-${other}`)?.focus();
              }}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <section id="pf-leader-panel" role="tabpanel" aria-labelledby={`pf-tab-${by}`}>
          {body}
        </section>
      </main>
    </>
  );
}
