// /mainlines/{year}: a year's mainline cars by series, with that year's five-packs above them.
import { useParams } from 'wouter';
import { useBrandYearCars, useFivePacksOfYear } from '../../data/use-catalog-browse';
import { yearFromParam } from './route-params';
import type { CatalogSet } from '../../shared/catalog/types';
import { CatalogScreen, EmptyState, NarrowBox, SetList, useNarrowText } from './catalog-ui';
import { CarListBody } from './catalog-list-parts';

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
