// Small pieces the profile screens share: the offline line and a centred message with actions.
import type { ReactNode } from 'react';

/** The kept copy is shown (DESIGN: say so plainly, never pretend it is live). */
export function OfflineNote() {
  return (
    <p className="pf-offline" role="status">
      Offline · showing what this device saved
    </p>
  );
}

export function ScreenMessage({
  title,
  status = false,
  actions,
  children,
}: {
  title?: string;
  /** A loading line: announced politely. */
  status?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="app-main pf-main">
      <div className="pf-message" role={status ? 'status' : undefined}>
        {title && <h2>{title}</h2>}
        <p className="muted">{children}</p>
        {actions && <div className="pf-message__actions">{actions}</div>}
      </div>
    </main>
  );
}
