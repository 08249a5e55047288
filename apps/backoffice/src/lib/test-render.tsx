// Component tests only (`*.test.tsx`, the vitest `components` project): render a back-office
// piece inside the providers the app gives it (app/app.tsx): a TanStack Query client made by the
// app's own createQueryClient, react-i18next with the app's bundled locales (lib/i18n.ts), the
// shared UI pieces' labels, and a router (a MemoryRouter here, so a test can start at any
// address and read where the piece sent it). Also a fetch stub answering /ops calls with the
// API's envelope, so a test drives the real api/ modules and checks what they sent.
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { UiLabelsProvider } from '@wps/ui/ui-labels';
import type { OperatorRoleName } from '@wps/shared/schemas/operator';
import { meQueryKey, type SignedInOperator } from './api/get-me';
import { i18n, type Language } from './i18n';
import { createQueryClient } from './query-client';
import { setOperatorToken } from './session';

export type RenderOptions = {
  /** The interface language (the app's default is Portuguese). */
  language?: Language;
  /** The address the router starts at, e.g. `/players?sort=balance`. */
  route?: string;
  /** A route pattern for pieces that read `useParams`, e.g. `/players/:memberId`. */
  path?: string;
  /** Sign an operator of this role in (useCan answers from it); no operator when left out. */
  role?: OperatorRoleName;
  queryClient?: QueryClient;
};

export type RenderWithAppResult = RenderResult & {
  queryClient: QueryClient;
  /** Where the router is now (after the piece changed the address). */
  location: () => Location;
};

const TEST_TOKEN = 'test-operator-token';

// jsdom has no scrolling; the modal puts the page's scroll position back when it closes.
window.scrollTo = () => undefined;

/** A user typing and clicking without a pause between keys (no timers to wait for). */
export function setupUser() {
  return userEvent.setup({ delay: null });
}

/**
 * Replace a field's text as a person would paste it: focus, select all, paste. One input event
 * instead of one per key, which keeps long reasons and amounts fast to enter.
 */
export async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.paste(text);
}

/** The app's query client, without its retries of failed loads (they wait on real timers). */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

function TranslatedUiLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <UiLabelsProvider labels={{ close: t('close') }}>{children}</UiLabelsProvider>;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onChange(location), [location, onChange]);
  return null;
}

/** Render `ui` as the app would, with the options above. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): RenderWithAppResult {
  const { language = 'pt', route = '/', path, role } = options;
  const queryClient = options.queryClient ?? createTestQueryClient();
  void i18n.changeLanguage(language); // synchronous: the resources are bundled
  if (role) {
    setOperatorToken(TEST_TOKEN);
    const me: SignedInOperator = { operatorId: '1', username: 'operator.test', role };
    queryClient.setQueryData([...meQueryKey, TEST_TOKEN], me);
  } else {
    setOperatorToken(null);
  }
  let current: Location | undefined;
  const record = (location: Location) => {
    current = location;
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TranslatedUiLabels>
          <MemoryRouter initialEntries={[route]}>
            <LocationProbe onChange={record} />
            {path ? (
              <Routes>
                <Route path={path} element={ui} />
              </Routes>
            ) : (
              ui
            )}
          </MemoryRouter>
        </TranslatedUiLabels>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return {
    ...result,
    queryClient,
    location: () => {
      if (!current) throw new Error('the router has not rendered');
      return current;
    },
  };
}

/** A call the piece made through fetch: method, path with its query, and the JSON body. */
export type OpsCall = { method: string; path: string; url: URL; body: unknown };

/** An answer: a value (sent as `{ success: true, value }`) or a failure with its error code. */
export type OpsAnswer =
  | { value: unknown }
  | { errorCode: string; status: number; message?: string; value?: unknown }
  | { pending: true };

/** `'GET /ops/banks'` (the path without its query) → the answer, or a function of the call. */
export type OpsRoutes = Record<string, OpsAnswer | ((call: OpsCall) => OpsAnswer)>;

/** A value answer, for the routes table. */
export const ok = (value: unknown): OpsAnswer => ({ value });
/** A failure answer with the server's error code, for the routes table. */
export const fail = (errorCode: string, status = 400, value?: unknown): OpsAnswer => ({ errorCode, status, value });
/** An answer that never comes (a request still running). */
export const pending: OpsAnswer = { pending: true };

/**
 * Stub `fetch` with a routes table: each call is recorded (`calls`) and answered with the
 * envelope the server would send; a route the table lacks fails the test's call with a 404
 * envelope naming it, so a missing stub shows in the assertion that follows.
 */
export function stubOps(routes: OpsRoutes) {
  const calls: OpsCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: OpsCall = { method, path: url.pathname + url.search, url, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer: OpsAnswer = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : { errorCode: 'NOT_FOUND', status: 404, message: `no stub for ${method} ${url.pathname}` };
    if ('pending' in answer) return new Promise<Response>(() => undefined);
    const envelope =
      'errorCode' in answer
        ? {
            success: false,
            errorCode: answer.errorCode,
            message: answer.message ?? answer.errorCode,
            value: answer.value,
          }
        : { success: true, value: answer.value };
    return new Response(JSON.stringify(envelope), {
      status: 'errorCode' in answer ? answer.status : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls to one route (`'PUT /ops/banks/001'`), in order. */
  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === route);
  return { calls, callsTo, fetchMock };
}

/**
 * The four ways a Portuguese operator types one amount, with what the API takes for it in minor
 * and in major units: every money field's test types each of them.
 */
export const TYPED_AMOUNTS = [
  { typed: '30,50', minor: '3050', major: '30.50' },
  { typed: '1.500,00', minor: '150000', major: '1500.00' },
  { typed: '1500', minor: '150000', major: '1500.00' },
  { typed: '30.50', minor: '3050', major: '30.50' },
] as const;
