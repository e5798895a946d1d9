// /matchbox: the years of Matchbox cars.
import { useYearCounts } from '../../data/use-catalog-browse';
import { BrowseLinks, CatalogScreen, EmptyState, YearList, useCatalogReady } from './catalog-ui';
import { moreToBrowse } from './catalog-list-parts';

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
