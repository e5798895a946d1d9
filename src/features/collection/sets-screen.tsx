// /collection/completedsets: sets where every car is owned (owned / total, a quiet gold edge),
// then the sets in progress, closest to complete first.
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useSetProgress, type SetProgressEntry } from '../../data/use-set-progress';
import { ScreenHeader } from '../../ui/screen-header';
import type { ListItem } from './collection-order';
import { EmptyState, ProgressBar, ScreenBody, SetRowLink } from './collection-parts';
import { GroupHeading, isHeader, tallSize } from './collection-screen';
import { VirtualList } from './virtual-list';

function render(item: ListItem<SetProgressEntry>) {
  if (item.kind === 'header')
    return <GroupHeading label={item.label} count={item.count} unit="set" />;
  const { set, owned, total, complete, setInstances } = item.entry;
  const missing = total - owned;
  return (
    <SetRowLink
      set={set}
      count={setInstances}
      className={complete ? 'cl-row--complete' : ''}
      sub={
        <span className="cl-row__progress">
          <ProgressBar owned={owned} total={total} />
          <span className="cl-tabular" aria-label={`${owned} of ${total} cars`}>
            {owned} / {total}
          </span>
          <span className="cl-row__hint">{complete ? 'Complete' : `${missing} to go`}</span>
        </span>
      }
    />
  );
}

function attributes(item: ListItem<SetProgressEntry>) {
  return item.kind === 'entry'
    ? {
        'data-set-id': item.entry.setId,
        'data-owned': item.entry.owned,
        'data-total': item.entry.total,
        'data-complete': String(item.entry.complete),
      }
    : { 'data-group': item.label };
}

export function CompletedSetsScreen() {
  const userId = useAuth().user?.uid ?? null;
  const progress = useSetProgress(userId);
  const items = useMemo(() => {
    if (!progress) return [];
    const out: ListItem<SetProgressEntry>[] = [];
    const section = (key: string, label: string, sets: SetProgressEntry[]) => {
      if (sets.length === 0) return;
      out.push({ kind: 'header', key, label, count: sets.length });
      for (const set of sets) out.push({ kind: 'entry', key: set.key, entry: set });
    };
    section('complete', 'Complete', progress.complete);
    section('progress', 'In progress', progress.inProgress);
    return out;
  }, [progress]);

  return (
    <>
      <ScreenHeader title="Completed Sets" back="/collection" />
      <ScreenBody label="Completed sets">
        {progress === undefined ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : items.length === 0 ? (
          <EmptyState
            title="No sets started yet"
            text="Every car you add counts toward its series or 5-pack. Complete sets show here with a gold edge."
          >
            <Link href="/mainlines/2025" className="pill-link pill-link--primary">
              Browse 2025 mainlines
            </Link>
          </EmptyState>
        ) : (
          <>
            {progress.complete.length === 0 && (
              <p className="cl-none">No complete set yet — the closest ones are first below.</p>
            )}
            <VirtualList
              items={items}
              sizeOf={tallSize}
              isSticky={isHeader}
              render={render}
              attributesOf={attributes}
              label="Sets"
            />
          </>
        )}
      </ScreenBody>
    </>
  );
}
