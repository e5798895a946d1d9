// The catalogue screens of docs/product.md (one lazily loaded chunk), all read from the device's copy of
// the catalogue, so they work with no network: year lists, a year's cars, five-packs, series
// and their sets, Matchbox, exclusives, brands, every Hot Wheels year, the car page, search and
// filter.
import { useDeferredValue, useMemo } from 'react';
import { Link, useParams } from 'wouter';
import type { CarRow } from '../../db/catalog-index';
import {
  useBrandYearCars,
  useCarMarks,
  useExclusiveCars,
  useExclusiveCategories,
  useExclusiveYears,
  useFivePacksOfYear,
  useSeriesIndex,
  useYearCounts,
} from '../../db/use-catalog-browse';
import { brandFromParam, decodeParam, yearFromParam } from './route-params';
import { groupBySeries, narrowCars, type CarGroup } from '../../db/catalog-listing';
import type { CatalogSet } from '../../shared/catalog/types';
import { useDeviceCatalog } from '../../db/use-device-catalog';
import { CarGrid } from './car-grid';
import {
  BrowseLinks,
  CatalogScreen,
  EmptyState,
  NarrowBox,
  ProgressBar,
  SetList,
  SkeletonTiles,
  YearList,
  useCatalogReady,
  useNarrowText,
  useUserId,
} from './catalog-ui';
import { brandLink, exclusiveLink } from './links';

export { CarDetailScreen } from './car-screen';
export { FivePackScreen, SeriesSetScreen } from './set-screen';
export { FilterScreen, SearchScreen } from './search-screens';

const MORE_TO_BROWSE = [
  { href: '/mainlines', label: 'Mainlines' },
  { href: '/matchbox', label: 'Matchbox' },
  { href: '/exclusives', label: 'Exclusives' },
  { href: '/hotwheels-years', label: 'Every Hot Wheels year' },
  { href: '/search', label: 'Search' },
  { href: '/filter', label: 'Filter' },
];

function moreToBrowse(except: string) {
  return MORE_TO_BROWSE.filter((link) => link.href !== except);
}

// ---- A list of cars: the summary, the in-page filter, the grid ---------------------------------

/** 'You own 37 / 250' for the cars listed. */
function OwnedSummary({ cars, noun }: { cars: CarRow[]; noun: string }) {
  const userId = useUserId();
  const ids = useMemo(() => cars.map((car) => car.id), [cars]);
  const marks = useCarMarks(userId, ids);
  const owned = marks.owned.size;
  return (
    <section className="card list-summary" aria-label="Your progress">
      <p className="list-summary__count">
        <strong>{cars.length.toLocaleString('en')}</strong> {noun}
        {userId ? (
          <span className="muted"> · you own {owned.toLocaleString('en')}</span>
        ) : (
          <span className="muted"> · sign in to track yours</span>
        )}
      </p>
      {userId && (
        <ProgressBar
          owned={owned}
          total={cars.length}
          label={`You own ${owned} of these ${cars.length} cars`}
        />
      )}
    </section>
  );
}

/**
 * The body of every car list screen: skeleton while loading, a teaching empty state, else the
 * summary, `before` (five-packs), and the grid grouped under series headers.
 */
function CarListBody({
  cars,
  narrow,
  noun,
  label,
  empty,
  before,
  grouped = true,
}: {
  cars: CarRow[] | undefined;
  narrow: string;
  noun: string;
  label: string;
  empty: React.ReactNode;
  before?: React.ReactNode;
  grouped?: boolean;
}) {
  const userId = useUserId();
  const ready = useCatalogReady();
  const deferred = useDeferredValue(narrow);
  const catalog = useDeviceCatalog();
  const shown = useMemo(
    () => (cars && catalog ? narrowCars(catalog, cars, deferred) : undefined),
    [catalog, cars, deferred],
  );
  const groups: CarGroup[] = useMemo(() => {
    if (!shown) return [];
    return grouped ? groupBySeries(shown) : [{ title: label, cars: shown }];
  }, [shown, grouped, label]);

  if (!cars || !shown || ready === false || ready === undefined) return <SkeletonTiles />;
  if (cars.length === 0) return <>{empty}</>;
  return (
    <>
      <OwnedSummary cars={cars} noun={noun} />
      {before}
      {shown.length === 0 ? (
        <p className="muted no-match" role="status">
          No car here matches “{narrow}”. Try part of the casting name or the toy number.
        </p>
      ) : (
        <CarGrid groups={groups} userId={userId} headers={grouped} label={label} />
      )}
    </>
  );
}

