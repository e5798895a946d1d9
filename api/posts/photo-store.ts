// Storage of photo bytes behind one small interface: a folder under DATA_DIR by default,
// an S3-compatible store in production (see the README). Metadata lives in the photos table.

export interface PhotoStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when absent. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
}
