// '12 / 2,000' under a text field; it turns red past the limit and is read out only near it.
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const format = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));

export function TextCount({ id, length, max }: { id: string; length: number; max: number }) {
  const near = length > max * 0.9;
  return (
    <span
      id={id}
      className={`social-count${length > max ? ' social-count--over' : ''}`}
      aria-live={near ? 'polite' : 'off'}
    >
      {format().format(length)} / {format().format(max)}
      <span className="social-sr"> characters</span>
    </span>
  );
}
