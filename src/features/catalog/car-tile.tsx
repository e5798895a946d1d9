// A catalogue car (UI.md car tile): photo on a white well, name, year · series, owned chip, hunt mark.
import type { CarRow } from '../../db/garage-db';

export function CarTile({ car, owned, onAdd }: { car: CarRow; owned: number; onAdd: () => void }) {
  return (
    <li className="car-tile" data-car-id={car.id}>
      <div className="car-photo">
        {car.image ? (
          <img src={car.image} alt="" loading="lazy" decoding="async" />
        ) : (
          <svg viewBox="0 0 64 32" aria-hidden="true" className="silhouette">
            <path d="M6 22h4a5 5 0 0 0 10 0h24a5 5 0 0 0 10 0h4v-6l-8-2-8-6H22l-8 6-8 2z" />
          </svg>
        )}
        {car.huntType && (
          <span className={`hunt hunt--${car.huntType.toLowerCase()}`}>{car.huntType}</span>
        )}
        {owned > 0 && (
          <span className="owned-chip" aria-label={`You own ${owned}`}>
            ×{owned}
          </span>
        )}
      </div>
      <h3 className="car-name">{car.name}</h3>
      <p className="car-meta">
        {car.year}
        {car.series ? ` · ${car.series}` : ''}
        {car.seriesNumber ? ` ${car.seriesNumber}` : ''}
      </p>
      <button
        type="button"
        className="add"
        onClick={onAdd}
        aria-label={`Add ${car.name} (${car.year}) to collection`}
      >
        Add to collection
      </button>
    </li>
  );
}
