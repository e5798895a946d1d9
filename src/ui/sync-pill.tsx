// The header's sync pill: 'All changes synced', 'Syncing…', '3 changes waiting to sync',
// 'Offline · …', 'Can't reach the server · …', with a 'Sync now' button while changes wait.
import { useEffect, useState } from 'react';
import { useSyncStatus } from '../data/use-sync-status';
import { describeSync, type SyncTone } from '../data/sync-wording';

const FADE_AFTER_MS = 2000;

export function SyncPill({ userId }: { userId: string | null }) {
  const status = useSyncStatus(userId);
  const { tone, text, short, detail } = describeSync(status);

  // The tone that has lasted FADE_AFTER_MS; only 'synced' fades to a dot.
  const [settledTone, setSettledTone] = useState<SyncTone | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettledTone(tone), FADE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [tone]);
  const faded = tone === 'synced' && settledTone === 'synced';

  return (
    <div className="sync-status">
      <p
        className={`sync-pill sync-pill--${tone}${faded ? ' sync-pill--faded' : ''}`}
        role="status"
        aria-live="polite"
        data-pending={status.pending}
        data-waiting={status.waiting}
        data-set-aside={status.setAside}
        // Shown in place of the full words, which stay the status's text (app.css).
        data-short={short ?? undefined}
        title={detail ? `${text}. ${detail}` : text}
      >
        {text}
      </p>
      {status.waiting > 0 && !status.syncing && (
        <button
          type="button"
          className="sync-now"
          aria-label="Sync now"
          title="Sync now"
          onClick={() =>
            void import('../sync/page-sync').then(({ requestReplay }) => requestReplay('manual'))
          }
        >
          <span aria-hidden="true">↻</span>
        </button>
      )}
    </div>
  );
}
