import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { permissionQueryOptions } from './lib/api/get-permission';
import { statusQueryOptions } from './features/system/api/get-status';
import { installGlobalErrorReporting, installStaleChunkReload } from './lib/error-reporting';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { consumeUrlLoginCode } from './lib/session-storage';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';

installGlobalErrorReporting();
installStaleChunkReload();

// Before anything renders or fetches: a ?token= at start (a single-use login code) leaves the
// address bar; the auth feature trades it for a session.
consumeUrlLoginCode();

// The shell waits only for its own strings before it draws the page; the system status and the
// operator's settings are asked for at once, alongside, and fill in (or take over) as they arrive.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(statusQueryOptions);
void queryClient.prefetchQuery(permissionQueryOptions);

const root = document.getElementById('root');
if (root) {
  // Rendered even if the strings failed to load (the stale-chunk reload or the error pages take over).
  void i18nReady.finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
