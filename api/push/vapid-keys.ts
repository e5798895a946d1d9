// The server's VAPID key pair: from the environment when set (several servers must share one),
// else made on first start and kept in DATA_DIR/vapid.json, readable by this user only.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be URL-safe base64 without padding');
const keysSchema = z.object({ publicKey: base64url, privateKey: base64url });

export const VAPID_FILE = 'vapid.json';

export async function loadVapidKeys(options: {
  dataDir: string;
  fromEnv?: VapidKeys;
}): Promise<{ keys: VapidKeys; source: 'env' | 'file' | 'generated' }> {
  if (options.fromEnv) return { keys: options.fromEnv, source: 'env' };
  const path = join(options.dataDir, VAPID_FILE);
  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    const parsed = keysSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`${path} is not a VAPID key pair: delete it to make a new one`);
    await chmod(path, 0o600); // in case it was copied in with looser permissions
    return { keys: parsed.data, source: 'file' };
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dirname(path), { recursive: true });
  // 'wx': if another process made the file meanwhile, keep theirs (read it below).
  try {
    await writeFile(path, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadVapidKeys(options);
  }
  return { keys, source: 'generated' };
}
