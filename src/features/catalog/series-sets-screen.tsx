// /series/{series}: a series' sets, or its cars when it makes no set.
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useSeriesIndex } from '../../data/use-catalog-browse';
import { decodeParam } from './route-params';
import type { CatalogSet } from '../../shared/catalog/types';
import {
  CatalogScreen,
  EmptyState,
  NarrowBox,
  SetList,
  SkeletonTiles,
  useCatalogReady,
  useNarrowText,
} from './catalog-ui';
import { CarListBody } from './catalog-list-parts';

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