// ---- /mainlines ----------------------------------------------------------------------------

export function MainlinesYearsScreen() {
  const years = useYearCounts('Hot Wheels', 'Mainline');
  const ready = useCatalogReady();
  return (
    <CatalogScreen title="Mainlines" back="/home">
      <p className="muted lede">Hot Wheels mainline cars by year. Pick a year to tick off yours.</p>
      {ready && years && years.length === 0 ? (
        <EmptyState
          title="No mainlines on this device yet"
          actions={[{ href: '/home', label: 'Back to Home' }]}
        >
          The catalogue downloads the first time you are online. Connect once and they appear here.
        </EmptyState>
      ) : (
        <YearList years={years} linkFor={(year) => `/mainlines/${year}`} />
      )}
      <BrowseLinks links={moreToBrowse('/mainlines')} />
    </CatalogScreen>
  );
}

function FivePacksStrip({ sets }: { sets: CatalogSet[] | undefined }) {
  if (!sets || sets.length === 0) return null;
  return (
    <section className="strip-section" aria-labelledby="five-packs-heading">
      <h2 id="five-packs-heading" className="section-title">
        5-Packs
      </h2>
      <SetList sets={sets} strip label="5-Packs" />
    </section>
  );
}

export function MainlinesYearScreen() {
  const params = useParams<{ year: string }>();
  const year = yearFromParam(params.year);
  const cars = useBrandYearCars('Hot Wheels', year, 'Mainline');
  const fivePacks = useFivePacksOfYear(year);
  const [narrow, setNarrow] = useNarrowText(String(year));
  const title = year === null ? 'Mainlines' : `${year} Mainlines`;
  return (
    <CatalogScreen
      title={title}
      back="/mainlines"
      pinned={
        <NarrowBox label={`Filter ${year ?? ''} mainlines`} value={narrow} onChange={setNarrow} />
      }
    >
      <CarListBody
        cars={year === null ? [] : cars}
        narrow={narrow}
        noun="mainlines"
        label={title}
        before={<FivePacksStrip sets={fivePacks} />}
        empty={
          <EmptyState
            title={year === null ? 'That is not a year' : `No ${year} mainlines in the catalogue`}
            actions={[
              { href: '/mainlines', label: 'Pick another year' },
              { href: '/search', label: 'Search a car' },
            ]}
          >
            Mainlines are listed by the year printed on the card.
          </EmptyState>
        }
      />
    </CatalogScreen>
  );
}

// ---- /series ---------------------------------------------------------------------------------

