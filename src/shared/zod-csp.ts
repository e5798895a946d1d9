// zod compiles fast object parsers with new Function() when it may. Under the app's Content
// Security Policy (no 'unsafe-eval') it may not, and even zod's probe for it is reported as a
// violation; so in a browser (page or worker) it is told up front to parse without eval. On the
// server (Node, no CSP) it keeps its compiled parsers.
import { z } from 'zod';

// Read through globalThis: this file is also compiled for the worker, which has no `window`.
const scope = globalThis as { window?: unknown; importScripts?: unknown };
const inBrowser = scope.window !== undefined || typeof scope.importScripts === 'function';

if (inBrowser) z.config({ jitless: true });
