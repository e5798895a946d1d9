// The import preview's lines about catalogue cars: a car named as the collector knows it, and the
// choice between the cars one ambiguous row could be.
import type { CatalogIndex } from '../../db/catalog-index';
import { plural } from '../collection';
import type { PreviewRow } from './import-plan';

/** The car as a line: name, year, series, colour and toy number, as far as the catalogue has them. */
export function carLine(catalog: CatalogIndex, carId: string): string {
  const car = catalog.car(carId);
  if (!car) return carId;
  return [car.name, String(car.year), car.series, car.color, car.toyNumber]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

export function AmbiguousRow({
  row,
  catalog,
  pick,
  onPick,
}: {
  row: Extract<PreviewRow, { status: 'ambiguous' }>;
  catalog: CatalogIndex;
  pick: string | undefined;
  onPick: (carId: string | undefined) => void;
}) {
  const name = `im-pick-${row.line}`;
  return (
    <fieldset className="im-pick">
      <legend>
        Line {row.line}: {row.label}{' '}
        <span className="muted">({plural(row.copies.length, 'copy', 'copies')})</span>
      </legend>
      {row.candidates.map((carId) => (
        <label key={carId} className="im-choice">
          <input
            type="radio"
            name={name}
            value={carId}
            checked={pick === carId}
            onChange={() => onPick(carId)}
          />
          <span>{carLine(catalog, carId)}</span>
        </label>
      ))}
      <label className="im-choice">
        <input
          type="radio"
          name={name}
          value=""
          checked={pick === undefined}
          onChange={() => onPick(undefined)}
        />
        <span>Leave this row out</span>
      </label>
    </fieldset>
  );
}
