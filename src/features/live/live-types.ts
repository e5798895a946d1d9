// What GET /api/live answers (api/live/stream-status.ts).

export interface LiveStream {
  id: string;
  title: string;
  hostName: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  status: 'scheduled' | 'live' | 'ended';
  embedUrl: string;
}

export interface LiveAnswer {
  live: LiveStream[];
  upcoming: LiveStream[];
  recent: LiveStream[];
}

export const LIVE_PATH = '/api/live';

/** Only an https player is embedded; anything else shows the placeholder. */
export function embeddable(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A YouTube embed's watch page, for 'Open on YouTube' when the player cannot show here. */
export function watchUrl(embedUrl: string): string | null {
  const match = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/([\w-]+)/.exec(embedUrl);
  return match ? `https://www.youtube.com/watch?v=${match[1]}` : null;
}
