// zod compiles fast object parsers with new Function() when it may. Under the app's Content
// Security Policy (no 'unsafe-eval') it may not, and even zod's probe for it is reported as a
// violation; so in a browser (page or worker) it is told up front to parse without eval. On the
// server (Node, no CSP) it keeps its compiled parsers.
import { z } from 'zod';

const inBrowser =
  typeof window !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

if (inBrowser) z.config({ jitless: true });
