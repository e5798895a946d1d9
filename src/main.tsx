// The app's entry: mounts React on #root and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './sync/service-worker-registration';
import { UpdateReadyBanner } from './sync/update-ready-banner';
import './styles/tokens.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
    <UpdateReadyBanner />
  </StrictMode>,
);
registerServiceWorker();
