// The first catalogue download's progress ('Downloading catalogue · 4,210 / 11,948'), or why the
// catalogue is not on this device yet.
import { useId } from 'react';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { useCatalogDownload } from '../../sync/catalog-download';

/** Whether the catalogue is still downloading, and how far; or why it could not be. */
function useCatalogArrival() {
  const download = useCatalogDownload();
  const catalog = useDeviceCatalog();
  const cars = catalog === undefined ? undefined : (catalog?.cars.length ?? 0);
  return {
    downloading: download.phase === 'downloading' && !catalog ? download : null,
    failed: cars === 0 && download.phase === 'error' ? download.error : null,
  };
}

/** The download's progress card (in the progress stack, device-progress.tsx). */
export function CatalogProgress() {
  const { downloading } = useCatalogArrival();
  // The bar is named by the line above it, for screen readers.
  const labelId = useId();
  if (!downloading) return null;
  const { stored, total } = downloading;
  return (
    <div className="card progress" role="status">
      <p id={labelId}>
        Downloading catalogue · {stored.toLocaleString('en')} / {total.toLocaleString('en')}
      </p>
      <progress max={total} value={stored} aria-labelledby={labelId} />
    </div>
  );
}

/** Why there is no catalogue here, in the screen's flow. */
export function CatalogFailure() {
  const { failed } = useCatalogArrival();
  if (failed === null) return null;
  return (
    <p className="card" role="alert">
      The catalogue could not be downloaded ({failed}). Connect once to get it.
    </p>
  );
}
