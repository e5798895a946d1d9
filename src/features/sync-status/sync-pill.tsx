// The header's sync pill (UI.md): 'Offline · 3 waiting', 'Syncing…', 'All changes synced'.
import { useEffect, useState } from 'react';
import { describePending, useSyncStatus } from '../../sync/use-sync-status';

const FADE_AFTER_MS = 2000;

export function SyncPill({ userId }: { userId: string | null }) {
  const status = useSyncStatus(userId);
  let tone = 'synced';
  let text = describePending(status.pending);
  if (!status.online) {
    tone = 'offline';
    text = status.pending > 0 ? `Offline · ${describePending(status.pending)}` : 'Offline';
  } else if (status.syncing) {
    tone = 'syncing';
    text = 'Syncing…';
  } else if (status.pending > 0) {
    tone = 'waiting';
  }

  // The tone that has lasted FADE_AFTER_MS; only 'synced' fades to a dot.
  const [settledTone, setSettledTone] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettledTone(tone), FADE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [tone]);
  const faded = tone === 'synced' && settledTone === 'synced';

  return (
    <p
      className={`sync-pill sync-pill--${tone}${faded ? ' sync-pill--faded' : ''}`}
      role="status"
      aria-live="polite"
      data-pending={status.pending}
      title={text}
    >
      {text}
    </p>
  );
}
