// Reading a Web Push payload (docs/product.md: notification or data, each with title and body; data.url
// says where a tap goes). Pure: the service worker and tests share it.

export interface PushText {
  title: string;
  body: string;
  /** A same-origin path; '/' when the message names none or names somewhere else. */
  url: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Only a path on this site may be opened from a notification. */
export function safePath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';
}

export function readPushMessage(payload: unknown): PushText | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { notification, data } = payload as {
    notification?: Record<string, unknown>;
    data?: Record<string, unknown>;
  };
  const title = text(notification?.title) || text(data?.title);
  const body = text(notification?.body) || text(data?.body);
  if (!title && !body) return null;
  return { title, body, url: safePath(data?.url) };
}
