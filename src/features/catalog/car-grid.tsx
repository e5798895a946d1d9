// A long list of car tiles, virtualised over the window (@tanstack/react-virtual) so a year of
// 400 cars or the whole catalogue scrolls smoothly, with sticky series headers. Each row of tiles
// reads only its own cars' marks (owned, favourite, wishlist) from the device.
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CarRow } from '../../db/catalog-index';
import { useCarMarks } from '../../data/use-catalog-browse';
import type { CarGroup } from '../../db/catalog-listing';
import { MarkedCarTile } from './marked-car-tile';

const GAP = 12;
const MIN_TILE = 160;

type GridRow =
  | { kind: 'header'; key: string; title: string; count: number }
  | { kind: 'tiles'; key: string; cars: CarRow[] };

function buildRows(groups: CarGroup[], columns: number, headers: boolean): GridRow[] {
  const rows: GridRow[] = [];
  for (const group of groups) {
    if (headers) {
      rows.push({
        kind: 'header',
        key: `h:${group.title}`,
        title: group.title,
        count: group.cars.length,
      });
    }
    for (let start = 0; start < group.cars.length; start += columns) {
      const cars = group.cars.slice(start, start + columns);
      rows.push({ kind: 'tiles', key: `t:${group.title}:${cars[0]?.id ?? start}`, cars });
    }
  }
  return rows;
}

/** Where the list was when a tile was opened: coming back to it scrolls there again. */
let returnTo: { path: string; scrollY: number } | null = null;

function TileRow({
  cars,
  userId,
  columns,
  quickAdd,
  compactMeta,
  onOpen,
}: {
  cars: CarRow[];
  userId: string | null;
  columns: number;
  quickAdd: boolean;
  compactMeta: boolean;
  onOpen: () => void;
}) {
  const ids = useMemo(() => cars.map((car) => car.id), [cars]);
  const marks = useCarMarks(userId, ids);
  return (
    <ul className="car-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {cars.map((car) => (
        <MarkedCarTile
          key={car.id}
          car={car}
          marks={marks}
          quickAdd={quickAdd}
          onOpen={onOpen}
          compactMeta={compactMeta}
        />
      ))}
    </ul>
  );
}

/** The list's width and its distance from the top of the document, kept current. */
function useListBox(ref: React.RefObject<HTMLDivElement | null>) {
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: Math.round(rect.width), top: Math.round(rect.top + window.scrollY) };
      setBox((prev) => (prev.width === next.width && prev.top === next.top ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Content above the list (a strip of sets, a summary) moves it when it loads.
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}

export function CarGrid({
  groups,
  userId,
  headers = true,
  quickAdd = false,
  compactMeta = headers,
  label,
}: {
  groups: CarGroup[];
  userId: string | null;
  /** Sticky series headers between groups (off for a single flat list). */
  headers?: boolean;
  /** An 'Add' button on every tile. */
  quickAdd?: boolean;
  /** Tiles leave the series out of their meta line (default: when series headers are shown). */
  compactMeta?: boolean;
  /** The list's accessible name ('2024 Mainlines'). */
  label: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const box = useListBox(listRef);
  const width = box.width || Math.max(window.innerWidth - 32, MIN_TILE);
  const columns = Math.max(2, Math.floor((width + GAP) / (MIN_TILE + GAP)));
  const rows = useMemo(() => buildRows(groups, columns, headers), [groups, columns, headers]);
  const headerIndexes = useMemo(
    () => rows.flatMap((row, index) => (row.kind === 'header' ? [index] : [])),
    [rows],
  );
  const activeHeader = useCallback(
    (startIndex: number) => headerIndexes.findLast((index) => index <= startIndex),
    [headerIndexes],
  );
  const tileHeight = ((width - GAP * (columns - 1)) / columns - 16) * 0.75 + 150;

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? 44 : tileHeight + GAP),
    overscan: 4,
    scrollMargin: box.top,
    getItemKey: (index) => rows[index]?.key ?? index,
    rangeExtractor: useCallback(
      (range: Range) => {
        const sticky = activeHeader(range.startIndex);
        const indexes = defaultRangeExtractor(range);
        if (sticky === undefined || indexes.includes(sticky)) return indexes;
        return [sticky, ...indexes];
      },
      [activeHeader],
    ),
  });

  const path = window.location.pathname;
  const remember = useCallback(() => {
    returnTo = { path, scrollY: window.scrollY };
  }, [path]);
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (!hasRows || returnTo?.path !== path) return;
    const { scrollY } = returnTo;
    returnTo = null;
    requestAnimationFrame(() => window.scrollTo(0, scrollY));
  }, [hasRows, path]);

  const items = virtualizer.getVirtualItems();
  const startIndex = virtualizer.range?.startIndex ?? 0;
  const sticky = headers ? activeHeader(startIndex) : undefined;

  return (
    <div
      ref={listRef}
      className="virtual-grid"
      role="region"
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const isSticky = item.index === sticky;
        const style: React.CSSProperties = isSticky
          ? { position: 'sticky', zIndex: 3 }
          : { position: 'absolute', transform: `translateY(${item.start - box.top}px)` };
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={`virtual-row virtual-row--${row.kind}${isSticky ? ' is-sticky' : ''}`}
            style={style}
          >
            {row.kind === 'header' ? (
              <h2 className="series-header">
                <span className="series-header__title">{row.title}</span>
                <span className="series-header__count">{row.count}</span>
              </h2>
            ) : (
              <TileRow
                cars={row.cars}
                userId={userId}
                columns={columns}
                quickAdd={quickAdd}
                compactMeta={compactMeta}
                onOpen={remember}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
