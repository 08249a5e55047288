// Component tests only (`*.test.tsx`, the `components` vitest project): render a piece of the
// player site inside the providers the app gives it (app/app.tsx), and answer its API calls.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ModalDragProvider } from '@wps/ui/modal-drag';
import { UiLabelsProvider } from '@wps/ui/ui-labels';
import { vi } from 'vitest';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { Toaster } from '../components/ui/toast';
import { WarningDialogHost } from '../components/ui/warning-dialog';
import { errorTextsReady, i18n, i18nReady } from './i18n';
import { createQueryClient } from './query-client';
import { clearSession, setToken } from './session-storage';

/** Every namespace the app has, by its PT file: a test never waits for a page's strings. */
const NAMESPACES = Object.keys(import.meta.glob('../locales/pt/*.json')).map(
  (path) => /\/([^/]+)\.json$/.exec(path)![1]!,
);

/** The app's i18n instance in PT (the default language) with every namespace loaded. */
export async function loadPortuguese(): Promise<void> {
  await i18nReady;
  if (i18n.language !== 'pt') await i18n.changeLanguage('pt');
  await i18n.loadNamespaces(NAMESPACES);
  await errorTextsReady;
}

/** The app's query client, without retries (a failure shows at once) and never stale-refetched by a timer. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, staleTime: Number.POSITIVE_INFINITY },
  });
  return client;
}

/** The current path and query, for tests that check where a component navigated. */
function LocationProbe() {
  const location = useLocation();
  return <span hidden data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

export type RenderOptions = {
  /** The address the router starts at (default `/`). */
  route?: string;
  /** The route pattern the element is mounted at, when it reads params (default: every path). */
  path?: string;
  /** A signed-in player (a token in session storage) unless false. */
  signedIn?: boolean;
  queryClient?: QueryClient;
};

export type RenderWithProvidersResult = RenderResult & {
  queryClient: QueryClient;
  /** user-event without pauses between keystrokes (no timer per character). */
  user: UserEvent;
  /** Where the router is now (`/path?query`). */
  location: () => string;
};

/**
 * Render `ui` as the app does (query cache, i18n in PT, the shared pieces' labels) under a
 * MemoryRouter. Async because the strings are loaded first.
 */
export async function renderWithProviders(
  ui: ReactNode,
  { route = '/', path = '*', signedIn = true, queryClient = createTestQueryClient() }: RenderOptions = {},
): Promise<RenderWithProvidersResult> {
  await loadPortuguese();
  // jsdom has no scrolling; the modal restores the page's scroll position when it closes.
  window.scrollTo = () => {};
  const user = userEvent.setup({ delay: null });
  clearSession();
  if (signedIn) setToken('test-token');
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <UiLabelsProvider
          labels={{
            close: i18n.t('common:close'),
            move: i18n.t('common:modalMove'),
            moveHint: i18n.t('common:modalMoveHint'),
          }}
        >
          <ModalDragProvider enabled={false}>
            <MemoryRouter initialEntries={[route]}>
              <Suspense fallback={null}>
                <Routes>
                  <Route path={path} element={ui} />
                </Routes>
              </Suspense>
              <LocationProbe />
              <WarningDialogHost />
              <Toaster />
            </MemoryRouter>
          </ModalDragProvider>
        </UiLabelsProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // Toasts live in a module store for the page's life: an earlier test's notices go first.
  const toaster = result.getByRole('region', { name: i18n.t('common:notifications') });
  for (const close of within(toaster).queryAllByRole('button')) fireEvent.click(close);
  return {
    ...result,
    queryClient,
    user,
    location: () => result.getByTestId('location').textContent ?? '',
  };
}

/**
 * A stand-in for `@wps/shared/payload-crypto` in tests of encrypted calls (payment password,
 * withdrawal, login): the "sealed" body is the plain one, which `stubApi` unwraps, so a test reads
 * what the form sent:
 * `vi.mock('@wps/shared/payload-crypto', async () => (await import('<path>/lib/test-render')).plainPayloadCrypto)`.
 */
export const plainPayloadCrypto = {
  encryptPayload: async (_key: unknown, keyId: string, payload: unknown) => ({ keyId, sealed: payload }),
};

/** One request the stubbed fetch received: method, path, query and the parsed JSON body. */
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };

/** An answer: the envelope's value, or a failure with its error code. */
export type ApiAnswer =
  | { value: unknown }
  | { errorCode: string; message?: string; status?: number; value?: unknown }
  | { pending: true };

type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

