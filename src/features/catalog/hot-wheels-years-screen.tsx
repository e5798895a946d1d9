// /hotwheels-years: every Hot Wheels year in the catalogue.
import { useYearCounts } from '../../data/use-catalog-browse';
import { BrowseLinks, CatalogScreen, YearList } from './catalog-ui';
import { brandLink } from './links';
import { moreToBrowse } from './catalog-list-parts';

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
