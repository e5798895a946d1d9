// Where the sign-in screens send a collector afterwards: the `next` query parameter, but only a
// same-origin path (never another site, never back to a sign-in screen).
export const DEFAULT_NEXT = '/home';

const PROBE_ORIGIN = 'https://next.invalid';
const SIGN_IN_PATHS = /^\/(login|signup|set-new-password|auth\/action|__\/auth\/action)\/?$/;

/** A same-origin path starting with '/' (normalised), else `fallback`. */
export function safeNext(raw: string | null | undefined, fallback = DEFAULT_NEXT): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return fallback;
  }
  try {
    const url = new URL(raw, PROBE_ORIGIN);
    // '/\t/evil.example' and friends normalise to another host: refuse them.
    if (url.origin !== PROBE_ORIGIN) return fallback;
    if (SIGN_IN_PATHS.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The `next` parameter of a query string (wouter's useSearch, without '?'). */
export function nextFromSearch(search: string, fallback = DEFAULT_NEXT): string {
  return safeNext(new URLSearchParams(search).get('next'), fallback);
}

/**
 * An email link's continueUrl as a path of this app: an absolute URL of this origin or a
 * same-origin path; '/' and anything else give `fallback`.
 */
export function nextFromContinueUrl(
  continueUrl: string | null | undefined,
  origin: string,
  fallback = DEFAULT_NEXT,
): string {
  if (!continueUrl) return fallback;
  try {
    const url = new URL(continueUrl, origin);
    if (url.origin !== origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path === '/' ? fallback : safeNext(path, fallback);
  } catch {
    return fallback;
  }
}

/** A sign-in screen's path carrying `next` along (none when it is the default). */
export function withNext(path: string, next: string): string {
  return next === DEFAULT_NEXT ? path : `${path}?next=${encodeURIComponent(next)}`;
}
