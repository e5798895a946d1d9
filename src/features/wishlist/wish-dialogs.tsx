// The wishlist's two small forms, each in a modal dialog: a wish's max price and note, and
// 'Found it' (the price paid, prefilled with the max price, and the condition and grade chips
// of the last quick add). A bad value is named under its field and nothing changes.
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';
import { CONDITIONS, GRADES, type Condition, type Grade } from '../../shared/collection/types';
import { Chips, useLastAddChips } from '../quick-check';
import { checkPricePaid, checkWishForm, priceText, type WishFormErrors } from './wish-form';
import { foundIt, saveWish } from './wishlist-actions';
import './wishlist.css';

interface WishedCar {
  carId: string;
  name: string;
  maxPrice: number | null;
  note: string;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}

export function WishDetailsDialog({ car, onClose }: { car: WishedCar; onClose: () => void }) {
  const titleId = useId();
  const priceId = useId();
  const noteId = useId();
  const [form, setForm] = useState({ maxPrice: priceText(car.maxPrice), note: car.note });
  const [errors, setErrors] = useState<WishFormErrors>({});
  const [saving, setSaving] = useState(false);
  const edit = (field: keyof typeof form, value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWishForm(car.carId, form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    const saved = await saveWish(checked.args);
    setSaving(false);
    if (saved) onClose();
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <form className="wish-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>{car.name}</h2>
        <label htmlFor={`${priceId}-field`}>Most you would pay</label>
        <input
          id={`${priceId}-field`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="5.00"
          value={form.maxPrice}
          data-autofocus
          aria-invalid={errors.maxPrice !== undefined}
          aria-describedby={errors.maxPrice ? priceId : undefined}
          onChange={(event) => edit('maxPrice', event.target.value)}
        />
        <FieldError id={priceId} error={errors.maxPrice} />
        <label htmlFor={`${noteId}-field`}>Note</label>
        <textarea
          id={`${noteId}-field`}
          rows={2}
          placeholder="Only carded, the blue one…"
          value={form.note}
          aria-invalid={errors.note !== undefined}
          aria-describedby={errors.note ? noteId : undefined}
          onChange={(event) => edit('note', event.target.value)}
        />
        <FieldError id={noteId} error={errors.note} />
        <div className="wish-dialog__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function FoundItDialog({
  car,
  money,
  onClose,
}: {
  car: WishedCar;
  money: (amount: number) => string;
  onClose: () => void;
}) {
  const titleId = useId();
  const priceId = useId();
  const last = useLastAddChips();
  const [price, setPrice] = useState(priceText(car.maxPrice));
  const [condition, setCondition] = useState<Condition>(last.condition);
  const [grade, setGrade] = useState<Grade>(last.grade);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPricePaid(price);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setAdding(true);
    const added = await foundIt(car.carId, { purchasePrice: checked.price, condition, grade });
    setAdding(false);
    if (added) onClose();
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <form className="wish-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>Found {car.name}</h2>
        <p className="muted wish-dialog__hint">
          {car.maxPrice !== null ? `You said you would pay up to ${money(car.maxPrice)}. ` : ''}
          It moves from your wishlist into your collection.
        </p>
        {car.note && <p className="wish-dialog__note">Your note: {car.note}</p>}
        <label htmlFor={`${priceId}-field`}>Price paid</label>
        <input
          id={`${priceId}-field`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={price}
          data-autofocus
          aria-invalid={error !== null}
          aria-describedby={error ? priceId : undefined}
          onChange={(event) => {
            setPrice(event.target.value);
            setError(null);
          }}
        />
        <FieldError id={priceId} error={error ?? undefined} />
        <Chips<Condition>
          legend="Condition"
          options={CONDITIONS}
          value={condition}
          onChange={setCondition}
        />
        <Chips<Grade> legend="Grade" options={GRADES} value={grade} onChange={setGrade} />
        <div className="wish-dialog__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={adding}>
            Add to collection
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
