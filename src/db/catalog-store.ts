// The device's catalogue for one context (the page or the worker): read once from its own
// database into memory, replaced atomically by a new version, shared with the other contexts of
// the app, and never waited on forever. An operation past its deadline means a frozen connection
// (WebKit after a navigation during a large write): the store moves to a fresh database and keeps
// what it has in memory, or, having nothing, reports the catalogue lost so it is fetched again.
import type { DexieOptions } from 'dexie';
import type { Catalog } from '../shared/catalog/types';
import { deleteCatalogBox, openCatalogBox, type CatalogBox } from './catalog-box';
import { CatalogIndex } from './catalog-index';
import { withDeadline } from './deadline';
import { trackLargeWrite } from './large-writes';

/** Where the store keeps which database is current (the collection database's meta table). */
export interface CatalogMetaPort {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface CatalogStoreOptions {
  /** The collection database's name; catalogue databases are named after it. */
  baseName: string;
  meta: CatalogMetaPort;
  dexieOptions?: DexieOptions;
  /**
   * Per IndexedDB operation; default 10 s, far above what a healthy one-value read takes
   * (docs/decisions/0001-catalogue-as-one-value.md).
   */
  deadlineMs?: number;
  /** Tests hand in a box that freezes; the app opens real ones. */
  openBox?: (name: string) => CatalogBox;
  now?: () => string;
}

/** Meta key: the name of the catalogue database in use (it changes after a freeze). */
export const CATALOG_DB_KEY = 'catalogDb';
/** Meta key: a catalogue carried over from the old row-per-car tables, until it is stored here. */
export const LEGACY_CATALOG_KEY = 'legacyCatalog';

const CHANNEL = 'diecast-catalog';

type Listener = () => void;

export class CatalogStore {
  private readonly options: CatalogStoreOptions;
  private readonly deadlineMs: number;
  private box: CatalogBox | null = null;
  /** undefined: not read yet in this context; null: none on the device. */
  private index: CatalogIndex | null | undefined = undefined;
  private loading: Promise<CatalogIndex | null> | null = null;
  /** Serialises writes, recoveries and loads. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<Listener>();
  private readonly lostListeners = new Set<Listener>();
  private channel: BroadcastChannel | null = null;

  constructor(options: CatalogStoreOptions) {
    this.options = options;
    this.deadlineMs = options.deadlineMs ?? 10_000;
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (message: MessageEvent<{ base?: string; version?: string }>) => {
        if (message.data.base !== options.baseName) return;
        if (message.data.version !== this.index?.version) this.invalidate();
      };
    }
  }

  /** The catalogue in memory, or null when the device has none; read once per context. */
  current(): Promise<CatalogIndex | null> {
    if (this.index !== undefined) return Promise.resolve(this.index);
    this.loading ??= this.serially(() => this.load()).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** What current() would answer without waiting: undefined while not read yet. */
  peek(): CatalogIndex | null | undefined {
    return this.index;
  }

  /** Called when the catalogue in memory changes (loaded, replaced, or replaced elsewhere). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called when the catalogue was thrown away after a freeze and must be fetched again. */
  onLost(listener: Listener): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** The version on the device (from memory, else the database's head), or null. */
  async storedVersion(): Promise<string | null> {
    if (this.index) return this.index.version;
    const box = await this.openCurrentBox();
    return this.guard(box.readVersion(), 'reading the catalogue version').catch(() => null);
  }

  /**
   * Replaces the catalogue with `catalog`: one value in one transaction, so a reader sees the
   * old version or the new one, never a mix; memory follows once it is stored.
   */
  replace(catalog: Catalog): Promise<void> {
    return trackLargeWrite(
      this.serially(async () => {
        await this.writeToBox(catalog);
        this.setIndex(new CatalogIndex(catalog));
        this.channel?.postMessage({ base: this.options.baseName, version: catalog.version });
      }),
    );
  }

  /** Re-reads the head, and the catalogue if another context stored a new version. */
  async refresh(): Promise<void> {
    if (this.index === undefined) return;
    const box = await this.openCurrentBox();
    const version = await this.guard(box.readVersion(), 'reading the catalogue version').catch(
      () => undefined,
    );
    if (version !== undefined && version !== (this.index?.version ?? null)) this.invalidate();
  }

  /** Lets go of the database and the channel to the other contexts (a later read opens it again). */
  close(): void {
    this.box?.close();
    this.box = null;
    this.channel?.close();
    this.channel = null;
    this.listeners.clear();
    this.lostListeners.clear();
  }

  // ---- inside ------------------------------------------------------------------------------

  private invalidate(): void {
    this.index = undefined;
    for (const listener of this.listeners) listener();
  }

  private setIndex(index: CatalogIndex | null): void {
    this.index = index;
    for (const listener of this.listeners) listener();
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private guard<T>(work: Promise<T>, what: string): Promise<T> {
    return withDeadline(work, this.deadlineMs, what);
  }

  private defaultName(): string {
    return `${this.options.baseName}-catalog-1`;
  }

  private async openCurrentBox(): Promise<CatalogBox> {
    if (this.box) return this.box;
    const stored = await this.guard(this.options.meta.get(CATALOG_DB_KEY), 'reading meta');
    const name = typeof stored === 'string' ? stored : this.defaultName();
    const open =
      this.options.openBox ?? ((n: string) => openCatalogBox(n, this.options.dexieOptions));
    this.box = open(name);
    return this.box;
  }

  private async load(): Promise<CatalogIndex | null> {
    if (this.index !== undefined) return this.index;
    let catalog: Catalog | null;
    try {
      const box = await this.openCurrentBox();
      catalog = await this.guard(box.readCatalog(), 'reading the catalogue');
    } catch {
      // Frozen or broken: a fresh database, and the catalogue is fetched again.
      await this.abandonBox();
      this.lost();
      catalog = null;
    }
    catalog ??= await this.carryOverLegacy();
    this.setIndex(catalog ? new CatalogIndex(catalog) : null);
    return this.index ?? null;
  }

  /** A device that had the catalogue as one row per car gets it back here, once. */
  private async carryOverLegacy(): Promise<Catalog | null> {
    const legacy = (await this.options.meta.get(LEGACY_CATALOG_KEY)) as Catalog | undefined;
    if (!legacy || !Array.isArray(legacy.cars) || legacy.cars.length === 0) return null;
    await this.writeToBox(legacy);
    await this.options.meta.delete(LEGACY_CATALOG_KEY);
    return legacy;
  }

  /** Writes into the current box; a freeze moves to a fresh one and tries once more there. */
  private async writeToBox(catalog: Catalog): Promise<void> {
    const storedAt = (this.options.now ?? (() => new Date().toISOString()))();
    try {
      const box = await this.openCurrentBox();
      await this.guard(box.write(catalog, storedAt), 'storing the catalogue');
    } catch {
      await this.abandonBox();
      const box = await this.openCurrentBox();
      await this.guard(box.write(catalog, storedAt), 'storing the catalogue');
    }
  }

  /** Leaves a frozen database for a fresh one; the old one is deleted if it ever lets go. */
  private async abandonBox(): Promise<void> {
    const old = this.box ?? (await this.openCurrentBox().catch(() => null));
    this.box = null;
    const oldName = old?.name ?? this.defaultName();
    try {
      old?.close();
    } catch {
      // A frozen connection may refuse even to close; it is left behind.
    }
    const generation = Number(/-(\d+)$/.exec(oldName)?.[1] ?? '1') + 1;
    const next = `${this.options.baseName}-catalog-${generation}`;
    await this.guard(this.options.meta.put(CATALOG_DB_KEY, next), 'writing meta');
    void deleteCatalogBox(oldName, this.options.dexieOptions).catch(() => undefined);
  }

  private lost(): void {
    for (const listener of this.lostListeners) listener();
  }
}
