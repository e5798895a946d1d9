// Search the whole catalogue on the device and add cars and sets: the home screen's browser.
import { useDeferredValue, useMemo, useState } from 'react';
import { useCarMarks } from '../../data/use-catalog-browse';
import { useCatalogSearch } from '../../data/use-catalog-search';
import { useFeaturedSets, useOwnedSetCounts } from '../../data/use-collection';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { useCatalogDownload } from '../../sync/catalog-download';
import { Link } from 'wouter';
import { MarkedCarTile } from './marked-car-tile';
import { setLink } from './links';
import { addSet } from './catalog-actions';

export function CatalogBrowser({ userId }: { userId: string | null }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = useCatalogSearch(deferred, 40);
  // The tiles follow in a deferred render, which React slices into short tasks: the catalogue
  // arriving (a first visit) or the search answering never draws 40 tiles in one long task
  // that a tap would wait behind (Lighthouse TBT). The search box never waits for them.
  const cars = useDeferredValue(found);
  // No catalogue in memory yet (being read, or downloaded on a first visit): no 'No car matches'.
  const catalog = useDeviceCatalog();
  const failed = useCatalogDownload().phase === 'error';
  const waiting = catalog === undefined || (catalog === null && !failed);
  const ids = useMemo(() => cars?.map((car) => car.id) ?? [], [cars]);
  const marks = useCarMarks(userId, ids);
  // Deferred with the tiles, so both come in one render: tiles drawn above sets already on the
  // screen would push them down (a layout shift collectors and Lighthouse see).
  const sets = useDeferredValue(useFeaturedSets(8));
  const setCounts = useOwnedSetCounts(userId, sets?.map((set) => set.id) ?? []);

  return (
    <>
      <div className="search">
        <label htmlFor="catalog-search">Search the catalogue</label>
        <input
          id="catalog-search"
          type="search"
          placeholder="Casting, toy # or collector #"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <section aria-labelledby="catalog-browser-cars">
        <h2 id="catalog-browser-cars" className="visually-hidden">
          Cars
        </h2>
        {!waiting && cars && cars.length === 0 && (
          <p className="muted">No car matches “{query}”.</p>
        )}
        <ul className="car-grid paint-when-seen">
          {cars?.map((car) => (
            <MarkedCarTile key={car.id} car={car} marks={marks} quickAdd />
          ))}
        </ul>
      </section>
      {sets && sets.length > 0 && (
        <section aria-label="Sets" className="sets">
          <h2>Sets</h2>
          <ul>
            {sets?.map((set) => (
              <li key={set.id} className="card set-row paint-when-seen" data-set-id={set.id}>
                <div>
                  <h3>
                    <Link href={setLink(set)} className="text-link">
                      {set.name}
                    </Link>
                  </h3>
                  <p className="car-meta">
                    {set.year} · {set.series} · {set.carIds.length} cars
                  </p>
                </div>
                <span
                  className="owned-count"
                  aria-label={`You own ${setCounts.get(set.id) ?? 0} of this set`}
                >
                  ×{setCounts.get(set.id) ?? 0}
                </span>
                <button
                  type="button"
                  onClick={() => void addSet(set)}
                  aria-label={`Add set ${set.name} (${set.year}) to collection`}
                >
                  Add set
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
