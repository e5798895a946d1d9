// The 'Notifications' section of /settings: one switch for Web Push on this device, with the
// reason in words when it cannot be on (blocked, unsupported, offline).
import { useEffect, useId, useState } from 'react';
import {
  BLOCKED_MESSAGE,
  currentPushState,
  disablePush,
  enablePush,
  UNSUPPORTED_MESSAGE,
  type PushState,
} from './push-registration';
import './push.css';

const ON_TEXT =
  'On for this device: alerts for new followers, comments on your posts, and offers on your listings and their answers.';
const OFF_TEXT =
  'Get an alert on this device when someone follows you, comments on your post, or answers your trade.';

export function NotificationsSection() {
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentPushState().then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setWorking(true);
    setProblem(null);
    try {
      if (on) await enablePush();
      else await disablePush();
      setState(on ? 'on' : 'off');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setState(await currentPushState().catch(() => 'off' as const));
    } finally {
      setWorking(false);
    }
  };

  const message =
    problem ??
    (state === 'denied' ? BLOCKED_MESSAGE : state === 'unsupported' ? UNSUPPORTED_MESSAGE : null);
  return (
    <section className="cl-settings card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cl-section__title">
        Notifications
      </h2>
      {/* The whole row is the label, so the switch is a full-width 44 px target. */}
      <label className="push-switch">
        <span>Push notifications</span>
        <input
          type="checkbox"
          role="switch"
          className="push-switch__input"
          checked={state === 'on'}
          disabled={working || state === null || state === 'unsupported'}
          aria-describedby={`${id}-hint ${id}-message`}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </label>
      <p className="cl-setting__hint" id={`${id}-hint`}>
        {state === 'on' ? ON_TEXT : OFF_TEXT}
      </p>
      <p className="push-message" id={`${id}-message`} role="alert">
        {message ?? ''}
      </p>
    </section>
  );
}
