import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeUrlLoginCode } from './lib/session-storage';
import './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';

// Before anything renders or fetches: a ?token= at start (a single-use login code, spec §4)
// leaves the address bar; the auth feature trades it for a session.
consumeUrlLoginCode();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
