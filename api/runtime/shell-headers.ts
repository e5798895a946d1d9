// The security headers of the app shell (index.html, its assets, the service worker): a Content
// Security Policy that allows exactly what the built app loads, no framing by other sites, and
// a referrer policy that leaks no path to other origins. What Firebase Auth needs depends on
// the project (its authDomain hosts the sign-in helper frame) and on the emulator in development;
// catalogue photos are allowed from the origins the catalogue's photos come from, and no others.
import type { ClientConfig } from './client-config';

/** Where Firebase Auth's web SDK talks to and loads its popup/redirect helper from. */
const FIREBASE_AUTH_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/** gapi, loaded by the popup/redirect resolver for Google sign-in. */
const GOOGLE_SCRIPTS = 'https://apis.google.com';
/** Live streams are embedded YouTube players (api/live: embedUrl). */
const PLAYERS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export interface ShellHeaders {
  /** For index.html and every file but the service worker. */
  document: Record<string, string>;
  /** For sw.js: a worker's fetches (catalogue photos from their own hosts) obey its own CSP. */
  serviceWorker: Record<string, string>;
}

/**
 * `photoOrigins`: where the catalogue's photos live (api/catalog/photo-origins.ts). The page
 * shows them (img-src) and keeps them for offline (connect-src: fetch, CORS or opaque); the
 * worker serves and caches them (its connect-src).
 */
export function shellHeaders(
  config: ClientConfig | undefined,
  photoOrigins: readonly string[] = [],
): ShellHeaders {
  const emulator = config?.authEmulatorHost ? [`http://${config.authEmulatorHost}`] : [];
  const authDomain = config?.firebase.authDomain ? [`https://${config.firebase.authDomain}`] : [];
  const common = {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
  const documentPolicy = policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", GOOGLE_SCRIPTS],
    // react-hot-toast writes its styles into a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Catalogue photos come from the catalogue's own hosts, picked photos are blobs.
    'img-src': ["'self'", 'data:', 'blob:', ...photoOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_AUTH_APIS, ...photoOrigins, ...emulator],
    'frame-src': [...authDomain, ...PLAYERS, ...emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  const workerPolicy = policy({
    'default-src': ["'self'"],
    // The worker caches catalogue photos from their hosts and refreshes sign-in tokens.
    'connect-src': ["'self'", ...FIREBASE_AUTH_APIS, ...photoOrigins, ...emulator],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  });
  return {
    document: { ...common, 'Content-Security-Policy': documentPolicy },
    serviceWorker: { ...common, 'Content-Security-Policy': workerPolicy },
  };
}
