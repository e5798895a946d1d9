// The name of the Cache Storage cache that holds the photos kept for offline: the page fills it
// (photo-keeper.ts), the worker serves from it before anything else (sw/sw.ts).
export const KEPT_PHOTOS_CACHE = 'kept-photos-v1';
