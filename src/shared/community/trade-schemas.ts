// zod schemas of the trade commands (issue 5), shared by the device (checked before queueing)
// and the server (api/trade/trade-commands.ts). Keyed by command name, e.g. 'trade/...'.
import type { z } from 'zod';

export const tradeCommandSchemas: Record<string, z.ZodType> = {};
