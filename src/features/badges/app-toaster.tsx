// The app's toasts (docs/product.md): at most 20 on screen (the oldest dismissed first), 4 s for blank,
// error and custom, 2 s for success, loading until dismissed. Foreground push messages (docs/api.md)
// arrive from the service worker and show as toasts with their title and body.
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';

export const MAX_TOASTS = 20;

export const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 4000,
  blank: { duration: 4000 },
  error: { duration: 4000 },
  custom: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
  style: {
    background: 'var(--surface-card)',
    color: 'var(--text)',
    fontSize: '15px',
    borderRadius: '12px',
    boxShadow: '0 6px 24px rgb(0 0 0 / 28%)',
  },
};

/** react-hot-toast has no "max" option: dismiss the oldest visible ones beyond MAX_TOASTS. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((shown) => shown.visible);
    if (visible.length <= MAX_TOASTS) return;
    [...visible]
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, visible.length - MAX_TOASTS)
      .forEach((oldest) => toast.dismiss(oldest.id));
  }, [toasts]);
  return null;
}

interface PushPayload {
  notification?: { title?: string; body?: string };
  data?: { title?: string; body?: string };
}

/** docs/product.md: the notification's title and body, or else the data's. */
export function pushMessageText(payload: PushPayload): { title: string; body: string } | null {
  const title = payload.notification?.title ?? payload.data?.title ?? '';
  const body = payload.notification?.body ?? payload.data?.body ?? '';
  return title || body ? { title, body } : null;
}

function usePushMessageToasts() {
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: PushPayload } | null;
      if (data?.type !== 'push-message' || !data.payload) return;
      // An alert is news from the server (a completed trade moves cars into this collection):
      // pull the snapshot now rather than at the next start.
      // The sync code is loaded after the first screen; a push message comes later anyway.
      void import('../../sync/background-tasks')
        .then(({ refreshSnapshot }) => refreshSnapshot())
        .catch(() => {});
      const text = pushMessageText(data.payload);
      if (!text) return;
      toast(
        <span className="push-toast">
          {text.title && <strong>{text.title}</strong>}
          {text.title && text.body && <br />}
          {text.body}
        </span>,
      );
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, []);
}

export function AppToaster() {
  usePushMessageToasts();
  return (
    <>
      <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />
      <ToastLimit />
    </>
  );
}
