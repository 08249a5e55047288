import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { permissionQueryOptions } from './lib/api/get-permission';
import { statusQueryOptions } from './features/system/api/get-status';
import { installGlobalErrorReporting, installStaleChunkReload } from './lib/error-reporting';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { restoreSessionAtStart } from './lib/session-refresh';
import { clearSession, consumeUrlLoginCode } from './lib/session-storage';
import { listenForSignOut } from './lib/session-sync';
import { keepServedBanner } from './lib/served-banner';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';

installGlobalErrorReporting();
installStaleChunkReload();

// Before anything renders or fetches: a ?token= at start (a single-use login code) leaves the
// address bar; the auth feature trades it for a session.
consumeUrlLoginCode();
keepServedBanner();

// The shell waits only for its own strings before it draws the page; the system status and the
// operator's settings are asked for at once, alongside, and fill in (or take over) as they arrive.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(statusQueryOptions);
void queryClient.prefetchQuery(permissionQueryOptions);

// A tab with no session of its own in a browser that is signed in (a second tab, the browser
// reopened) opens one from the refresh cookie before it draws, so it starts signed in.
const restored = restoreSessionAtStart();

// Logging out in another tab signs this one out too.
listenForSignOut(() => {
  clearSession();
  queryClient.removeQueries({ queryKey: ['member'] });
});

const root = document.getElementById('root');
if (root) {
  // Rendered even if the strings failed to load (the stale-chunk reload or the error pages take over).
  // As a transition: the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task, while the first screen the server wrote into the
  // page (index.html) stays on screen until the app's is ready to replace it.
  void Promise.all([i18nReady.catch(() => undefined), restored]).finally(() => {
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
