// Names and links of the cars and sets a post tags, from the device's catalogue.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../../db/device-db';
import type { TaggedItemView } from '../../shared/community/post-schemas';
import { carLink } from '../catalog/links';
import { setHref } from '../collection/links';

export interface TaggedChip {
  kind: 'car' | 'set';
  id: string;
  label: string;
  href: string;
}

const carText = (name: string, year: number) => `${name} (${year})`;

export function useTaggedItems(tagged: readonly TaggedItemView[]): TaggedChip[] {
  const key = tagged.map((item) => `${item.kind}:${item.id}`).join('|');
  const fallback = tagged.map((item) => ({
    ...item,
    label: item.id,
    href:
      item.kind === 'car' ? carLink(item.id) : setHref({ id: item.id, series: null, year: null }),
  }));
  return (
    useLiveQuery(async () => {
      const items =
        key === ''
          ? []
          : key.split('|').map((part) => {
              const at = part.indexOf(':');
              return { kind: part.slice(0, at) as 'car' | 'set', id: part.slice(at + 1) };
            });
      const cars = await deviceDb.cars.bulkGet(
        items.filter((i) => i.kind === 'car').map((i) => i.id),
      );
      const sets = await deviceDb.sets.bulkGet(
        items.filter((i) => i.kind === 'set').map((i) => i.id),
      );
      const carById = new Map(cars.flatMap((car) => (car ? [[car.id, car] as const] : [])));
      const setById = new Map(sets.flatMap((set) => (set ? [[set.id, set] as const] : [])));
      return items.map((item): TaggedChip => {
        if (item.kind === 'car') {
          const car = carById.get(item.id);
          return {
            ...item,
            label: car ? carText(car.name, car.year) : item.id,
            href: carLink(item.id),
          };
        }
        const set = setById.get(item.id);
        return {
          ...item,
          label: set ? `${set.name} (${set.year})` : item.id,
          href: set ? setHref(set) : setHref({ id: item.id, series: null, year: null }),
        };
      });
    }, [key]) ?? fallback
  );
}
