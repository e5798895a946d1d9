// What the bench-only page (bench/sync/page) exposes on window for bench/sync/browser.ts to call.

export interface DownloadFigures {
  /** refreshCatalog() call → cars, sets and version committed to IndexedDB. */
  ms: number;
  /** Call → body downloaded and parsed (in the catalogue worker) and handed to the page. */
  parsedMs: number;
  cars: number;
  sets: number;
  /** Compressed bytes on the wire, from the Resource Timing entry. */
  transferBytes: number;
}

export interface ChangeSample {
  /** Call → the watching component committed the new count (useLiveQuery → React). */
  renderMs: number;
  /** Call → the write's promise resolved (its transaction committed). */
  commitMs: number;
}

export interface SearchSample {
  query: string;
  prefix: string;
  ms: number;
  results: number;
}

/** One keystroke on the quick check: the hits' answers rendered for the new text. */
export interface QuickCheckSample {
  query: string;
  prefix: string;
  ms: number;
  hits: number;
}

export interface SyncBenchApi {
  downloadCatalog(): Promise<DownloadFigures>;
  /** Bulk-writes a `size`-car collection for `userId` (one instance of each of the first cars). */
  seedCollection(userId: string, size: number): Promise<{ ms: number; owned: number }>;
  /**
   * Interleaved samples: add-car-instance through applyLocalChange, a bare ownedCars.put, and
   * the add's floor (the four rows it writes, one plain IndexedDB transaction, nothing read).
   */
  measureChanges(
    userId: string,
    samples: number,
    warmup: number,
  ): Promise<{ action: ChangeSample[]; rawPut: ChangeSample[]; writeFloor: ChangeSample[] }>;
  /**
   * Only the bare put (the same-run reference of bench:ui): `samples` after `warmup`, each on its
   * own already-owned car.
   */
  measureRawPuts(userId: string, samples: number, warmup: number): Promise<ChangeSample[]>;
  /** searchCatalog for every prefix of every query, typed one character at a time. */
  measureSearch(queries: string[]): Promise<SearchSample[]>;
  /**
   * The quick check's read path (catalogue search + useQuickAnswers) for every prefix of every
   * query: text set → every hit's answer committed by React.
   */
  measureQuickCheck(userId: string, queries: string[]): Promise<QuickCheckSample[]>;
}

declare global {
  interface Window {
    __syncBench?: SyncBenchApi;
  }
}
