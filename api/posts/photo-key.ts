// Where a photo's bytes live in the PhotoStore: one key per (owner, device-made photo id).

/** Both parts passed idSchema ([A-Za-z0-9_.:~-]), so the key is safe for files and S3. */
export const photoKey = (userId: string, photoId: string) => `${userId}_${photoId}`;
