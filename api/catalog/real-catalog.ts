// Where the real Hot Wheels catalogue the product ships lives (see data/LICENSE.md).
import { fileURLToPath } from 'node:url';

export const REAL_CATALOG_PATH = fileURLToPath(
  new URL('./data/hotwheels-1995-2025.json.gz', import.meta.url),
);
