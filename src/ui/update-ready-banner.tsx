// The 'A new version is ready' banner with its Reload action, shown while an update waits.
import { useServiceWorkerUpdate } from '../data/use-service-worker-update';
import './update-ready-banner.css';

export function UpdateReadyBanner() {
  const { updateReady, applyUpdate } = useServiceWorkerUpdate();
  // The live region stays mounted so screen readers announce the banner when it appears.
  return (
    <div role="status" className="update-ready-region">
      {updateReady && (
        <div className="update-ready-banner">
          <span className="update-ready-banner__text">A new version is ready</span>
          <button type="button" className="update-ready-banner__action" onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
