// /matchbox/{year}: a year's Matchbox cars.
import { useParams } from 'wouter';
import { useBrandYearCars } from '../../data/use-catalog-browse';
import { yearFromParam } from './route-params';
import { CatalogScreen, EmptyState, NarrowBox, useNarrowText } from './catalog-ui';
import { CarListBody } from './catalog-list-parts';

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
