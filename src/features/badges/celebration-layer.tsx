// What CelebrationHost shows (loaded on the first celebration, not with the first screen): car
// and set as light toasts that close after 4 s; every other type a full-screen moment (badge art
// large for milestones, confetti unless the system asks for less motion). Each closes by
// 'Awesome!' or Escape and offers "Don't show this again" per type; plus the badge unlock notice.
import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { badgeById, badgeMilestone, isBadgeId } from '../../shared/profile/badges';
import { clearUnlockedBadge, badgeStore } from './badge-store';
import { rememberHidden } from './celebration-preferences';
import {
  CELEBRATION_BUTTON,
  CELEBRATION_TOAST_MS,
  DONT_SHOW_AGAIN,
  closeCelebration,
  hideCelebration,
  type Celebration,
  type CelebrationState,
  type CelebrationType,
} from './celebration-store';
import { ModalDialog, useReducedMotion } from '../../ui/modal-dialog';
import './celebration.css';

/** Closes `celebration`, first remembering "Don't show this again" when it is ticked. */
function useClose(celebration: Celebration, userId: string | null) {
  const hideRef = useRef(false);
  const close = useCallback(() => {
    if (hideRef.current) {
      hideCelebration(celebration.type);
      void rememberHidden(celebration.type, userId);
    }
    if (isBadgeId(celebration.type) && badgeStore.get()?.id === celebration.type) {
      clearUnlockedBadge();
    }
    closeCelebration(celebration.id);
  }, [celebration, userId]);
  const onHideChange = useCallback((hide: boolean) => {
    hideRef.current = hide;
  }, []);
  return { close, onHideChange };
}

function DontShowAgain({ onChange }: { onChange: (hide: boolean) => void }) {
  return (
    <label className="celebration__hide">
      <input type="checkbox" onChange={(event) => onChange(event.target.checked)} />
      {DONT_SHOW_AGAIN}
    </label>
  );
}

const ICON_PATHS: Partial<Record<CelebrationType, string>> = {
  // A car in profile.
  car: 'M3 15h2a3 3 0 0 0 6 0h4a3 3 0 0 0 6 0h1v-4l-4-1-4-4H8l-3 4-2 1z',
  // Three stacked cards.
  set: 'M5 7h12v12H5zm2-3h12v12h-1V5H7z',
  // A paper plane.
  message: 'M2 12 22 3l-6 18-4-7zm10 2 8-9',
  // A heart.
  favorite: 'M12 21s-8-5.3-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.7-8 11-8 11z',
  // A star.
  wishlist: 'm12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.3L12 17.5 6.5 20.4l1-6.3L3 9.7l6.2-.9z',
};
// A trophy for the rest.
const TROPHY =
  'M7 4h10v3a5 5 0 0 1-4 4.9V15h3v3H8v-3h3v-3.1A5 5 0 0 1 7 7zm-3 1h3v3H5zm13 0h3v3h-3z';

function CelebrationIcon({ type }: { type: CelebrationType }) {
  return (
    <svg className="celebration__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICON_PATHS[type] ?? TROPHY} />
    </svg>
  );
}

/** Golden-ratio spacing: pieces spread evenly without randomness in render. */
const CONFETTI = Array.from({ length: 36 }, (_, index) => {
  const spread = (index * 0.618034) % 1;
  return {
    left: `${(spread * 100).toFixed(1)}%`,
    delay: `${((index % 9) * 0.09).toFixed(2)}s`,
    duration: `${(2.4 + ((index * 7) % 10) / 10).toFixed(2)}s`,
    drift: `${(((index * 37) % 60) - 30).toFixed(0)}px`,
    spin: `${(((index * 53) % 720) - 360).toFixed(0)}deg`,
    color: ['#ff6a13', '#2f6fed', '#1f9d55', '#f5c518', '#e0245e', '#ffffff'][index % 6],
  };
});

