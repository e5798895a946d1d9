// Names and links of the cars and sets a post tags, from the device's catalogue.
import { useMemo } from 'react';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import type { TaggedItemView } from '../../shared/community/post-schemas';
import { carLink } from '../catalog';
import { setHref } from '../collection';

export interface TaggedChip {
  kind: 'car' | 'set';
  id: string;
  label: string;
  href: string;
}

const carText = (name: string, year: number) => `${name} (${year})`;

export function useTaggedItems(tagged: readonly TaggedItemView[]): TaggedChip[] {
  const key = tagged.map((item) => `${item.kind}:${item.id}`).join('|');
  const catalog = useDeviceCatalog();
  return useMemo(() => {
    const items =
      key === ''
        ? []
        : key.split('|').map((part) => {
            const at = part.indexOf(':');
            return { kind: part.slice(0, at) as 'car' | 'set', id: part.slice(at + 1) };
          });
    return items.map((item): TaggedChip => {
      if (item.kind === 'car') {
        const car = catalog?.car(item.id);
        return {
          ...item,
          label: car ? carText(car.name, car.year) : item.id,
          href: carLink(item.id),
        };
      }
      const set = catalog?.set(item.id);
      return {
        ...item,
        label: set ? `${set.name} (${set.year})` : item.id,
        href: set ? setHref(set) : setHref({ id: item.id, series: null, year: null }),
      };
    });
    // `key` stands for `tagged`: its content, not the array's identity, decides.
  }, [catalog, key]);
}
