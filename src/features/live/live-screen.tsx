// /live (guarded, outside the nav layout): the stream on air embedded, what is coming up in
// local time, and what recently ended. The list reads offline from the device; the player
// needs a connection and says so.
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { OfflineNote } from '../learn';
import { embeddable, LIVE_PATH, watchUrl, type LiveAnswer, type LiveStream } from './live-types';
import { streamTime } from './stream-time';
import { useOnline } from '../../data/use-online';
import './live.css';

/** What the YouTube player needs; nothing more (no camera, no microphone). */
const PLAYER_ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';

function Player({ stream }: { stream: LiveStream }) {
  const online = useOnline();
  const canEmbed = online && embeddable(stream.embedUrl);
  return (
    <div className="live-player">
      {/* Behind the frame: seen while it loads, or instead of it offline. */}
      <div className="live-player__placeholder" aria-hidden={canEmbed}>
        <span className="live-player__icon" aria-hidden="true">
          ▶
        </span>
        <span>
          {canEmbed
            ? 'Loading the stream…'
            : 'The stream needs a connection. It plays here when you are back online.'}
        </span>
      </div>
      {canEmbed && (
        <iframe
          title={`Live stream: ${stream.title}`}
          src={stream.embedUrl}
          allow={PLAYER_ALLOW}
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      )}
    </div>
  );
}

function OnAir({ stream }: { stream: LiveStream }) {
  // The player's own controls sit at its edges: the way out to YouTube goes below it.
  const watch = watchUrl(stream.embedUrl);
  return (
    <article className="live-onair card" aria-labelledby={`stream-${stream.id}`}>
      <Player stream={stream} />
      <div className="live-onair__text">
        <p className="live-badge">
          <span className="live-badge__dot" aria-hidden="true" />
          Live now
        </p>
        <h3 id={`stream-${stream.id}`}>{stream.title}</h3>
        <p className="live-meta">
          {stream.hostName} · started{' '}
          <time dateTime={stream.startsAt}>{streamTime(stream.startsAt)}</time>
        </p>
        {stream.description && <p className="live-description">{stream.description}</p>}
        {watch && (
          <a className="pill-link live-out" href={watch} target="_blank" rel="noopener noreferrer">
            Open on YouTube
          </a>
        )}
      </div>
    </article>
  );
}

function StreamRow({ stream }: { stream: LiveStream }) {
  return (
    <li className="live-row card">
      <time className="live-row__time" dateTime={stream.startsAt}>
        {streamTime(stream.startsAt)}
      </time>
      <span className="live-row__title">{stream.title}</span>
      <span className="live-meta">{stream.hostName}</span>
      {stream.description && <span className="live-description">{stream.description}</span>}
    </li>
  );
}

function StreamList({
  title,
  streams,
  empty,
}: {
  title: string;
  streams: LiveStream[];
  empty: string;
}) {
  const id = `live-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="live-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {streams.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="live-list">
          {streams.map((stream) => (
            <StreamRow key={stream.id} stream={stream} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function LiveScreen() {
  const query = useCommunityQuery<LiveAnswer>(LIVE_PATH);
  const data = query.data;
  const next = data?.upcoming[0];
  return (
    <div className="live-screen">
      <ScreenHeader title="Live" back="/learn" />
      <main className="live-main" aria-label="Live streams">
        {query.fromDevice && <OfflineNote />}
        {query.status === 'loading' && (
          <p className="muted" role="status">
            Loading streams…
          </p>
        )}
        {query.status === 'error' && (
          <section className="card live-message" role="alert">
            <p>{query.error.message}</p>
            <button type="button" onClick={query.reload}>
              Try again
            </button>
          </section>
        )}
        {data && (
          <>
            <section className="live-section" aria-labelledby="live-now">
              <h2 id="live-now">On air</h2>
              {data.live.length === 0 ? (
                <p className="card live-message">
                  Nothing is live right now.
                  {next && (
                    <>
                      {' '}
                      Next: {next.title},{' '}
                      <time dateTime={next.startsAt}>{streamTime(next.startsAt)}</time>.
                    </>
                  )}
                </p>
              ) : (
                data.live.map((stream) => <OnAir key={stream.id} stream={stream} />)
              )}
            </section>
            <StreamList
              title="Coming up"
              streams={data.upcoming}
              empty="No streams are scheduled yet."
            />
            <StreamList
              title="Recently ended"
              streams={data.recent}
              empty="No streams have ended recently."
            />
          </>
        )}
      </main>
    </div>
  );
}
