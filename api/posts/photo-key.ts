// Where a photo's bytes live in the PhotoStore: one key per (owner, device-made photo id), and
// the flat key photos were stored under before (read and deleted while such photos remain).
import { createHash } from 'node:crypto';

/** Longest part kept readable; a longer one is named by its hash (file names stop at 255). */
const PART_MAX = 120;

/**
 * One part of a key: every byte but letters, digits, '_' and '-' percent-encoded, so a part never
 * holds '/', '.' or '..' and two different parts never encode alike (percent-encoding is
 * one-to-one). A part too long for a file name is '~' and its SHA-256: '~' is always encoded
 * above, so the two forms cannot meet.
 */
function keyPart(text: string): string {
  const encoded = Array.from(new TextEncoder().encode(text), (byte) =>
    /[A-Za-z0-9_-]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
  if (encoded.length <= PART_MAX) return encoded;
  return `~${createHash('sha256').update(text).digest('base64url')}`;
}

/**
 * `by-owner/<uid>/<photoId>`, each part encoded: an owner's photos share a folder (an S3
 * prefix), and (`a_b`, `c`) and (`a`, `b_c`) no longer name the same bytes. Old flat keys always
 * hold a '_' and never a '/', so they never fall inside `by-owner`.
 */
export const photoKey = (userId: string, photoId: string) =>
  `by-owner/${keyPart(userId)}/${keyPart(photoId)}`;

/** The flat keys of before: only ever written for ids of this shape. */
const LEGACY_KEY = /^[A-Za-z0-9_.:~-]{1,200}$/;

/** The key the photo had before photoKey, or null when no photo could have been stored there. */
export function legacyPhotoKey(userId: string, photoId: string): string | null {
  const key = `${userId}_${photoId}`;
  return LEGACY_KEY.test(key) && !key.includes('..') ? key : null;
}

/** Every (owner, photo id) whose legacy key is `key`: the old key was ambiguous. */
export function legacyKeyOwners(key: string): { userId: string; photoId: string }[] {
  const owners: { userId: string; photoId: string }[] = [];
  for (let at = key.indexOf('_'); at !== -1; at = key.indexOf('_', at + 1)) {
    owners.push({ userId: key.slice(0, at), photoId: key.slice(at + 1) });
  }
  return owners;
}
