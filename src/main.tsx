// The app's entry: mounts React on #root (once the first screen's code has run) and registers
// the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { firstScreenLoaded } from './routes/app-routes';
import { registerServiceWorker } from './sync/service-worker-registration';
import { UpdateReadyBanner } from './ui/update-ready-banner';
import './styles/tokens.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A failed load still renders: the screen's own loading line and retry take over.
void firstScreenLoaded(location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
        <UpdateReadyBanner />
      </StrictMode>,
    ),
  );
registerServiceWorker();
