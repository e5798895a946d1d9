// The default PhotoStore: files under DATA_DIR/uploads (one per photo, named by its key).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PhotoStore } from './photo-store';

const SAFE_KEY = /^[A-Za-z0-9_.:~-]{1,200}$/;

export function localPhotoStore(folder: string): PhotoStore {
  const pathOf = (key: string) => {
    // Keys are made by the server from ids it validated; this guards the file system anyway.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe photo key: ${key}`);
    return join(folder, key);
  };
  return {
    async put(key, bytes, contentType) {
      await mkdir(folder, { recursive: true });
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
