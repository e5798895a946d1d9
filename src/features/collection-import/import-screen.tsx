// /settings/import: bring a collection in from a CSV file. This app's own export comes back
// exactly; another spreadsheet's columns are mapped here. Nothing is written before the preview
// (matched, pick one, not found) is confirmed; then the copies go through the outbox in chunks.
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { useOwnedInstanceIds } from '../../data/use-owned-instance-ids';
import { showError } from '../../errors/show-error';
import { ScreenHeader } from '../../ui/screen-header';
import { formatCount, plural, ScreenBody, SyncLine } from '../collection';
import { CatalogueMatcher } from './catalogue-match';
import { queueImport, type ImportProgress } from './import-actions';
import { plannedCopies, previewImport } from './import-plan';
import {
  guessMapping,
  isAppExport,
  readCsvTable,
  type ColumnMapping,
  type CsvTable,
} from './import-table';
import { MappingForm } from './mapping-form';
import { AmbiguousRow, carLine } from './car-choice';
import './import.css';

interface LoadedFile {
  name: string;
  table: CsvTable;
  format: 'app' | 'foreign';
}

export function ImportScreen() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const catalog = useDeviceCatalog();
  const existing = useOwnedInstanceIds(userId);
  const fileId = useId();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [picks, setPicks] = useState<Map<number, string>>(new Map());
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [running, setRunning] = useState(false);
  // Ids present when the preview was first made: rows the import itself adds stay "to add" in
  // the preview below while it runs, instead of flipping to "already in your collection".
  const [heldBefore, setHeldBefore] = useState<Set<string> | null>(null);

  const matcher = useMemo(() => (catalog ? new CatalogueMatcher(catalog.cars) : null), [catalog]);
  const held = heldBefore ?? existing;

  const preview = useMemo(() => {
    if (!file || !mapping || !matcher || !catalog || !held) return null;
    return previewImport(
      file.table,
      file.format,
      mapping,
      matcher,
      (id) => catalog.hasCar(id),
      held,
    );
  }, [file, mapping, matcher, catalog, held]);
  const summary = useMemo(
    () => (preview && held ? plannedCopies(preview, picks, held) : null),
    [preview, picks, held],
  );

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    try {
      const table = readCsvTable(await chosen.text());
      if (table.header.length === 0) throw new Error('That file is empty');
      const format = isAppExport(table.header) ? 'app' : 'foreign';
      setFile({ name: chosen.name, table, format });
      setMapping(guessMapping(table.header));
      setPicks(new Map());
      setProgress(null);
      setHeldBefore(null);
    } catch (error) {
      showError(
        error instanceof Error
          ? new Error(`Could not read ${chosen.name}: ${error.message}`)
          : error,
      );
    }
  };

  const run = async () => {
    if (!summary || summary.copies.length === 0 || !existing) return;
    setRunning(true);
    setHeldBefore(new Set(existing));
    try {
      const added = await queueImport(summary.copies, setProgress);
      toast.success(`Added ${plural(added, 'car')} to your collection`, { id: 'import' });
    } catch (error) {
      showError(error);
    } finally {
      setRunning(false);
    }
  };

  const groups = preview
    ? {
        ambiguous: preview.rows.filter((row) => row.status === 'ambiguous'),
        unmatched: preview.rows.filter(
          (row) => row.status === 'unmatched' || row.status === 'unreadable',
        ),
        matched: preview.rows.filter((row) => row.status === 'matched'),
      }
    : null;
  const done = progress !== null && !running && progress.saved === progress.total;

  return (
    <>
      <ScreenHeader title="Import CSV" back="/settings" />
      <ScreenBody label="Import a collection from CSV">
        <section className="card im-section" aria-labelledby="im-file">
          <h2 id="im-file" className="cl-section__title">
            Choose a file
          </h2>
          <p className="cl-setting__hint" id={`${fileId}-hint`}>
            A CSV exported from this app comes back exactly. From another spreadsheet, you say which
            column is which. Nothing is added until you confirm, and importing the same file again
            adds nothing twice.
          </p>
          <label htmlFor={fileId} className="im-file">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={`${fileId}-hint`}
            disabled={running}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {file && (
            <p className="im-format" data-testid="import-format">
              {file.name}: {plural(file.table.rows.length, 'row')},{' '}
              {file.format === 'app' ? 'exported from Diecast Garage' : 'from another spreadsheet'}
            </p>
          )}
          {catalog === null && (
            <p role="alert">
              The catalogue is not on this device yet: open the app online once, then import.
            </p>
          )}
        </section>

        {file?.format === 'foreign' && mapping && (
          <MappingForm
            table={file.table}
            mapping={mapping}
            onChange={(field, column) => {
              setMapping({ ...mapping, [field]: column });
              setPicks(new Map());
            }}
          />
        )}

        {preview && summary && groups && catalog && (
          <>
            <section className="card im-section" aria-labelledby="im-summary">
              <h2 id="im-summary" className="cl-section__title">
                Before anything is added
              </h2>
              <ul className="im-totals" data-testid="import-summary">
                <li>
                  <strong>{formatCount(summary.copies.length)}</strong> to add
                </li>
                <li>
                  <strong>{formatCount(groups.ambiguous.length)}</strong> to pick
                </li>
                <li>
                  <strong>{formatCount(groups.unmatched.length)}</strong> not found
                </li>
                <li>
                  <strong>{formatCount(summary.alreadyHave)}</strong> already in your collection
                </li>
              </ul>
              {progress && (
                <div role="status" aria-live="polite" className="im-progress">
                  <progress
                    max={progress.total}
                    value={progress.saved}
                    aria-label="Import progress"
                  />
                  <span data-testid="import-progress">
                    {done
                      ? `Added ${plural(progress.saved, 'car')}. They reach the server with your other changes:`
                      : `Saved on this device: ${formatCount(progress.saved)} / ${formatCount(progress.total)}`}
                  </span>
                  {done && <SyncLine userId={userId} />}
                </div>
              )}
              {!done && (
                <button
                  type="button"
                  className="primary"
                  disabled={running || summary.copies.length === 0}
                  onClick={() => void run()}
                >
                  {summary.copies.length === 0
                    ? summary.alreadyHave > 0
                      ? 'Everything here is already in your collection'
                      : 'Nothing to add'
                    : `Add ${plural(summary.copies.length, 'car')} to my collection`}
                </button>
              )}
              {done && (
                <Link href="/collection" className="pill-link pill-link--primary">
                  See my collection
                </Link>
              )}
            </section>

            {groups.ambiguous.length > 0 && (
              <section className="card im-section" aria-labelledby="im-ambiguous">
                <h2 id="im-ambiguous" className="cl-section__title">
                  Pick the right car ({formatCount(groups.ambiguous.length)})
                </h2>
                {groups.ambiguous.map((row) =>
                  row.status === 'ambiguous' ? (
                    <AmbiguousRow
                      key={row.line}
                      row={row}
                      catalog={catalog}
                      pick={picks.get(row.line)}
                      onPick={(carId) => {
                        const next = new Map(picks);
                        if (carId === undefined) next.delete(row.line);
                        else next.set(row.line, carId);
                        setPicks(next);
                      }}
                    />
                  ) : null,
                )}
              </section>
            )}

            {groups.unmatched.length > 0 && (
              <section className="card im-section" aria-labelledby="im-unmatched">
                <h2 id="im-unmatched" className="cl-section__title">
                  Not found, left out ({formatCount(groups.unmatched.length)})
                </h2>
                <ul className="im-rows" data-testid="import-unmatched">
                  {groups.unmatched.map((row) => (
                    <li key={row.line}>
                      <strong>
                        Line {row.line}: {row.label}
                      </strong>
                      <span className="muted">
                        {row.status === 'unmatched' || row.status === 'unreadable'
                          ? row.reason
                          : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {groups.matched.length > 0 && (
              <section className="card im-section" aria-labelledby="im-matched">
                <h2 id="im-matched" className="cl-section__title">
                  Matched ({formatCount(groups.matched.length)})
                </h2>
                <ul className="im-rows" data-testid="import-matched">
                  {groups.matched.slice(0, 200).map((row) => (
                    <li key={row.line}>
                      <strong>
                        Line {row.line}:{' '}
                        {row.status === 'matched' ? carLine(catalog, row.carId) : row.label}
                      </strong>
                      <span className="muted">
                        {plural(row.copies.length, 'copy', 'copies')}
                        {row.alreadyHave > 0
                          ? ` · ${formatCount(row.alreadyHave)} already in your collection`
                          : ''}
                      </span>
                    </li>
                  ))}
                  {groups.matched.length > 200 && (
                    <li className="muted">and {plural(groups.matched.length - 200, 'more row')}</li>
                  )}
                </ul>
              </section>
            )}
          </>
        )}
      </ScreenBody>
    </>
  );
}
