// /mainlines: the years of Hot Wheels mainlines, read from the device's catalogue.
import { useYearCounts } from '../../data/use-catalog-browse';
import { BrowseLinks, CatalogScreen, EmptyState, YearList, useCatalogReady } from './catalog-ui';
import { moreToBrowse } from './catalog-list-parts';

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
