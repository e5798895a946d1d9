// The first catalogue download's progress ('Downloading catalogue · 4,210 / 11,948'), or why the
// catalogue is not on this device yet.
import { useDeviceCatalog } from '../../db/use-device-catalog';
import { useCatalogDownload } from '../../sync/catalog-download';

export function CatalogProgress() {
  const download = useCatalogDownload();
  const catalog = useDeviceCatalog();
  const cars = catalog === undefined ? undefined : (catalog?.cars.length ?? 0);
  if (download.phase === 'downloading' && !catalog) {
    const { stored, total } = download;
    return (
      <div className="card progress" role="status">
        <p>
          Downloading catalogue · {stored.toLocaleString('en')} / {total.toLocaleString('en')}
        </p>
        <progress max={total} value={stored} />
      </div>
    );
  }
  if (cars === 0 && download.phase === 'error') {
    return (
      <p className="card" role="alert">
        The catalogue could not be downloaded ({download.error}). Connect once to get it.
      </p>
    );
  }
  return null;
}
