import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../lib/i18n';
import { AppShell } from './app-shell';
import { RouteErrorBoundary } from './pages/route-error-page';
import './layout.css';

/**
 * Providers (query cache, i18n, history router) around the shell. Each route has its own error
 * boundary; this outer one catches what the frame itself (header, menu) throws.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <RouteErrorBoundary>
            <AppShell />
          </RouteErrorBoundary>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
