// /search: the catalogue searched on the device as the collector types, results by year.
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'wouter';
import type { CarRow } from '../../db/catalog-index';
import type { CarGroup } from '../../db/catalog-listing';
import { useCatalogSearch } from '../../data/use-catalog-search';
import { CarGrid } from './car-grid';
import {
  BrowseLinks,
  CatalogScreen,
  EmptyState,
  SkeletonTiles,
  useCatalogReady,
  useUserId,
} from './catalog-ui';

const SEARCH_LIMIT = 200;

export function byYear(cars: CarRow[]): CarGroup[] {
  const groups: CarGroup[] = [];
  for (const car of cars) {
    const last = groups[groups.length - 1];
    if (last && last.title === String(car.year)) last.cars.push(car);
    else groups.push({ title: String(car.year), cars: [car] });
  }
  return groups;
}

// ---- /search ---------------------------------------------------------------------------------

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const deferred = useDeferredValue(query.trim());
  const userId = useUserId();
  const ready = useCatalogReady();
  const results = useCatalogSearch(deferred, SEARCH_LIMIT);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const groups = useMemo(() => [{ title: 'Results', cars: results ?? [] }], [results]);

  let body: React.ReactNode;
  if (!deferred) {
    body = (
      <>
        <EmptyState title="Find any car in seconds">
          Type a casting name (“Twin Mill”), a toy number (“HTB84”) or a collector number
          (“123/250”). Every word counts as the start of a word, and it works with no signal.
        </EmptyState>
        <BrowseLinks
          links={[
            { href: '/mainlines', label: 'Browse mainlines' },
            { href: '/filter', label: 'Filter the catalogue' },
            { href: '/exclusives', label: 'Exclusives' },
            { href: '/matchbox', label: 'Matchbox' },
            { href: '/search/all', label: 'Search cars, sets and collectors' },
          ]}
        />
      </>
    );
  } else if (!results || ready === false || ready === undefined) {
    body = <SkeletonTiles />;
  } else if (results.length === 0) {
    body = (
      <EmptyState
        title={`Nothing matches “${deferred}”`}
        actions={[
          { href: '/filter', label: 'Filter instead' },
          { href: '/mainlines', label: 'Browse mainlines' },
        ]}
      >
        Check the spelling, drop a word, or try the toy number printed on the back of the card.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div role="status" aria-live="polite">
          <h2 className="result-count">
            {results.length >= SEARCH_LIMIT
              ? `The first ${SEARCH_LIMIT} cars — add a word to narrow it down`
              : `${results.length} ${results.length === 1 ? 'car' : 'cars'}`}
          </h2>
        </div>
        <CarGrid groups={groups} userId={userId} headers={false} label="Search results" />
      </>
    );
  }

  return (
    <CatalogScreen
      title="Search"
      back="/home"
      pinned={
        <form
          className="search-bar"
          onSubmit={(event) => {
            event.preventDefault();
            inputRef.current?.blur();
          }}
        >
          <label className="search-bar__label" htmlFor="catalog-search-input">
            Search the catalogue
          </label>
          <input
            id="catalog-search-input"
            ref={inputRef}
            type="search"
            placeholder="Casting, toy # or collector #"
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) =>
              setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })
            }
          />
        </form>
      }
    >
      {body}
    </CatalogScreen>
  );
}

// ---- /filter ---------------------------------------------------------------------------------
