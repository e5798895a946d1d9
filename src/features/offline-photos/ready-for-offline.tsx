// "Get ready for offline" (Settings): keeps the photos of the wishlist, the collection and the
// years and series the collector picks on the device, with the size before it starts, a
// progress bar, the browser asked to keep the storage, and a way to free the space.
import { useEffect, useId, useRef, useState } from 'react';
import { useFilterOptions } from '../../data/use-catalog-browse';
import { usePhotoPlan, type PhotoChoice } from '../../data/photo-plan';
import { freeAllKeptPhotos, reloadKeptPhotos, useKeptPhotos } from '../../sync/kept-photos-store';
import {
  askToPersist,
  AVERAGE_PHOTO_BYTES,
  freeSpaceBytes,
  keepPhotos,
  type KeepOutcome,
  type KeepProgress,
} from '../../sync/photo-keeper';
import './offline-photos.css';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const number = madeOnFirstUse(() => new Intl.NumberFormat(undefined));

/** '38 MB', '820 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function outcomeText(outcome: KeepOutcome): string {
  if (outcome.kind === 'unsupported') return 'This browser cannot keep photos for offline.';
  const { done, failed } = outcome.progress;
  const kept = `${number().format(done - failed)} photos kept`;
  const missed =
    failed > 0 ? `; ${number().format(failed)} could not be downloaded (try again later)` : '';
  if (outcome.kind === 'out-of-space') {
    return `Your device is out of space for photos: ${kept} before it ran out${missed}.`;
  }
  if (outcome.kind === 'cancelled') return `Stopped: ${kept}${missed}. Start again to go on.`;
  return `Ready: ${kept}${missed}.`;
}

function Picker({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: readonly string[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  return (
    <div className="offline-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const value = event.target.value;
          if (value && !chosen.includes(value)) onChange([...chosen, value]);
        }}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option} disabled={chosen.includes(option)}>
            {option}
          </option>
        ))}
      </select>
      {chosen.length > 0 && (
        <ul className="offline-chosen">
          {chosen.map((value) => (
            <li key={value}>
              <button
                type="button"
                aria-label={`Remove ${value}`}
                onClick={() => onChange(chosen.filter((other) => other !== value))}
              >
                {value} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ReadyForOffline({ userId }: { userId: string }) {
  const [choice, setChoice] = useState<PhotoChoice>({
    wishlist: true,
    collection: true,
    years: [],
    series: [],
  });
  const plan = usePhotoPlan(userId, choice);
  const options = useFilterOptions();
  const kept = useKeptPhotos();
  const [progress, setProgress] = useState<KeepProgress | null>(null);
  const [outcome, setOutcome] = useState<KeepOutcome | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const [free, setFree] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    void freeSpaceBytes().then(setFree);
  }, [kept]);
  useEffect(() => () => running.current?.abort(), []);
  const section = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Opened from the wishlist's prompt (/settings#ready-for-offline): bring it into view.
    if (window.location.hash === '#ready-for-offline') section.current?.scrollIntoView();
  }, []);

  const urls = plan?.urls ?? [];
  const missing = urls.filter((url) => !kept.has(new URL(url, location.href).href));
  const estimate = missing.length * AVERAGE_PHOTO_BYTES;
  const busy = progress !== null && outcome === null;

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setOutcome(null);
    setProgress({ done: 0, total: missing.length, bytes: 0, failed: 0 });
    setPersisted(await askToPersist());
    const result = await keepPhotos(missing, {
      signal: controller.signal,
      onProgress: (next) => {
        setProgress(next);
        // Tiles show their "kept" mark as the download goes, not only at its end.
        if (next.done % 25 === 0) void reloadKeptPhotos();
      },
    });
    await reloadKeptPhotos();
    setOutcome(result);
    running.current = null;
  };

  return (
    <section
      ref={section}
      className="cl-settings card"
      id="ready-for-offline"
      aria-labelledby="offline-title"
    >
      <h2 id="offline-title" className="cl-section__title">
        Get ready for offline
      </h2>
      <p className="cl-setting__hint">
        Keep car photos on this device, so they show at a fair with no signal. Photos not kept show
        the car&apos;s name and colour instead.
      </p>
      <fieldset className="offline-choice" disabled={busy}>
        <legend className="visually-hidden">Photos to keep</legend>
        <label>
          <input
            type="checkbox"
            checked={choice.wishlist}
            onChange={(event) => setChoice({ ...choice, wishlist: event.target.checked })}
          />
          My wishlist ({number().format(plan?.counts.wishlist ?? 0)} photos)
        </label>
        <label>
          <input
            type="checkbox"
            checked={choice.collection}
            onChange={(event) => setChoice({ ...choice, collection: event.target.checked })}
          />
          My collection ({number().format(plan?.counts.collection ?? 0)} photos)
        </label>
        <Picker
          label="Add a year"
          options={(options?.years ?? []).map(String)}
          chosen={choice.years.map(String)}
          onChange={(years) => setChoice({ ...choice, years: years.map(Number) })}
        />
        <Picker
          label="Add a series"
          options={options?.series ?? []}
          chosen={choice.series}
          onChange={(series) => setChoice({ ...choice, series })}
        />
      </fieldset>
      <p className="offline-size" data-testid="offline-size">
        {urls.length === 0
          ? 'No photos to keep: the cars you picked have none in the catalogue.'
          : missing.length === 0
            ? `All ${number().format(urls.length)} photos of your choice are on this device.`
            : `${number().format(missing.length)} photos to download, about ${formatBytes(estimate)}` +
              (urls.length > missing.length
                ? ` (${number().format(urls.length - missing.length)} already here)`
                : '') +
              '.'}
        {free !== null && ` ${formatBytes(free)} free for this app.`}
      </p>
      {busy && progress && (
        <div className="offline-progress" role="status">
          <p>
            Downloading photos · {number().format(progress.done)} /{' '}
            {number().format(progress.total)}
          </p>
          <progress max={progress.total || 1} value={progress.done} />
        </div>
      )}
      {outcome && (
        <p className="offline-outcome" role="status">
          {outcomeText(outcome)}
        </p>
      )}
      {persisted === false && outcome && (
        <p className="cl-setting__hint">
          This browser did not promise to keep them: it may clear them when space runs low.
        </p>
      )}
      <div className="cl-actions">
        {busy ? (
          <button type="button" onClick={() => running.current?.abort()}>
            Stop
          </button>
        ) : (
          missing.length > 0 && (
            <button type="button" className="primary" onClick={() => void start()}>
              Download {number().format(missing.length)} photos
            </button>
          )
        )}
        {kept.size > 0 && !busy && (
          <button
            type="button"
            onClick={() => {
              setOutcome(null);
              setProgress(null);
              void freeAllKeptPhotos();
            }}
          >
            Free this space ({number().format(kept.size)} photos)
          </button>
        )}
      </div>
    </section>
  );
}
