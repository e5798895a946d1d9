// A live stream's status from the clock: scheduled before it starts, live until it ends, ended.
import type { liveStreams } from '../db/schema';

export type StreamRow = typeof liveStreams.$inferSelect;
export type StreamStatus = 'scheduled' | 'live' | 'ended';

/** A stream with no end time is taken to run this long (the usual length of a show). */
export const DEFAULT_STREAM_MS = 3 * 60 * 60 * 1000;

export function streamStatus(stream: StreamRow, now: Date): StreamStatus {
  // A host can end a stream early: the stored 'ended' wins over the clock.
  if (stream.status === 'ended') return 'ended';
  const start = stream.startsAt.getTime();
  const end = stream.endsAt?.getTime() ?? start + DEFAULT_STREAM_MS;
  if (now.getTime() < start) return 'scheduled';
  return now.getTime() < end ? 'live' : 'ended';
}

export function streamBody(stream: StreamRow, now: Date) {
  return {
    id: stream.id,
    title: stream.title,
    hostName: stream.hostName,
    description: stream.description,
    startsAt: stream.startsAt.toISOString(),
    endsAt: stream.endsAt?.toISOString() ?? null,
    status: streamStatus(stream, now),
    embedUrl: stream.embedUrl,
  };
}

export type StreamBody = ReturnType<typeof streamBody>;

/** GET /api/live's answer: live now, upcoming soonest first, recent latest first (at most 10). */
export function groupStreams(rows: StreamRow[], now: Date) {
  const bodies = rows.map((row) => streamBody(row, now));
  const by = (status: StreamStatus) => bodies.filter((body) => body.status === status);
  const startOf = (body: StreamBody) => Date.parse(body.startsAt);
  return {
    live: by('live').sort((a, b) => startOf(a) - startOf(b)),
    upcoming: by('scheduled').sort((a, b) => startOf(a) - startOf(b)),
    recent: by('ended')
      .sort((a, b) => startOf(b) - startOf(a))
      .slice(0, RECENT_LIMIT),
  };
}

export const RECENT_LIMIT = 10;
