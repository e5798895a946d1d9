// Search the whole catalogue on the device and add cars and sets: the offline core's screen.
import { useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import { useCatalogSearch } from '../../db/use-catalog-search';
import { useFeaturedSets, useOwnedCarCounts, useOwnedSetCounts } from '../../db/use-collection';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import type { CatalogSet } from '../../shared/catalog/types';
import { CarTile } from './car-tile';

export function CatalogBrowser({ userId }: { userId: string | null }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const cars = useCatalogSearch(deferred, 40);
  const counts = useOwnedCarCounts(userId, cars?.map((car) => car.id) ?? []);
  const sets = useFeaturedSets(8);
  const setCounts = useOwnedSetCounts(userId, sets?.map((set) => set.id) ?? []);

  const addCar = (carId: string) => {
    changeCollection('collection/add-car-instance', { carId, details: {} })
      .then(() => toast.success('Added to Collection!', { id: 'added' }))
      .catch(showError);
  };
  const addSet = (set: CatalogSet) => {
    const { id, series, year, name, carIds } = set;
    changeCollection('collection/add-set-instance', {
      set: { id, series, year, name, carIds },
      instanceDetails: {},
    })
      .then(() => toast.success('Set Added!', { id: 'added' }))
      .catch(showError);
  };

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
      <section aria-label="Cars">
        {cars && cars.length === 0 && <p className="muted">No car matches “{query}”.</p>}
        <ul className="car-grid">
          {cars?.map((car) => (
            <CarTile
              key={car.id}
              car={car}
              owned={counts.get(car.id) ?? 0}
              onAdd={() => addCar(car.id)}
            />
          ))}
        </ul>
      </section>
      <section aria-label="Sets" className="sets">
        <h2>Sets</h2>
        <ul>
          {sets?.map((set) => (
            <li key={set.id} className="card set-row" data-set-id={set.id}>
              <div>
                <h3>{set.name}</h3>
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
                onClick={() => addSet(set)}
                aria-label={`Add set ${set.name} (${set.year}) to collection`}
              >
                Add set to collection
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
