// zod schemas of the posts commands (issue 5), shared by the device (checked before queueing)
// and the server (api/posts/post-commands.ts). Keyed by command name, e.g. 'posts/...'.
import type { z } from 'zod';

export const postCommandSchemas: Record<string, z.ZodType> = {};
