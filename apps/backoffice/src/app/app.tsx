import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { SignInPage } from '../features/auth/sign-in-page';
import { OperatorsPage } from '../features/operators/operators-page';
import { HomePage } from './home-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';

/**
 * The back office, served at /backoffice/. Every screen but sign-in needs an operator session
 * that passed two-factor login; a path with no screen is a 404 page, never an empty shell.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter basename="/backoffice">
          <Routes>
            <Route path="sign-in" element={<SignInPage />} />
            <Route element={<Layout />}>
              <Route
                index
                element={
                  <RequireSession>
                    <HomePage />
                  </RequireSession>
                }
              />
              <Route
                path="operators"
                element={
                  <RequireSession roles={['admin']}>
                    <OperatorsPage />
                  </RequireSession>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
