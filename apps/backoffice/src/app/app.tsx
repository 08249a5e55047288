import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { UiLabelsProvider } from '@wps/ui/ui-labels';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { SignInPage } from '../features/auth/sign-in-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { SCREENS } from './screens';

/** The shared UI pieces' own words, in the interface language. */
function TranslatedUiLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <UiLabelsProvider labels={{ close: t('close') }}>{children}</UiLabelsProvider>;
}

/**
 * The back office, served at /backoffice/. Every screen but sign-in needs an operator session
 * that passed two-factor login and a role holding the screen's permission (screens.tsx); a path
 * with no screen is a 404 page, never an empty shell or a redirect.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TranslatedUiLabels>
          <BrowserRouter basename="/backoffice">
            <Routes>
              <Route path="sign-in" element={<SignInPage />} />
              <Route element={<Layout />}>
                {SCREENS.map(({ path, permission, Component }) => {
                  const element = (
                    <RequireSession permission={permission}>
                      <Component />
                    </RequireSession>
                  );
                  return path === '' ? (
                    <Route key="index" index element={element} />
                  ) : (
                    <Route key={path} path={path} element={element} />
                  );
                })}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </TranslatedUiLabels>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
