// zod schemas of the profiles commands (issue 5), shared by the device (checked before queueing)
// and the server (api/profiles/profile-commands.ts). Keyed by command name, e.g. 'profiles/...'.
import type { z } from 'zod';

export const profileCommandSchemas: Record<string, z.ZodType> = {};
