// The install prompt (docs/product.md): how to put Diecast Garage on the home screen on iPhone/iPad and
// elsewhere (the browser's own dialog when it offered one), and that signing in again may be
// needed in the installed app.
import { useId, useSyncExternalStore } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';
import { closeInstallPrompt, installStore, isIos, promptInstall } from './install-store';
import './install-prompt.css';

function IosSteps({ headingId }: { headingId: string }) {
  return (
    <section className="install__way" aria-labelledby={headingId}>
      <h3 id={headingId}>On iPhone or iPad (Safari)</h3>
      <ol>
        <li>
          Tap <strong>Share</strong>{' '}
          <svg className="install__glyph" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M6 11H5v10h14V11h-1" />
          </svg>{' '}
          in the toolbar.
        </li>
        <li>
          Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
        </li>
      </ol>
    </section>
  );
}

function OtherSteps({ headingId, canPrompt }: { headingId: string; canPrompt: boolean }) {
  const install = () => {
    void promptInstall().then(() => closeInstallPrompt());
  };
  return (
    <section className="install__way" aria-labelledby={headingId}>
      <h3 id={headingId}>On Android and computers</h3>
      {canPrompt && (
        <button type="button" className="primary install__button" onClick={install}>
          Install Diecast Garage
        </button>
      )}
      <p>
        {canPrompt ? 'Or open' : 'Open'} your browser&rsquo;s menu <span aria-hidden="true">⋮</span>{' '}
        and choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
      </p>
    </section>
  );
}

export function InstallPrompt() {
  const { canPrompt } = useSyncExternalStore(installStore.subscribe, installStore.get);
  const titleId = useId();
  const leadId = useId();
  const iosId = useId();
  const otherId = useId();
  const onIos = isIos(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  const ios = <IosSteps key="ios" headingId={iosId} />;
  const other = <OtherSteps key="other" headingId={otherId} canPrompt={canPrompt} />;

  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={leadId}
      onClose={closeInstallPrompt}
      className="install-prompt"
    >
      <div className="install__body">
        <img className="install__icon" src="/icons/icon-192.png" width={64} height={64} alt="" />
        <h2 id={titleId}>Put Diecast Garage on your home screen</h2>
        <p id={leadId} className="install__lead">
          Your first car is in the garage. Installed, the app opens in one tap — even in a hall with
          no signal.
        </p>
        {onIos ? [ios, other] : [other, ios]}
        <p className="install__note">
          <strong>Note:</strong> you may need to log in again in the installed app.
        </p>
        <button
          type="button"
          className="install__close"
          data-autofocus
          onClick={closeInstallPrompt}
        >
          Not now
        </button>
      </div>
    </ModalDialog>
  );
}
