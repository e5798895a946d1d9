// A row of chips choosing one value (condition, grade): the quick check's add and 'Found it'.
import './chips.css';

export function Chips<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="qc-chips">
      <legend>{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="qc-chip"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}
