import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { ReactNode } from 'react';
import { ModalDragProvider } from '@wps/ui/modal-drag-switch';
import { UiLabelsProvider } from '@wps/ui/ui-labels';
import { usePermission } from '../lib/api/get-permission';
import { i18n } from '../lib/i18n';
import { AppShell } from './app-shell';
import { RouteErrorBoundary } from './pages/route-error-page';
// The shared pieces (@wps/ui) carry no styles: these sheets style their class names for the player site.
import '../components/ui/ui.css';
import '../components/ui/ui-fields.css';
import '../components/ui/lists.css';
import '../components/form/form.css';
import './layout.css';
import './layout-menu.css';

/**
 * The words the shared pieces say themselves (the dialogs' close and move controls), in the
 * player's language, and whether dialogs move (the operator's switch; on until the permission answers).
 */
function TranslatedUiLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  return (
    <UiLabelsProvider labels={{ close: t('close'), move: t('modalMove'), moveHint: t('modalMoveHint') }}>
      <ModalDragProvider enabled={permission?.modalsDraggable ?? true}>{children}</ModalDragProvider>
    </UiLabelsProvider>
  );
}

/**
 * Providers (query cache, i18n, history router) around the shell. Each route has its own error
 * boundary; this outer one catches what the frame itself (header, menu) throws.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TranslatedUiLabels>
          <BrowserRouter>
            <RouteErrorBoundary>
              <AppShell />
            </RouteErrorBoundary>
          </BrowserRouter>
        </TranslatedUiLabels>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
