// A car tile with the collector's marks on it (owned count, favourite, wishlist) and the actions
// that change them: the one way the grid and the home screen's browser show a catalogue car.
import type { CarRow } from '../../db/catalog-index';
import type { CarMarks } from '../../db/collector-marks';
import { CarTile } from './car-tile';
import { addCar, toggleFavorite, toggleWishlist } from './catalog-actions';

export function MarkedCarTile({
  car,
  marks,
  quickAdd,
  onOpen,
  compactMeta,
}: {
  car: CarRow;
  marks: CarMarks;
  /** A quick 'Add' on the tile (home); lists add on the car page. */
  quickAdd: boolean;
  onOpen?: () => void;
  compactMeta?: boolean;
}) {
  const favorite = marks.favorites.has(car.id);
  const wishlisted = marks.wishlist.has(car.id);
  return (
    <CarTile
      car={car}
      owned={marks.owned.get(car.id) ?? 0}
      favorite={favorite}
      wishlisted={wishlisted}
      onToggleFavorite={() => void toggleFavorite(car.id, favorite)}
      onToggleWishlist={() => void toggleWishlist(car.id, wishlisted)}
      onAdd={quickAdd ? () => void addCar(car.id) : undefined}
      onOpen={onOpen}
      compactMeta={compactMeta}
    />
  );
}
