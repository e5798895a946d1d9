// What is still coming onto this device, stacked over the screen above the bottom bar: the
// catalogue's first download and the collector's collection. A failed download is told in the
// screen's flow instead.
import { CatalogFailure, CatalogProgress } from './catalog-progress';
import { CollectionArrivalProgress } from '../../ui/collection-arrival-progress';

export function DeviceProgress() {
  return (
    <>
      <div className="progress-stack">
        <CatalogProgress />
        <CollectionArrivalProgress />
      </div>
      <CatalogFailure />
    </>
  );
}
