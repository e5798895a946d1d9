// /search/all: one box for everything. Cars and sets come from the catalogue on the device (so
// they work at a toy fair with no signal); collectors come from the server when online.
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useCatalogSearch } from '../../data/use-catalog-search';
import { CarPhoto, carMetaLine } from '../catalog';
import { carLink, setLink } from '../catalog';
import { CollectorRow, plural } from './collector-row';
import { ProfileHeader } from './profile-header';
import { useSearchQuery } from './use-search-query';
import { useFollowStates } from './use-follows';
import { useSetSearch } from './use-set-search';
import { useUserSearch } from './use-user-search';
import './profiles.css';
import { SearchForm } from './search-form';

const SHOWN = 8;
const SHOWN_COLLECTORS = 5;

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="pf-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} {count && <span className="pf-section__count">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

export function SearchAllScreen() {
  const { q, typed, setQuery, inputRef } = useSearchQuery(200);
  // One more than shown: tells whether 'See all' has more to show.
  const cars = useCatalogSearch(typed, SHOWN + 1);
  const sets = useSetSearch(typed, SHOWN + 1);
  const collectors = useUserSearch(typed);
  const me = useAuth().user?.uid ?? null;
  const followStateOf = useFollowStates(me);

  const carList = typed ? (cars ?? []) : [];
  const setList = sets ?? [];
  const people = collectors.state === 'ready' ? collectors.users : [];
  const summary = !typed
    ? ''
    : [
        `${carList.length > SHOWN ? `${SHOWN}+` : carList.length} ${carList.length === 1 ? 'car' : 'cars'}`,
        `${setList.length > SHOWN ? `${SHOWN}+` : setList.length} ${setList.length === 1 ? 'set' : 'sets'}`,
        collectors.state === 'ready'
          ? plural(people.length, 'collector')
          : collectors.state === 'offline'
            ? 'collectors need a connection'
            : 'collectors: searching',
      ].join(', ');

  return (
    <>
      <ProfileHeader title="Search all" back="/home" />
      <main className="app-main pf-main">
        <SearchForm
          id="pf-all-search"
          label="Cars, sets and collectors"
          placeholder="Twin Mill, Car Culture, scoutmike…"
          value={q}
          onQuery={setQuery}
          inputRef={inputRef}
        />
        <p className="pf-result-count" role="status" aria-live="polite">
          {summary}
        </p>
        {!typed ? (
          <p className="muted pf-empty">
            Type a casting, a set or series, or a collector’s name. Cars and sets are searched on
            this device, so they work with no signal.
          </p>
        ) : (
          <>
            <Section id="pf-all-cars" title="Cars">
              {carList.length === 0 ? (
                <p className="muted">No cars match.</p>
              ) : (
                <ul className="pf-list" aria-label="Cars">
                  {carList.slice(0, SHOWN).map((car) => (
                    <li key={car.id}>
                      <Link href={carLink(car.id)} className="pf-item">
                        <span className="pf-item__photo car-photo">
                          <CarPhoto car={car} />
                        </span>
                        <span className="pf-item__text">
                          <span className="pf-item__name">{car.name}</span>
                          <span className="pf-item__meta">
                            {[car.huntType, carMetaLine(car)].filter(Boolean).join(' · ')}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {carList.length > SHOWN && (
                <Link href={`/search?q=${encodeURIComponent(typed)}`} className="pf-text-link">
                  See all cars for “{typed}”
                </Link>
              )}
            </Section>

            <Section id="pf-all-sets" title="Sets">
              {setList.length === 0 ? (
                <p className="muted">No sets match.</p>
              ) : (
                <ul className="pf-list" aria-label="Sets">
                  {setList.slice(0, SHOWN).map((set) => (
                    <li key={set.id}>
                      <Link href={setLink(set)} className="pf-item pf-item--set">
                        <span className="pf-item__text">
                          <span className="pf-item__name">{set.name}</span>
                          <span className="pf-item__meta">
                            {set.year} · {set.series} · {plural(set.carIds.length, 'car')}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            <Section id="pf-all-people" title="Collectors">
              {collectors.state === 'offline' && (
                <p className="muted">Collectors need a connection: you’re offline.</p>
              )}
              {collectors.state === 'loading' && <p className="muted">Searching…</p>}
              {collectors.state === 'error' && <p className="muted">{collectors.message}</p>}
              {collectors.state === 'ready' && people.length === 0 && (
                <p className="muted">No collectors match.</p>
              )}
              {people.length > 0 && (
                <ul className="pf-list" aria-label="Collectors">
                  {people.slice(0, SHOWN_COLLECTORS).map((user) => (
                    <CollectorRow
                      key={user.userId}
                      collector={user}
                      me={me}
                      followStateOf={followStateOf}
                    />
                  ))}
                </ul>
              )}
              {people.length > SHOWN_COLLECTORS && (
                <Link
                  href={`/search/users?q=${encodeURIComponent(typed)}`}
                  className="pf-text-link"
                >
                  See all collectors for “{typed}”
                </Link>
              )}
            </Section>
          </>
        )}
      </main>
    </>
  );
}