export function SeriesSetsScreen() {
  const params = useParams<{ seriesName: string }>();
  const slug = decodeParam(params.seriesName);
  const index = useSeriesIndex(slug);
  const ready = useCatalogReady();
  const title = index?.series ?? 'Series';
  const [narrow, setNarrow] = useNarrowText(slug);
  const years = useMemo(() => {
    const byYear = new Map<number, CatalogSet[]>();
    for (const set of index?.sets ?? [])
      byYear.set(set.year, [...(byYear.get(set.year) ?? []), set]);
    return [...byYear];
  }, [index]);

  let body: React.ReactNode;
  if (!index || !ready) body = <SkeletonTiles count={4} />;
  else if (!index.series) {
    body = (
      <EmptyState
        title="No series by that name"
        actions={[
          { href: '/search', label: 'Search a car' },
          { href: '/mainlines', label: 'Browse mainlines' },
        ]}
      >
        Series links are the series name in lower case with hyphens, like /series/hw-dream-garage.
      </EmptyState>
    );
  } else if (index.sets.length > 0) {
    body = (
      <>
        <p className="muted lede">
          {index.sets.length} {index.sets.length === 1 ? 'set' : 'sets'} of {index.series}. Open one
          to see its cars and add the whole set.
        </p>
        {years.map(([year, sets]) => (
          <section key={year} className="year-section" aria-labelledby={`sets-${year}`}>
            <h2 id={`sets-${year}`} className="section-title">
              {year}
            </h2>
            <SetList sets={sets} label={`${index.series} ${year}`} />
          </section>
        ))}
      </>
    );
  } else {
    body = (
      <CarListBody
        cars={index.cars}
        narrow={narrow}
        noun="cars"
        label={index.series}
        grouped={false}
        empty={null}
      />
    );
  }
  const hasCars = !!index && index.sets.length === 0 && index.cars.length > 0;
  return (
    <CatalogScreen
      title={title}
      back="/home"
      pinned={
        hasCars ? (
          <NarrowBox label={`Filter ${title}`} value={narrow} onChange={setNarrow} />
        ) : undefined
      }
    >
      {body}
    </CatalogScreen>
  );
}

// ---- /matchbox -------------------------------------------------------------------------------

export function MatchboxYearsScreen() {
  const years = useYearCounts('Matchbox');
  const ready = useCatalogReady();
  return (
    <CatalogScreen title="Matchbox" back="/home">
      <p className="muted lede">Every Matchbox car on the device, by year.</p>
      {ready && years && years.length === 0 ? (
        <EmptyState
          title="No Matchbox cars in the catalogue yet"
          actions={[{ href: '/mainlines', label: 'Browse Hot Wheels mainlines' }]}
        />
      ) : (
        <YearList years={years} linkFor={(year) => `/matchbox/${year}`} />
      )}
      <BrowseLinks links={moreToBrowse('/matchbox')} />
    </CatalogScreen>
  );
}

export function MatchboxYearScreen() {
  const params = useParams<{ year: string }>();
  const year = yearFromParam(params.year);
  const cars = useBrandYearCars('Matchbox', year);
  const [narrow, setNarrow] = useNarrowText(String(year));
  const title = year === null ? 'Matchbox' : `${year} Matchbox`;
  return (
    <CatalogScreen
      title={title}
      back="/matchbox"
      pinned={<NarrowBox label={`Filter ${title}`} value={narrow} onChange={setNarrow} />}
    >
      <CarListBody
        cars={year === null ? [] : cars}
        narrow={narrow}
        noun="cars"
        label={title}
        empty={
          <EmptyState
            title={`No Matchbox cars for ${params.year}`}
            actions={[{ href: '/matchbox', label: 'Pick another year' }]}
          />
        }
      />
    </CatalogScreen>
  );
}

// ---- /exclusives -----------------------------------------------------------------------------

