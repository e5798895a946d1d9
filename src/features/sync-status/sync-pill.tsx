// The header's sync pill (UI.md): 'Offline · 3 waiting', 'Syncing…', 'All changes synced'.
import { describePending, useSyncStatus } from '../../sync/use-sync-status';

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
  return (
    <p
      className={`sync-pill sync-pill--${tone}`}
      role="status"
      aria-live="polite"
      data-pending={status.pending}
    >
      {text}
    </p>
  );
}
