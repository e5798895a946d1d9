// /favorites and /wishlist: cars and sets with when they were added, each removable (the toggle
// calls of docs/api.md with "is in the list" = true). A wishlist car shows the most the collector
// means to pay and their note, both editable, and 'Found it' moves it into the collection.
import { Link } from 'wouter';
import { useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../auth/use-auth';
import { useProfile } from '../../data/use-collection';
import { collectionSettings } from '../../db/collection-settings';
import {
  useListEntries,
  type ListCarEntry,
  type ListKind,
  type ListSetEntry,
} from '../../data/use-list-entries';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import { ScreenHeader } from '../../ui/screen-header';
import { FoundItDialog, WishDetailsDialog } from '../wishlist';
import type { ListItem } from './collection-order';
import {
  CarRowLink,
  EmptyState,
  formatDay,
  formatMoney,
  ScreenBody,
  SetRowLink,
  StartCollectingLinks,
} from './collection-parts';
import { GroupHeading, tallSize, isHeader } from './collection-screen';
import { VirtualList } from './virtual-list';

type Entry = { kind: 'car'; value: ListCarEntry } | { kind: 'set'; value: ListSetEntry };

/** A wishlist car's row: the car, its note, and its two actions beneath. */
const WISH_ROW_HEIGHT = 184;

type WishDialog = { kind: 'details' | 'found'; entry: ListCarEntry } | null;

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
  const currency = collectionSettings(useProfile(userId)?.settings).currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const [dialog, setDialog] = useState<WishDialog>(null);
  const wishing = kind === 'wishlist';

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
    const maxPrice = entry.kind === 'car' && wishing ? entry.value.maxPrice : null;
    // A wish with a price says the price (what is read at a fair table); else when it was added.
    const sub =
      maxPrice !== null ? (
        <span className="wish-max">Max {money(maxPrice)}</span>
      ) : (
        <>{added && <span>Added {added}</span>}</>
      );
    if (wishing && entry.kind === 'car') {
      return (
        <WishCarRow
          entry={entry.value}
          sub={sub}
          onRemove={() => remove(kind, entry)}
          onEdit={() => setDialog({ kind: 'details', entry: entry.value })}
          onFound={() => setDialog({ kind: 'found', entry: entry.value })}
        />
      );
    }
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

  const sizeOf = (item: ListItem<Entry>) =>
    wishing && item.kind === 'entry' && item.entry.kind === 'car'
      ? WISH_ROW_HEIGHT
      : tallSize(item);

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
              sizeOf={sizeOf}
              isSticky={isHeader}
              render={render}
              attributesOf={attributes}
              label={words.title}
            />
          </>
        )}
      </ScreenBody>
      {dialog && <WishDialogFor dialog={dialog} money={money} onClose={() => setDialog(null)} />}
    </>
  );
}

function WishDialogFor({
  dialog,
  money,
  onClose,
}: {
  dialog: NonNullable<WishDialog>;
  money: (amount: number) => string;
  onClose: () => void;
}) {
  const { entry } = dialog;
  const car = {
    carId: entry.carId,
    name: entry.car.name,
    maxPrice: entry.maxPrice,
    note: entry.note,
  };
  return dialog.kind === 'details' ? (
    <WishDetailsDialog car={car} onClose={onClose} />
  ) : (
    <FoundItDialog car={car} money={money} onClose={onClose} />
  );
}

function WishCarRow({
  entry,
  sub,
  onRemove,
  onEdit,
  onFound,
}: {
  entry: ListCarEntry;
  sub: ReactNode;
  onRemove: () => void;
  onEdit: () => void;
  onFound: () => void;
}) {
  const name = entry.car.name;
  return (
    <div className="wish-row">
      <div className="cl-row-with-action wish-row__car">
        <CarRowLink car={entry.car} sub={sub} count={entry.owned} />
        <button
          type="button"
          className="cl-remove"
          aria-label={`Remove ${name} from wishlist`}
          onClick={onRemove}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <p className="wish-row__note" data-testid="wish-note">
        {entry.note ? `Note: ${entry.note}` : ''}
      </p>
      <div className="wish-row__actions">
        {/* The car's name is read after the visible words, so a spoken name starts as shown. */}
        <button type="button" onClick={onEdit}>
          {entry.maxPrice === null && !entry.note ? 'Set max price' : 'Edit price & note'}
          <span className="visually-hidden"> for {name}</span>
        </button>
        <button type="button" className="primary" onClick={onFound}>
          Found it<span className="visually-hidden"> — {name}</span>
        </button>
      </div>
    </div>
  );
}

export function FavoritesScreen() {
  return <ListScreen kind="favorite" />;
}

export function WishlistScreen() {
  return <ListScreen kind="wishlist" />;
}
