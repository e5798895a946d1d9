// /filter: the catalogue narrowed by year, series, brand, hunt and ownership, kept in the URL.
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { useFilterOptions, useFilteredCatalog } from '../../data/use-catalog-browse';
import {
  OWNERSHIP_FILTERS,
  type CatalogFilters,
  type OwnershipFilter,
} from '../../db/collector-marks';
import { brandFromParam } from './route-params';
import { BRANDS, HUNT_TYPES, type HuntType } from '../../shared/catalog/types';
import { CONDITIONS, type Condition } from '../../shared/collection/types';
import { CarGrid } from './car-grid';
import { CatalogScreen, SkeletonTiles, useCatalogReady, useUserId } from './catalog-ui';
import { byYear } from './search-screen';

const OWNERSHIP_LABELS: Record<OwnershipFilter, string> = {
  owned: 'Owned',
  missing: 'Missing',
  wishlist: 'Wishlist',
};

/** The filters as the URL holds them (?brand=…&year=…&series=…&hunt=…&own=…&condition=…). */
export function filtersFromParams(params: URLSearchParams): CatalogFilters {
  const year = Number(params.get('year'));
  const hunt = params.get('hunt');
  const own = params.get('own');
  const condition = params.get('condition');
  return {
    brand: brandFromParam(params.get('brand') ?? undefined),
    year: Number.isInteger(year) && year > 1900 ? year : null,
    series: params.get('series') || null,
    huntType: (HUNT_TYPES as readonly string[]).includes(hunt ?? '') ? (hunt as HuntType) : null,
    ownership: (OWNERSHIP_FILTERS as readonly string[]).includes(own ?? '')
      ? (own as OwnershipFilter)
      : null,
    condition: (CONDITIONS as readonly string[]).includes(condition ?? '')
      ? (condition as Condition)
      : null,
  };
}

function paramsOf(filters: CatalogFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.brand) out.brand = filters.brand;
  if (filters.year !== null) out.year = String(filters.year);
  if (filters.series) out.series = filters.series;
  if (filters.huntType) out.hunt = filters.huntType;
  if (filters.ownership) out.own = filters.ownership;
  if (filters.condition) out.condition = filters.condition;
  return out;
}

export function FilterScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const userId = useUserId();
  const ready = useCatalogReady();
  const options = useFilterOptions();
  const results = useFilteredCatalog(userId, filters);
  const groups = useMemo(() => (results ? byYear(results) : []), [results]);
  const active = Object.keys(paramsOf(filters)).length;

  const change = (next: Partial<CatalogFilters>) =>
    setParams(paramsOf({ ...filters, ...next }), { replace: true });

  const onSeries = (value: string) => {
    const known = options?.series.find((name) => name.toLowerCase() === value.trim().toLowerCase());
    if (known) change({ series: known });
    else if (value.trim() === '') change({ series: null });
  };

  let body: React.ReactNode;
  if (!results || ready === false || ready === undefined) body = <SkeletonTiles />;
  else if (results.length === 0) {
    body = (
      <section className="empty-state card">
        <h2>No car matches all of these</h2>
        <p className="muted">
          {filters.ownership === 'wishlist'
            ? 'Your wishlist is empty here: tap the star on a car to wish for it.'
            : filters.ownership === 'owned' || filters.condition
              ? 'You have no car like that yet. Clear a filter, or add cars from their pages.'
              : 'Clear a filter to see more cars.'}
        </p>
        <div className="empty-state__actions">
          <button
            type="button"
            className="primary"
            onClick={() => setParams({}, { replace: true })}
          >
            Clear filters
          </button>
        </div>
      </section>
    );
  } else {
    // Year headers help in long results; a handful of cars reads better without them.
    const headers = results.length > 12 && groups.length > 1;
    body = (
      <>
        <h2 className="visually-hidden">Matching cars</h2>
        <CarGrid
          groups={headers ? groups : [{ title: 'Filtered cars', cars: results }]}
          userId={userId}
          headers={headers}
          compactMeta={false}
          label="Filtered cars"
        />
      </>
    );
  }

  return (
    <CatalogScreen title="Filter" back="/home">
      <form
        className="card filter-form"
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field-grid">
          <label>
            Brand
            <select
              value={filters.brand ?? ''}
              onChange={(event) => change({ brand: brandFromParam(event.target.value) })}
            >
              <option value="">Any brand</option>
              {BRANDS.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
            </select>
          </label>
          <label>
            Year
            <select
              value={filters.year ?? ''}
              onChange={(event) =>
                change({ year: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">Any year</option>
              {options?.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
          <label className="field-grid__wide">
            Series
            <input
              key={filters.series ?? ''}
              list="filter-series-options"
              defaultValue={filters.series ?? ''}
              placeholder="Any series"
              autoComplete="off"
              onChange={(event) => onSeries(event.target.value)}
            />
            <datalist id="filter-series-options">
              {options?.series.map((series) => (
                <option key={series} value={series} />
              ))}
            </datalist>
          </label>
          <label>
            Hunt type
            <select
              value={filters.huntType ?? ''}
              onChange={(event) =>
                change({ huntType: (event.target.value || null) as HuntType | null })
              }
            >
              <option value="">Any</option>
              <option value="TH">TH</option>
              <option value="STH">STH</option>
            </select>
          </label>
          <label>
            Condition
            <select
              value={filters.condition ?? ''}
              onChange={(event) =>
                change({ condition: (event.target.value || null) as Condition | null })
              }
            >
              <option value="">Any</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className="segmented">
          <legend>In your collection</legend>
          {[null, ...OWNERSHIP_FILTERS].map((value) => (
            <label key={value ?? 'any'} className="segmented__option">
              <input
                type="radio"
                name="ownership"
                checked={filters.ownership === value}
                onChange={() => change({ ownership: value })}
              />
              <span>{value ? OWNERSHIP_LABELS[value] : 'All'}</span>
            </label>
          ))}
        </fieldset>
        <div className="filter-form__foot">
          <p className="result-count" role="status" aria-live="polite" data-testid="filter-count">
            {results
              ? `${results.length.toLocaleString('en')} ${results.length === 1 ? 'car' : 'cars'}`
              : 'Counting…'}
          </p>
          {active > 0 && (
            <button type="button" onClick={() => setParams({}, { replace: true })}>
              Clear filters
            </button>
          )}
        </div>
      </form>
      {body}
    </CatalogScreen>
  );
}