function Confetti() {
  return (
    <div className="confetti" aria-hidden="true">
      {CONFETTI.map((piece, index) => (
        <span
          key={index}
          style={
            {
              left: piece.left,
              background: piece.color,
              animationDelay: piece.delay,
              animationDuration: piece.duration,
              '--drift': piece.drift,
              '--spin': piece.spin,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

function CelebrationScreen({
  celebration,
  userId,
}: {
  celebration: Celebration;
  userId: string | null;
}) {
  const { close, onHideChange } = useClose(celebration, userId);
  const reducedMotion = useReducedMotion();
  const titleId = useId();
  const detailId = useId();
  const badge = isBadgeId(celebration.type) ? badgeById(celebration.type) : null;
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={badge ? detailId : undefined}
      onClose={close}
      className="celebration-screen"
    >
      {!reducedMotion && <Confetti />}
      <div className="celebration__card" data-celebration={celebration.type}>
        {badge ? (
          <img
            className="celebration__badge"
            src={badge.image}
            width={176}
            height={176}
            alt={`${badge.label} badge, ${badgeMilestone(badge)}`}
          />
        ) : (
          <CelebrationIcon type={celebration.type} />
        )}
        <h2 id={titleId} className="celebration__title">
          {celebration.text}
        </h2>
        {badge && (
          <div id={detailId}>
            <p className="celebration__label">{badge.label}</p>
            <p className="celebration__detail">
              You reached {badgeMilestone(badge)} in your collection.
            </p>
          </div>
        )}
        <button
          type="button"
          className="primary celebration__button"
          data-autofocus
          onClick={close}
        >
          {CELEBRATION_BUTTON}
        </button>
        <DontShowAgain onChange={onHideChange} />
      </div>
    </ModalDialog>
  );
}

function CelebrationToast({
  celebration,
  userId,
  escapeCloses,
}: {
  celebration: Celebration;
  userId: string | null;
  /** False while a full-screen celebration is up: Escape is that one's. */
  escapeCloses: boolean;
}) {
  const { close, onHideChange } = useClose(celebration, userId);
  useEffect(() => {
    const timer = window.setTimeout(close, CELEBRATION_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [close]);
  useEffect(() => {
    if (!escapeCloses) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open dialog (the install prompt) takes Escape for itself.
      const dialogOpen = document.documentElement.classList.contains('modal-open');
      if (event.key === 'Escape' && !dialogOpen) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close, escapeCloses]);
  return (
    <section
      className="celebration-toast"
      aria-label="Celebration"
      data-celebration={celebration.type}
    >
      <CelebrationIcon type={celebration.type} />
      <p className="celebration-toast__text" role="status">
        {celebration.text}
      </p>
      <button type="button" className="primary" onClick={close}>
        {CELEBRATION_BUTTON}
      </button>
      <DontShowAgain onChange={onHideChange} />
    </section>
  );
}

/**
 * The achievement badge unlock notice (docs/product.md): stands in for a badge whose celebration is not
 * on screen (the collector hid that type), until cleared.
 */
function BadgeUnlockNotice({ pending }: { pending: readonly CelebrationType[] }) {
  const badge = useSyncExternalStore(badgeStore.subscribe, badgeStore.get);
  if (!badge || pending.includes(badge.id)) return null;
  return (
    <section className="badge-notice" aria-label="Badge unlocked">
      <img src={badge.image} width={48} height={48} alt="" />
      <p role="status">
        <strong>Badge unlocked: {badge.label}</strong>
        <span>{badgeMilestone(badge)}</span>
      </p>
      <button type="button" onClick={clearUnlockedBadge}>
        Clear
      </button>
    </section>
  );
}

export default function CelebrationLayer({
  state,
  userId,
}: {
  state: CelebrationState;
  userId: string | null;
}) {
  return (
    <>
      {state.screen && (
        <CelebrationScreen key={state.screen.id} celebration={state.screen} userId={userId} />
      )}
      <div className="celebration-dock">
        <BadgeUnlockNotice pending={state.pending} />
        {state.toast && (
          <CelebrationToast
            key={state.toast.id}
            celebration={state.toast}
            userId={userId}
            escapeCloses={!state.screen}
          />
        )}
      </div>
    </>
  );
}
