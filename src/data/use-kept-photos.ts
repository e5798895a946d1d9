// Preview URLs of photos kept on this device (a pending post's photos before their upload).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { deviceDb } from '../db/device-db';

/** Object URLs by photo id, revoked when the ids change or the component goes. */
export function useKeptPhotoUrls(photoIds: readonly string[]): Map<string, string> {
  const key = photoIds.join('|');
  const blobs = useLiveQuery(async () => {
    const ids = key === '' ? [] : key.split('|');
    const rows = await deviceDb.photoUploads.bulkGet(ids);
    return rows.flatMap((row) => (row ? [[row.id, row.blob] as const] : []));
  }, [key]);
  const [urls, setUrls] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    const next = new Map((blobs ?? []).map(([id, blob]) => [id, URL.createObjectURL(blob)]));
    // Object URLs are external resources: made and revoked with the blobs they point at.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrls(next);
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url);
    };
  }, [blobs]);
  return urls;
}