export function ExclusiveCategoriesScreen() {
  const categories = useExclusiveCategories();
  const ready = useCatalogReady();
  return (
    <CatalogScreen title="Exclusives" back="/home">
      <p className="muted lede">Retailer-only releases, by store.</p>
      {!categories || !ready ? (
        <SkeletonTiles count={4} />
      ) : categories.length === 0 ? (
        <EmptyState
          title="No exclusives in the catalogue"
          actions={[{ href: '/mainlines', label: 'Browse mainlines' }]}
        />
      ) : (
        <ul className="category-list">
          {categories.map((category) => (
            <li key={category.name}>
              <Link href={exclusiveLink(category.name)} className="category-card">
                <span className="category-card__name">{category.name}</span>
                <span className="category-card__meta">
                  {category.count} {category.count === 1 ? 'car' : 'cars'} ·{' '}
                  {category.firstYear === category.lastYear
                    ? category.firstYear
                    : `${category.firstYear}–${category.lastYear}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <BrowseLinks links={moreToBrowse('/exclusives')} />
    </CatalogScreen>
  );
}

export function ExclusiveYearsScreen() {
  const params = useParams<{ categoryName: string }>();
  const categoryParam = decodeParam(params.categoryName);
  const result = useExclusiveYears(categoryParam);
  const found = result?.found;
  return (
    <CatalogScreen title={found?.name ?? 'Exclusives'} back="/exclusives">
      {result && !found ? (
        <EmptyState
          title="No exclusives by that name"
          actions={[{ href: '/exclusives', label: 'See every store' }]}
        />
      ) : (
        <YearList
          years={found?.years}
          linkFor={(year) => exclusiveLink(found?.name ?? categoryParam, year)}
        />
      )}
    </CatalogScreen>
  );
}

export function ExclusiveCarsScreen() {
  const params = useParams<{ categoryName: string; year: string }>();
  const categoryParam = decodeParam(params.categoryName);
  const year = yearFromParam(params.year);
  const result = useExclusiveCars(categoryParam, year);
  const name = result?.name ?? null;
  const [narrow, setNarrow] = useNarrowText(`${categoryParam}/${year}`);
  const title = name ? `${year} ${name}` : `Exclusives ${params.year}`;
  return (
    <CatalogScreen
      title={title}
      back={exclusiveLink(name ?? categoryParam)}
      pinned={<NarrowBox label={`Filter ${title}`} value={narrow} onChange={setNarrow} />}
    >
      <CarListBody
        cars={result?.cars}
        narrow={narrow}
        noun="cars"
        label={title}
        empty={
          <EmptyState
            title={`No exclusives here for ${params.year}`}
            actions={[{ href: exclusiveLink(categoryParam), label: 'Pick another year' }]}
          />
        }
      />
    </CatalogScreen>
  );
}

// ---- /brands ---------------------------------------------------------------------------------

export function BrandScreen() {
  const params = useParams<{ brand: string; year?: string }>();
  const brand = brandFromParam(params.brand);
  const year = params.year ? yearFromParam(params.year) : null;
  const years = useYearCounts(brand);
  const cars = useBrandYearCars(brand, year);
  const [narrow, setNarrow] = useNarrowText(`${brand}/${year}`);

  if (!brand) {
    return (
      <CatalogScreen title="Brands" back="/home">
        <EmptyState
          title={`We don't list ${decodeParam(params.brand)}`}
          actions={[
            { href: brandLink('Hot Wheels'), label: 'Hot Wheels' },
            { href: brandLink('Matchbox'), label: 'Matchbox' },
          ]}
        >
          Diecast Garage covers Hot Wheels and Matchbox.
        </EmptyState>
      </CatalogScreen>
    );
  }
  if (!params.year) {
    return (
      <CatalogScreen title={brand} back="/home">
        <p className="muted lede">Every {brand} car on the device, by year.</p>
        <YearList years={years} linkFor={(y) => brandLink(brand, y)} />
      </CatalogScreen>
    );
  }
  const title = `${brand} ${params.year}`;
  return (
    <CatalogScreen
      title={title}
      back={brandLink(brand)}
      pinned={<NarrowBox label={`Filter ${title}`} value={narrow} onChange={setNarrow} />}
    >
      <CarListBody
        cars={year === null ? [] : cars}
        narrow={narrow}
        noun="cars"
        label={title}
        empty={
          <EmptyState
            title={`No ${brand} cars for ${params.year}`}
            actions={[{ href: brandLink(brand), label: 'Pick another year' }]}
          />
        }
      />
    </CatalogScreen>
  );
}

export function HotWheelsYearsScreen() {
  const years = useYearCounts('Hot Wheels');
  return (
    <CatalogScreen title="Hot Wheels years" back="/home">
      <p className="muted lede">
        Every Hot Wheels year: mainlines, 5-packs, premium, series and exclusives together.
      </p>
      <YearList years={years} linkFor={(year) => brandLink('Hot Wheels', year)} />
      <BrowseLinks links={moreToBrowse('/hotwheels-years')} />
    </CatalogScreen>
  );
}
