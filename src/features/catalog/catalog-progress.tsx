// The first catalogue download's progress bar ('Downloading catalogue · 4,210 / 11,948').
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../../db/device-db';
import { useCatalogDownload } from '../../sync/catalog-download';

export function CatalogProgress() {
  const download = useCatalogDownload();
  const cars = useLiveQuery(() => deviceDb.cars.count(), []);
  if (download.phase === 'downloading') {
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
