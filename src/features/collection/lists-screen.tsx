// /favorites and /wishlist: cars and sets with when they were added, each removable (the toggle
// calls of docs/api.md with "is in the list" = true).
import { Link } from 'wouter';
import { useMemo } from 'react';
import { useAuth } from '../../auth/use-auth';
import {
  useListEntries,
  type ListCarEntry,
  type ListKind,
  type ListSetEntry,
} from '../../db/use-list-entries';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import { ScreenHeader } from '../../ui/screen-header';
import type { ListItem } from './collection-order';
import {
  CarRowLink,
  EmptyState,
  formatDay,
  ScreenBody,
  SetRowLink,
  StartCollectingLinks,
} from './collection-parts';
import { GroupHeading, tallSize, isHeader } from './collection-screen';
import { VirtualList } from './virtual-list';

type Entry = { kind: 'car'; value: ListCarEntry } | { kind: 'set'; value: ListSetEntry };

const WORDS: Record<ListKind, { title: string; list: string; empty: string; hint: string }> = {
  favorite: {
    title: 'Favourites',
    list: 'favourites',
    empty: 'No favourites yet',
    hint: 'Tap the heart on a car or a set to keep it here.',
  },
  wishlist: {
    title: 'Wishlist',
    list: 'wishlist',
    empty: 'Your wishlist is empty',
    hint: 'Tap the star on a car you are hunting for. Adding it to your collection takes it off the list.',
  },
};

function remove(kind: ListKind, entry: Entry) {
  const change =
    entry.kind === 'car'
      ? kind === 'favorite'
        ? changeCollection('collection/toggle-favorite', {
            carId: entry.value.carId,
            isFavorited: true,
          })
        : changeCollection('collection/toggle-wishlist', {
            carId: entry.value.carId,
            isWishlisted: true,
          })
      : changeCollection('collection/toggle-set', {
          setId: entry.value.setId,
          action: kind,
          isSetInList: true,
        });
  change.catch(showError);
}

function ListScreen({ kind }: { kind: ListKind }) {
  const userId = useAuth().user?.uid ?? null;
  const lists = useListEntries(userId, kind);
  const words = WORDS[kind];

  const items = useMemo(() => {
    if (!lists) return [];
    const out: ListItem<Entry>[] = [];
    if (lists.cars.length > 0) {
      out.push({ kind: 'header', key: 'cars', label: 'Cars', count: lists.cars.length });
      for (const value of lists.cars) {
        out.push({ kind: 'entry', key: value.key, entry: { kind: 'car', value } });
      }
    }
    if (lists.sets.length > 0) {
      out.push({ kind: 'header', key: 'sets', label: 'Sets', count: lists.sets.length });
      for (const value of lists.sets) {
        out.push({ kind: 'entry', key: value.key, entry: { kind: 'set', value } });
      }
    }
    return out;
  }, [lists]);

  const render = (item: ListItem<Entry>) => {
    if (item.kind === 'header') {
      return (
        <GroupHeading
          label={item.label}
          count={item.count}
          unit={item.key === 'cars' ? 'car' : 'set'}
        />
      );
    }
    const { entry } = item;
    const name = entry.kind === 'car' ? entry.value.car.name : entry.value.set.name;
    const added = formatDay(entry.value.addedAt);
    const sub = <>{added && <span>Added {added}</span>}</>;
    return (
      <div className="cl-row-with-action">
        {entry.kind === 'car' ? (
          <CarRowLink car={entry.value.car} sub={sub} count={entry.value.owned} />
        ) : (
          <SetRowLink set={entry.value.set} sub={sub} count={entry.value.owned} />
        )}
        <button
          type="button"
          className="cl-remove"
          aria-label={`Remove ${name} from ${words.list}`}
          onClick={() => remove(kind, entry)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    );
  };

  const attributes = (item: ListItem<Entry>) =>
    item.kind === 'header'
      ? { 'data-group': item.label }
      : item.entry.kind === 'car'
        ? { 'data-car-id': item.entry.value.carId }
        : { 'data-set-id': item.entry.value.setId };

  return (
    <>
      <ScreenHeader title={words.title} back="/collection" />
      <ScreenBody label={words.title}>
        {lists === undefined ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : items.length === 0 ? (
          <EmptyState title={words.empty} text={words.hint}>
            <StartCollectingLinks />
          </EmptyState>
        ) : (
          <>
            {kind === 'wishlist' && (
              <p className="card cl-offline-prompt">
                Going to a fair? Keep your wishlist&apos;s photos on this phone.{' '}
                <Link href="/settings#ready-for-offline">Get ready for offline</Link>
              </p>
            )}
            <VirtualList
              items={items}
              sizeOf={tallSize}
              isSticky={isHeader}
              render={render}
              attributesOf={attributes}
              label={words.title}
            />
          </>
        )}
      </ScreenBody>
    </>
  );
}

export function FavoritesScreen() {
  return <ListScreen kind="favorite" />;
}

export function WishlistScreen() {
  return <ListScreen kind="wishlist" />;
}
