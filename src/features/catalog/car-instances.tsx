// The collector's copies of a car on its page, each an editable row (condition, grade, price,
// date, place, notes) saved as update-car-instance, or removed.
import { useState, type FormEvent } from 'react';
import {
  CONDITIONS,
  GRADES,
  type CarInstance,
  type Condition,
  type Grade,
} from '../../shared/collection/types';
import { removeCarInstance, updateCarInstance } from './catalog-actions';
import { formatDate } from './format';

export function CarInstances({ carId, instances }: { carId: string; instances: CarInstance[] }) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="instances" aria-labelledby="instances-heading">
      <h2 id="instances-heading" className="section-title">
        Your copies
      </h2>
      <ul className="instance-cards">
        {instances.map((instance, index) => (
          <InstanceEditor
            // A saved or synced change gives the form fresh values.
            key={instanceKey(instance)}
            carId={carId}
            number={index + 1}
            instance={instance}
            saved={saved === instance.instanceId}
            onSaved={() => setSaved(instance.instanceId)}
          />
        ))}
      </ul>
    </section>
  );
}

function instanceKey(instance: CarInstance): string {
  const { instanceId, condition, grade, purchasePrice, purchaseDate, purchasePlace, notes } =
    instance;
  return JSON.stringify([
    instanceId,
    condition,
    grade,
    purchasePrice,
    purchaseDate,
    purchasePlace,
    notes,
  ]);
}

interface InstanceForm {
  condition: Condition;
  grade: Grade;
  price: string;
  date: string;
  place: string;
  notes: string;
}

function formOf(instance: CarInstance): InstanceForm {
  return {
    condition: instance.condition,
    grade: instance.grade,
    price: instance.purchasePrice ? String(instance.purchasePrice) : '',
    date: instance.purchaseDate ?? '',
    place: instance.purchasePlace,
    notes: instance.notes,
  };
}

/** The fields that differ from the stored instance, or an error for the price field. */
function updatesOf(
  instance: CarInstance,
  form: InstanceForm,
): { updates: Parameters<typeof updateCarInstance>[2]; priceError: string | null } {
  const updates: Parameters<typeof updateCarInstance>[2] = {};
  if (form.condition !== instance.condition) updates.condition = form.condition;
  if (form.grade !== instance.grade) updates.grade = form.grade;
  const priceText = form.price.trim().replace(',', '.').replace(/^\$/, '');
  const price = priceText === '' ? 0 : Number(priceText);
  if (!Number.isFinite(price) || price < 0 || price > 1_000_000) {
    return { updates, priceError: 'Enter what you paid, like 2.50' };
  }
  if (Math.round(price * 100) / 100 !== instance.purchasePrice) updates.purchasePrice = price;
  const date = form.date || null;
  if (date !== instance.purchaseDate) updates.purchaseDate = date;
  if (form.place.trim() !== instance.purchasePlace) updates.purchasePlace = form.place.trim();
  if (form.notes !== instance.notes) updates.notes = form.notes;
  return { updates, priceError: null };
}

function InstanceEditor({
  carId,
  number,
  instance,
  saved,
  onSaved,
}: {
  carId: string;
  number: number;
  instance: CarInstance;
  saved: boolean;
  onSaved: () => void;
}) {
  const [form, setForm] = useState(() => formOf(instance));
  const [confirming, setConfirming] = useState(false);
  const [showPriceError, setShowPriceError] = useState(false);
  const { updates, priceError } = updatesOf(instance, form);
  const dirty = Object.keys(updates).length > 0 || priceError !== null;
  const id = `copy-${instance.instanceId}`;
  const set = <K extends keyof InstanceForm>(key: K, value: InstanceForm[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (priceError) {
      setShowPriceError(true);
      return;
    }
    if (Object.keys(updates).length === 0) return;
    if (await updateCarInstance(carId, instance.instanceId, updates)) onSaved();
  };

  return (
    <li className="card instance-card" data-instance-id={instance.instanceId}>
      <form onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`}>
        <div className="instance-card__head">
          <h3 id={`${id}-title`}>Copy {number}</h3>
          <span className="muted small">added {formatDate(instance.dateAdded)}</span>
        </div>
        <div className="field-grid">
          <label>
            Condition
            <select
              value={form.condition}
              onChange={(event) => set('condition', event.target.value as Condition)}
            >
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </select>
          </label>
          <label>
            Grade
            <select
              value={form.grade}
              onChange={(event) => set('grade', event.target.value as Grade)}
            >
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {grade}
                </option>
              ))}
            </select>
          </label>
          <label>
            Price paid
            <input
              inputMode="decimal"
              placeholder="0.00"
              value={form.price}
              aria-invalid={showPriceError && priceError !== null}
              aria-describedby={showPriceError && priceError ? `${id}-price-error` : undefined}
              onChange={(event) => set('price', event.target.value)}
            />
          </label>
          <label>
            Purchase date
            <input
              type="date"
              value={form.date}
              onChange={(event) => set('date', event.target.value)}
            />
          </label>
          {showPriceError && priceError && (
            <p id={`${id}-price-error`} className="field-error field-grid__wide" role="alert">
              {priceError}
            </p>
          )}
          <label className="field-grid__wide">
            Where you got it
            <input
              value={form.place}
              maxLength={200}
              placeholder="Target, swap meet, a trade…"
              onChange={(event) => set('place', event.target.value)}
            />
          </label>
          <label className="field-grid__wide">
            Notes
            <textarea
              value={form.notes}
              maxLength={2000}
              rows={2}
              onChange={(event) => set('notes', event.target.value)}
            />
          </label>
        </div>
        <div className="instance-card__actions">
          {confirming ? (
            <>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void removeCarInstance(carId, instance.instanceId)}
              >
                Remove copy {number}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="quiet-danger"
                aria-label={`Remove copy ${number}`}
                onClick={() => setConfirming(true)}
              >
                Remove
              </button>
              <span className="instance-card__status" role="status">
                {saved && !dirty ? 'Saved' : ''}
              </span>
              <button
                type="submit"
                className="primary"
                disabled={!dirty}
                aria-label={`Save copy ${number}`}
              >
                Save
              </button>
            </>
          )}
        </div>
      </form>
    </li>
  );
}
