// The live streams table, as GET /api/live reads it.
import { gt } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { liveStreams } from '../db/schema';
import type { StreamRow } from './stream-status';

/** The streams that start after `since` (older ones are no longer 'recent'). */
export function streamsSince(db: Queryable, since: Date): Promise<StreamRow[]> {
  return db.select().from(liveStreams).where(gt(liveStreams.startsAt, since));
}
