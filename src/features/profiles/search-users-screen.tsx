// /search/users: find collectors by username as you type (debounced), with a spoken result count.
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { CollectorRow } from './collector-row';
import { ProfileHeader } from './profile-header';
import { useSearchQuery } from './use-search-query';
import { useFollowStates } from './use-follows';
import { useUserSearch, type UserSearch } from './use-user-search';
import './profiles.css';
import { SearchForm } from './search-form';

/** What the live region says for a search state. */
export function collectorsFound(search: UserSearch, query: string): string {
  switch (search.state) {
    case 'idle':
      return '';
    case 'loading':
      return 'Searching…';
    case 'offline':
      return 'Finding collectors needs a connection. Try again when you’re online.';
    case 'error':
      return search.message;
    case 'ready':
      if (search.users.length === 0) return `No collectors match “${query}”.`;
      return search.users.length === 1 ? '1 collector' : `${search.users.length} collectors`;
  }
}

export function SearchUsersScreen() {
  const { q, typed, setQuery, inputRef } = useSearchQuery(250);
  const search = useUserSearch(typed);
  const me = useAuth().user?.uid ?? null;
  const followStateOf = useFollowStates(me);

  return (
    <>
      <ProfileHeader title="Find collectors" back="/social" />
      <main className="app-main pf-main">
        <SearchForm
          id="pf-user-search"
          label="Username"
          placeholder="e.g. scoutmike"
          value={q}
          onQuery={setQuery}
          inputRef={inputRef}
          username
        />
        <p className="pf-result-count" role="status" aria-live="polite">
          {collectorsFound(search, typed)}
        </p>
        {search.state === 'idle' && (
          <p className="muted pf-empty">
            Type part of a name. Or see who has the most cars on the{' '}
            <Link href="/leaderboard" className="pf-text-link">
              leaderboard
            </Link>
            .
          </p>
        )}
        {search.state === 'ready' && search.users.length > 0 && (
          <ul className="pf-list" aria-label="Collectors">
            {search.users.map((user) => (
              <CollectorRow
                key={user.userId}
                collector={user}
                me={me}
                followStateOf={followStateOf}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
