// The import's column mapping: for each field the app reads, which column of a foreign
// spreadsheet holds it (guessed from the header first), each shown with a sample value.
import {
  FIELD_LABELS,
  IMPORT_FIELDS,
  type ColumnMapping,
  type CsvTable,
  type ImportField,
} from './import-table';

const NO_COLUMN = '';

export function MappingForm({
  table,
  mapping,
  onChange,
}: {
  table: CsvTable;
  mapping: ColumnMapping;
  onChange: (field: ImportField, column: number | null) => void;
}) {
  const sample = table.rows[0]?.cells ?? [];
  return (
    <section className="card im-section" aria-labelledby="im-mapping">
      <h2 id="im-mapping" className="cl-section__title">
        Which column is which?
      </h2>
      <p className="cl-setting__hint">
        Rows are matched by toy number first, then by casting name and year. Leave a field out if
        the file has no column for it.
      </p>
      <div className="im-mapping">
        {IMPORT_FIELDS.map((field) => {
          const id = `im-map-${field}`;
          const column = mapping[field];
          return (
            <div className="cl-setting" key={field}>
              <label htmlFor={id}>{FIELD_LABELS[field]}</label>
              <select
                id={id}
                value={column === null ? NO_COLUMN : String(column)}
                onChange={(event) =>
                  onChange(
                    field,
                    event.target.value === NO_COLUMN ? null : Number(event.target.value),
                  )
                }
              >
                <option value={NO_COLUMN}>Not in the file</option>
                {table.header.map((name, index) => (
                  <option key={index} value={String(index)}>
                    {name || `Column ${index + 1}`}
                    {sample[index] ? ` (e.g. ${sample[index].slice(0, 24)})` : ''}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </section>
  );
}