/** A success envelope's value (shorthand for `{ value }`). */
export const ok = (value: unknown): ApiAnswer => ({ value });
/** A failure envelope with the server's error code. */
export const fail = (errorCode: string, status = 400, value?: unknown): ApiAnswer => ({ errorCode, status, value });
/** A request that never answers (loading states). */
export const pending: ApiAnswer = { pending: true };

/** Answered unless a test says otherwise: the encryption key every encrypted call asks for first. */
const DEFAULT_ROUTES: Record<string, ApiRoute> = {
  'GET /wps/session/key/rsa': ok({ keyId: 'test-key', jwk: { kty: 'RSA', n: 'n', e: 'AQAB' } }),
};

/**
 * Stub `fetch` with the server's envelopes, by "METHOD /path" (no query). A request no route
 * names fails the test loudly. Returns the mock and the calls it received, with their bodies.
 */
export function stubApi(routes: Record<string, ApiRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // Not JSON: kept as it is.
      }
    }
    // An encrypted body from plainPayloadCrypto: the test reads what was sealed.
    if (body && typeof body === 'object' && 'sealed' in body) body = (body as { sealed: unknown }).sealed;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`] ?? DEFAULT_ROUTES[`${method} ${url.pathname}`];
    if (route === undefined) throw new Error(`stubApi: no answer for ${method} ${url.pathname}`);
    const answer = typeof route === 'function' ? await route(call) : route;
    if ('pending' in answer) return new Promise<Response>(() => {});
    if ('errorCode' in answer) {
      return Response.json(
        {
          success: false,
          errorCode: answer.errorCode,
          message: answer.message ?? answer.errorCode,
          value: answer.value,
        },
        { status: answer.status ?? 400 },
      );
    }
    return Response.json({ success: true, value: answer.value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    /** The calls made to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

type PermissionOverrides = Omit<Partial<PermissionResult>, 'register'> & {
  register?: Partial<PermissionResult['register']>;
};

/**
 * GET /wps/system/permission as a Brazilian operator answers it (BRL, PT, the licence's rules),
 * with `overrides` on top (`register` merged field by field).
 */
export function buildPermission(overrides: PermissionOverrides = {}): PermissionResult {
  const { register, ...rest } = overrides;
  return {
    brand: { merchantCode: 'demo', brandName: 'Demo', currency: 'BRL', currencyScale: 2, currencySymbol: 'R$' },
    whitelabel: [],
    register: {
      showMobile: true,
      smsEnabled: true,
      showPayeeName: false,
      showpaymentPassword: false,
      showQQ: false,
      showline: false,
      showwhatsapp: false,
      showZaloapp: false,
      showfacebook: false,
      showwechat: false,
      showidNumber: false,
      showEmail: false,
      hasAffiliate: false,
      showCaptcha: false,
      showRegisterCountryCode: true,
      mobilePassword: true,
      consentPreticked: false,
      minimumAge: 18,
      required: {},
      validate: {
        username: { acceptedPattern: '*', minLength: 6, maxLength: 16, patternId: 1 },
        password: { acceptedPattern: '*', minLength: 8, maxLength: 20, patternId: 5 },
        payeeName: { acceptedPattern: '*', minLength: 2, maxLength: 64, patternId: 12 },
        paymentPassword: { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 },
      },
      registrationBonusMinor: '0',
      jurisdiction: {
        profile: 'permissive',
        identity: 'none',
        minimumAge: 18,
        kyc: false,
        barredList: false,
        limitsAtSignUp: false,
        addressAtSignUp: false,
        genderAtSignUp: false,
        contactConfirmation: false,
        depositMethods: 'any',
        ownAccountsOnly: false,
      },
      ...register,
    },
    resources: [],
    customerService: [],
    location: { ip: '127.0.0.1', country: 'BR' },
    maintenance: false,
    regionRestriction: false,
    loginToHome: false,
    modalsDraggable: false,
    languages: { default: 'PT', supported: ['PT', 'EN'], listed: ['PT', 'EN'] },
    availablePromo: { REFERRAL: { enabled: false }, REBATE: { enabled: false } },
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    ...rest,
  } as PermissionResult;
}

/** GET /wps/system/country: Brazil first (the operator's own), with its 11-digit mobiles. */
export const COUNTRIES = [
  { countryCode: 'BR', countryDialingCode: '55', name: 'Brasil', mobileLengths: [11] },
  { countryCode: 'PT', countryDialingCode: '351', name: 'Portugal', mobileLengths: [9] },
];
