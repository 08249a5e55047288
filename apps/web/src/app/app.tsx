import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { AppShell } from './app-shell';
import './layout.css';

/** Providers (query cache, i18n, history router) around the shell. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <AppShell />
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
