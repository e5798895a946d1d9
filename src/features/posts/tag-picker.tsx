// Tagging a post with cars and sets from MY collection (the device's copy): search by name,
// tap to tag, tap × to untag; at most ten.
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useOwnedCars, useOwnedSets } from '../../data/use-owned-lists';
import { POST_TAGS_MAX, type TaggedItemView } from '../../shared/community/post-schemas';

interface Option {
  kind: 'car' | 'set';
  id: string;
  label: string;
  meta: string;
  lastAdded: string;
}

const SHOWN = 6;
const keyOf = (item: { kind: string; id: string }) => `${item.kind}:${item.id}`;

export function TagPicker({
  tagged,
  onChange,
}: {
  tagged: TaggedItemView[];
  onChange: (next: TaggedItemView[]) => void;
}) {
  const userId = useAuth().user?.uid ?? null;
  const cars = useOwnedCars(userId);
  const sets = useOwnedSets(userId);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  const options = useMemo<Option[]>(() => {
    const all: Option[] = [
      ...(cars ?? []).map((entry) => ({
        kind: 'car' as const,
        id: entry.carId,
        label: entry.name,
        meta: [entry.year, entry.series].filter(Boolean).join(' · '),
        lastAdded: entry.lastAdded,
      })),
      ...(sets ?? []).map((entry) => ({
        kind: 'set' as const,
        id: entry.setId,
        label: entry.name,
        meta: ['Set', entry.year, entry.series].filter(Boolean).join(' · '),
        lastAdded: entry.lastAdded,
      })),
    ];
    return all;
  }, [cars, sets]);

  const labels = useMemo(
    () => new Map(options.map((option) => [keyOf(option), option])),
    [options],
  );
  const chosen = useMemo(() => new Set(tagged.map(keyOf)), [tagged]);
  const matches = useMemo(() => {
    const words = deferred.toLowerCase().split(/\s+/).filter(Boolean);
    const pool = options.filter((option) => !chosen.has(keyOf(option)));
    const found =
      words.length === 0
        ? [...pool].sort((a, b) => (a.lastAdded < b.lastAdded ? 1 : -1))
        : pool.filter((option) => {
            const text = `${option.label} ${option.meta}`.toLowerCase();
            return words.every((word) => text.includes(word));
          });
    return found.slice(0, SHOWN);
  }, [options, chosen, deferred]);

  const full = tagged.length >= POST_TAGS_MAX;
  const loading = cars === undefined || sets === undefined;
  const empty = !loading && options.length === 0;

  return (
    <fieldset className="social-fieldset">
      <legend>Tag cars and sets from your collection</legend>
      {tagged.length > 0 && (
        <ul className="social-chips" aria-label="Tagged">
          {tagged.map((item) => {
            const option = labels.get(keyOf(item));
            const name = option?.label ?? item.id;
            return (
              <li key={keyOf(item)}>
                <span className={`social-chip social-chip--${item.kind}`}>
                  <span className="social-chip__kind">{item.kind === 'car' ? 'Car' : 'Set'}</span>
                  {name}
                  <button
                    type="button"
                    className="social-chip__remove"
                    aria-label={`Untag ${name}`}
                    onClick={() => onChange(tagged.filter((t) => keyOf(t) !== keyOf(item)))}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {empty ? (
        <p className="muted social-hint">
          Cars and sets you add to your collection can be tagged here.{' '}
          <Link href="/search">Find a car</Link>
        </p>
      ) : (
        <>
          <label htmlFor={searchId} className="social-sublabel">
            Search your collection
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="Name, year or series"
            disabled={full}
            onChange={(event) => setQuery(event.target.value)}
          />
          {full ? (
            <p className="muted social-hint">A post tags at most {POST_TAGS_MAX} cars and sets.</p>
          ) : (
            <ul className="social-options" aria-label="Cars and sets you can tag">
              {matches.map((option) => (
                <li key={keyOf(option)}>
                  <button
                    type="button"
                    className="social-option"
                    aria-label={`Tag ${option.label}${option.meta ? `, ${option.meta}` : ''}`}
                    onClick={() => onChange([...tagged, { kind: option.kind, id: option.id }])}
                  >
                    <span className="social-option__name">{option.label}</span>
                    <span className="social-option__meta">{option.meta}</span>
                    <span className="social-option__add" aria-hidden="true">
                      Tag
                    </span>
                  </button>
                </li>
              ))}
              {!loading && matches.length === 0 && (
                <li className="muted social-hint">
                  {deferred.trim() === ''
                    ? 'Everything in your collection is tagged.'
                    : `Nothing in your collection matches “${deferred.trim()}”.`}
                </li>
              )}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
