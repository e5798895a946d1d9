// A window-scrolled virtualised list (@tanstack/react-virtual) with fixed row heights and sticky
// group headers under the app header: only the rows on screen are in the DOM, so 10,000 cars
// scroll like 10.
import { useWindowVirtualizer, defaultRangeExtractor } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';

export interface VirtualListProps<T extends { key: string }> {
  items: readonly T[];
  /** The fixed height of an item in px (rows and headers differ; nothing is measured). */
  sizeOf: (item: T) => number;
  isSticky?: (item: T) => boolean;
  render: (item: T) => ReactNode;
  label: string;
  /** Extra attributes for an item's wrapper (data-car-id…). */
  attributesOf?: (item: T) => Record<string, string | number | undefined>;
  className?: string;
}

/** The largest index in the ascending `sorted` that is ≤ `value`, or -1. */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Keeps `[listTop, headerHeight]` current: the list's page offset and the sticky app header. */
function useListGeometry(list: HTMLElement | null): [number, number] {
  const [geometry, setGeometry] = useState<[number, number]>([0, 0]);
  useLayoutEffect(() => {
    if (!list) return;
    const header = document.querySelector<HTMLElement>('.app-header');
    const measure = () => {
      const top = Math.round(list.getBoundingClientRect().top + window.scrollY);
      const height = header ? Math.round(header.getBoundingClientRect().height) : 0;
      setGeometry((old) => (old[0] === top && old[1] === height ? old : [top, height]));
    };
    // Whatever above the list grows or shrinks (a filter chip, the totals) moves the list.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (list.parentElement) observer.observe(list.parentElement);
    if (header) observer.observe(header);
    return () => observer.disconnect();
  }, [list]);
  return geometry;
}

/** An item's content: rendered again only when the item itself changes, not on every scroll. */
const ItemContent = memo(function ItemContent({
  item,
  render,
}: {
  item: unknown;
  render: (item: never) => ReactNode;
}) {
  return <>{render(item as never)}</>;
});

export function VirtualList<T extends { key: string }>({
  items,
  sizeOf,
  isSticky,
  render,
  label,
  attributesOf,
  className,
}: VirtualListProps<T>) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const [scrollMargin, headerHeight] = useListGeometry(list);

  const { starts, stickyIndexes } = useMemo(() => {
    const starts: number[] = [];
    const stickyIndexes: number[] = [];
    let offset = 0;
    items.forEach((item, index) => {
      starts.push(offset);
      offset += sizeOf(item);
      if (isSticky?.(item)) stickyIndexes.push(index);
    });
    return { starts, stickyIndexes };
  }, [items, sizeOf, isSticky]);

  // Stable while the items are: a new getItemKey makes the virtualizer re-measure every item.
  const estimateSize = useCallback((index: number) => sizeOf(items[index] as T), [items, sizeOf]);
  const getItemKey = useCallback((index: number) => (items[index] as T).key, [items]);

  // Defined before the virtualizer reads the scroll offset, so `active` is filled in below.
  let active = -1;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    getItemKey,
    overscan: 8,
    // A scroll event only asks React for a render, which React then does once for all the
    // events of a frame in its own task. With flushSync (the default) every wheel event rendered
    // the list inside its own dispatch, and those were the scroll's long tasks
    // (docs/decisions/0010-idle-copy-in-pieces-list-renders-once-a-frame.md).
    useFlushSync: false,
    scrollMargin,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      if (active < 0 || indexes.includes(active)) return indexes;
      return [active, ...indexes];
    },
  });

  // The group whose header has reached the bottom of the app header stays pinned there.
  if (stickyIndexes.length > 0) {
    const offset = (virtualizer.scrollOffset ?? 0) - scrollMargin + headerHeight;
    const row = lastAtOrBefore(starts, Math.max(0, offset));
    const at = lastAtOrBefore(stickyIndexes, Math.max(row, 0));
    active = at >= 0 ? (stickyIndexes[at] as number) : -1;
  }
  const virtualItems = virtualizer.getVirtualItems();

  return (
    <div
      ref={setList}
      role="list"
      aria-label={label}
      className={`vlist ${className ?? ''}`}
      style={
        {
          height: virtualizer.getTotalSize(),
          '--sticky-top': `${headerHeight}px`,
        } as CSSProperties
      }
    >
      {virtualItems.map((virtual) => {
        const item = items[virtual.index] as T;
        const pinned = virtual.index === active && isSticky?.(item);
        const style: CSSProperties = pinned
          ? { position: 'sticky', height: virtual.size }
          : {
              position: 'absolute',
              height: virtual.size,
              transform: `translateY(${virtual.start - scrollMargin}px)`,
            };
        return (
          <div
            key={virtual.key}
            role="listitem"
            className={`vlist__item${isSticky?.(item) ? ' vlist__item--sticky' : ''}${pinned ? ' vlist__item--pinned' : ''}`}
            style={style}
            {...attributesOf?.(item)}
          >
            <ItemContent item={item} render={render as (item: never) => ReactNode} />
          </div>
        );
      })}
    </div>
  );
}
