// /exclusives/{category}: the years of one category of exclusives.
import { useParams } from 'wouter';
import { useExclusiveYears } from '../../data/use-catalog-browse';
import { decodeParam } from './route-params';
import { CatalogScreen, EmptyState, YearList } from './catalog-ui';
import { exclusiveLink } from './links';

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
