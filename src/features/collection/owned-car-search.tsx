// Finding one of my own cars by typing: the search 'For trade or sale' and 'Make an offer' share,
// its field and the line that says nothing matched. What a found car becomes is the screen's.
import { useDeferredValue, useMemo, useState } from 'react';
import { findOwnedCars, type OwnedCarEntry } from '../../data/use-owned-lists';

export interface OwnedCarSearch {
  query: string;
  setQuery: (query: string) => void;
  /** The query the matches are for (it lags the field while the list catches up). */
  searched: string;
  matches: OwnedCarEntry[];
  /** False until the collection is read: 'nothing matches' waits for it. */
  loaded: boolean;
}

/** At most `limit` of my cars matching what is typed, leaving out the ids in `except`. */
export function useOwnedCarSearch(
  cars: readonly OwnedCarEntry[] | undefined,
  limit: number,
  except?: ReadonlySet<string>,
): OwnedCarSearch {
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query);
  const matches = useMemo(
    () => findOwnedCars(cars, searched, limit, except),
    [cars, searched, limit, except],
  );
  return { query, setQuery, searched, matches, loaded: cars !== undefined };
}

/** The field, and below it the line saying no car matched; each screen styles them its way. */
export function OwnedCarSearchField({
  search,
  fieldClassName,
  noneClassName,
}: {
  search: OwnedCarSearch;
  fieldClassName: string;
  noneClassName: string;
}) {
  return (
    <>
      <label className={fieldClassName}>
        <span>Find a car in your collection</span>
        <input
          type="search"
          value={search.query}
          placeholder="Casting name, year or series"
          onChange={(event) => search.setQuery(event.target.value)}
        />
      </label>
      {search.searched && search.matches.length === 0 && search.loaded && (
        <p className={noneClassName}>No car of yours matches “{search.searched}”.</p>
      )}
    </>
  );
}
