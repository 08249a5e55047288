import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeUrlToken } from './lib/session-storage';
import './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';

// Before anything renders or fetches: a ?token= at start logs the player in once (spec §4).
consumeUrlToken();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
