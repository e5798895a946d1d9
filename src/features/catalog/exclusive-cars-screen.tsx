// /exclusives/{category}/{year}: the exclusive cars of one category and year.
import { useParams } from 'wouter';
import { useExclusiveCars } from '../../data/use-catalog-browse';
import { decodeParam, yearFromParam } from './route-params';
import { CatalogScreen, EmptyState, NarrowBox, useNarrowText } from './catalog-ui';
import { exclusiveLink } from './links';
import { CarListBody } from './catalog-list-parts';

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
