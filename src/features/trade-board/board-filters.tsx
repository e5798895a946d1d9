// The trade board's filters (brand, year, series, hunt, trade or sale) as chip groups, kept in
// the URL's query so a filtered board can be shared and Back restores it.
import { useFilterOptions } from '../../data/use-catalog-browse';
import { BRANDS } from '../../shared/catalog/types';

export const FILTER_KEYS = ['brand', 'year', 'series', 'hunt', 'type'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

function ChipGroup({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="tb-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="tb-chip-button"
          aria-pressed={value === option.value}
          onClick={() => onChange(value === option.value ? '' : option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export function Filters({
  values,
  onChange,
}: {
  values: Record<FilterKey, string>;
  onChange: (key: FilterKey, value: string) => void;
}) {
  const options = useFilterOptions();
  const select = (key: FilterKey, label: string, choices: readonly (string | number)[]) => (
    <label className="tb-select">
      <span>{label}</span>
      <select value={values[key]} onChange={(event) => onChange(key, event.target.value)}>
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice} value={String(choice)}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="tb-filters" aria-label="Filter listings">
      <div className="tb-filters__selects">
        {select('brand', 'Brand', BRANDS)}
        {select('year', 'Year', options?.years ?? [])}
        {select('series', 'Series', options?.series ?? [])}
      </div>
      <div className="tb-filters__chips">
        <ChipGroup
          label="Trade or sale"
          value={values.type}
          options={[
            { value: 'trade', label: 'For trade' },
            { value: 'sale', label: 'For sale' },
          ]}
          onChange={(value) => onChange('type', value)}
        />
        <ChipGroup
          label="Hunt"
          value={values.hunt}
          options={[
            { value: 'TH', label: 'TH' },
            { value: 'STH', label: 'STH' },
          ]}
          onChange={(value) => onChange('hunt', value)}
        />
      </div>
    </section>
  );
}
