// /exclusives: the categories of exclusive cars.
import { Link } from 'wouter';
import { useExclusiveCategories } from '../../data/use-catalog-browse';
import {
  BrowseLinks,
  CatalogScreen,
  EmptyState,
  SkeletonTiles,
  useCatalogReady,
} from './catalog-ui';
import { exclusiveLink } from './links';
import { moreToBrowse } from './catalog-list-parts';

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
