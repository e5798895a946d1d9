// A catalogue car : photo on a white well in a fixed 4:3 box, casting name (two
// lines at most), year and series · number; the owned chip ('×2', 'You own 2' for screen
// readers) top-right, the TH/STH mark top-left, heart and star toggles under the thumb.
import { useState } from 'react';
import { Link } from 'wouter';
import type { CarRow } from '../../db/catalog-index';
import type { CatalogCar } from '../../shared/catalog/types';
import { useIsPhotoKept } from '../../sync/kept-photos-store';
import { carLink } from './links';
import './car-tile.css';

/** The neutral silhouette shown where a car has no photo (or its photo cannot load). */
export function CarSilhouette() {
  return (
    <svg viewBox="0 0 120 48" aria-hidden="true" className="silhouette">
      <path
        className="silhouette__body"
        d="M6 35v-7c0-4 3-6 8-7l20-3c8-7 16-10 25-10h16c9 0 17 4 24 11l12 2c5 1 8 4 8 8v6z"
      />
      <path className="silhouette__glass" d="M40 18c6-5 12-7 19-7h7v7zm30-7h5c7 0 12 2 17 7H70z" />
      <circle className="silhouette__wheel" cx="30" cy="36" r="8" />
      <circle className="silhouette__wheel" cx="92" cy="36" r="8" />
    </svg>
  );
}

/**
 * Where a car has no photo, or its photo cannot load (offline and not kept, gone from its host):
 * the silhouette with the car's name and colour, never a broken image.
 */
function PhotoPlaceholder({ name, color }: { name?: string; color?: string | null }) {
  return (
    <span className="photo-placeholder">
      <CarSilhouette />
      {name && <span className="photo-placeholder__name">{name}</span>}
      {color && <span className="photo-placeholder__color">{color}</span>}
    </span>
  );
}

/** The car's photo, or its placeholder; a photo kept for offline says so in its corner. */
export function CarPhoto({
  car,
  eager = false,
}: {
  car: Pick<CatalogCar, 'image'> & Partial<Pick<CatalogCar, 'name' | 'color'>>;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const kept = useIsPhotoKept(car.image);
  if (!car.image || failed === car.image) {
    return <PhotoPlaceholder name={car.name} color={car.color} />;
  }
  return (
    <>
      <img
        src={car.image}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(car.image)}
      />
      {kept && (
        <span className="photo-kept" role="img" aria-label="Photo kept for offline">
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M7 2h2v6.6l2.3-2.3 1.4 1.4L8 12.4 3.3 7.7l1.4-1.4L7 8.6zM3 13h10v2H3z" />
          </svg>
        </span>
      )}
    </>
  );
}

export function HuntMark({ huntType }: { huntType: CatalogCar['huntType'] }) {
  if (!huntType) return null;
  return (
    <span
      className={`hunt hunt--${huntType.toLowerCase()}`}
      role="img"
      aria-label={huntType === 'STH' ? 'Super Treasure Hunt' : 'Treasure Hunt'}
    >
      {huntType}
    </span>
  );
}

export function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.8.8.8-.8a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7z" />
    </svg>
  );
}

export function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path d="m12 3.2 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
    </svg>
  );
}

export interface CarTileProps {
  car: CarRow;
  /** How many the collector owns (0 hides the chip). */
  owned: number;
  favorite?: boolean;
  wishlisted?: boolean;
  onToggleFavorite?: () => void;
  onToggleWishlist?: () => void;
  /** A quick 'Add' on the tile (home); lists leave it out and add on the car page. */
  onAdd?: () => void;
  /** Called as the tile's link is followed (lists remember where they were). */
  onOpen?: () => void;
  /**
   * Under a series header the series need not be repeated: the line shows the collector
   * number, the position in the series and the colour instead ('#005 · 1/5 · Blue').
   */
  compactMeta?: boolean;
}

/** The line under the casting name. */
export function carMetaLine(car: CatalogCar, compact = false): string {
  if (compact) {
    const collector = car.collectorNumber ? `#${car.collectorNumber.split('/')[0]}` : null;
    const parts = [collector, car.seriesNumber, car.color].filter(Boolean);
    if (parts.length > 0) return parts.join(' · ');
  }
  const series = [car.series, car.seriesNumber].filter(Boolean).join(' ');
  return series ? `${car.year} · ${series}` : String(car.year);
}

export function CarTile({
  car,
  owned,
  favorite = false,
  wishlisted = false,
  onToggleFavorite,
  onToggleWishlist,
  onAdd,
  onOpen,
  compactMeta = false,
}: CarTileProps) {
  const label = `${car.name} (${car.year})`;
  return (
    <li className={`car-tile${owned > 0 ? ' car-tile--owned' : ''}`} data-car-id={car.id}>
      <Link href={carLink(car.id)} className="car-tile__link" onClick={onOpen}>
        <div className="car-photo">
          <CarPhoto car={car} />
          <HuntMark huntType={car.huntType} />
          {owned > 0 && (
            <span className="owned-chip" role="img" aria-label={`You own ${owned}`}>
              ×{owned}
            </span>
          )}
        </div>
        <h3 className="car-name">{car.name}</h3>
        <p className="car-meta">{carMetaLine(car, compactMeta)}</p>
      </Link>
      <div className="car-tile__actions">
        {onToggleFavorite && (
          <button
            type="button"
            className="toggle toggle--heart"
            aria-pressed={favorite}
            aria-label={`Favourite ${label}`}
            onClick={onToggleFavorite}
          >
            <HeartIcon />
          </button>
        )}
        {onToggleWishlist && (
          <button
            type="button"
            className="toggle toggle--star"
            aria-pressed={wishlisted}
            aria-label={`Wishlist ${label}`}
            onClick={onToggleWishlist}
          >
            <StarIcon />
          </button>
        )}
        {onAdd && (
          <button
            type="button"
            className="add"
            onClick={onAdd}
            aria-label={`Add ${label} to collection`}
          >
            Add
          </button>
        )}
      </div>
    </li>
  );
}
