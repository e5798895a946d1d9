// /brands/{brand}/{year?}: a brand's cars, by year.
import { useParams } from 'wouter';
import { useBrandYearCars, useYearCounts } from '../../data/use-catalog-browse';
import { brandFromParam, decodeParam, yearFromParam } from './route-params';
import { CatalogScreen, EmptyState, NarrowBox, YearList, useNarrowText } from './catalog-ui';
import { brandLink } from './links';
import { CarListBody } from './catalog-list-parts';

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
