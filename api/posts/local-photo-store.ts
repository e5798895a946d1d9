// The default PhotoStore: files under DATA_DIR/uploads (one per photo, at the path its key names:
// `by-owner/<uid>/<photoId>`, or a flat name for photos stored before, api/posts/photo-key.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PhotoStore } from './photo-store';

const SAFE_SEGMENT = /^[A-Za-z0-9_.:~%-]{1,200}$/;

export function localPhotoStore(folder: string): PhotoStore {
  const pathOf = (key: string) => {
    // Keys are made by photoKey, whose parts never hold '/' or '.'; this guards the file
    // system anyway: no segment may climb out of the folder.
    const segments = key.split('/');
    if (
      segments.length > 3 ||
      segments.some((segment) => !SAFE_SEGMENT.test(segment) || segment.includes('..'))
    ) {
      throw new Error(`Unsafe photo key: ${key}`);
    }
    return join(folder, ...segments);
  };
  return {
    async put(key, bytes, contentType) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      await writeFile(pathOf(key), bytes);
      await writeFile(`${pathOf(key)}.type`, contentType);
    },
    async get(key) {
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(pathOf(key)),
          readFile(`${pathOf(key)}.type`, 'utf8'),
        ]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(`${pathOf(key)}.type`, { force: true });
    },
  };
}
