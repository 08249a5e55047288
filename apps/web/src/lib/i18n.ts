import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiRequest, ApiError } from './api-client';
import { getToken } from './session-storage';
import type { errorMessageOptions as ErrorMessageOptions } from './error-values';
import { getContentLanguage, getStoredLanguage, storeLanguage } from './language';

/**
 * Translations load on demand, so the first visit downloads one language, not two, and only the
 * strings the shell shows:
 * - the shell's namespaces (INITIAL_NAMESPACES) come in one small file per language, fetched before
 *   the first render; the error texts follow right after it (translateError falls back to the
 *   server's message until they are in);
 * - every other namespace is its own file, fetched when a page that uses it loads (the routes
 *   start that download together with the page's code, see preloadNamespaces);
 * - switching language fetches the new language's files for every namespace in use.
 * Only PT and EN are translated: every other interface code reads EN files (getContentLanguage).
 */
export const INITIAL_NAMESPACES = ['common', 'lobby'] as const;

type Bundle = Record<string, ResourceKey>;

const INITIAL_BUNDLES: Record<'pt' | 'en', () => Promise<Bundle>> = {
  pt: () => import('../locales/pt/initial').then((module) => module.default),
  en: () => import('../locales/en/initial').then((module) => module.default),
};

async function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const content = getContentLanguage(language);
  if ((INITIAL_NAMESPACES as readonly string[]).includes(namespace)) {
    const bundle = await INITIAL_BUNDLES[content]();
    return bundle[namespace] ?? {};
  }
  const { PAGE_BUNDLES } = await import('./i18n-page-bundles');
  const load = PAGE_BUNDLES[`../locales/${content}/${namespace}.json`];
  if (!load) throw new Error(`No translations for namespace "${namespace}"`);
  return load();
}

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The i18next instance; `i18nReady` settles once the shell's strings for the stored language are in. */
export const i18n = i18next.createInstance();

/**
 * Which namespaces arriving after the first render redraw the components on screen.
 * A component that waits for its own namespaces suspends and draws again by itself when they are in.
 * Only one that read a string it could not have yet (a key of another namespace, still downloading:
 * `t('records:menu.accountRecord')`, or an error text before those are in) shows a key or a
 * fallback that must be replaced, so only those namespaces' arrival redraws (NAMESPACE_SHOWN_EARLY).
 * Redrawing on every namespace that arrives (react-i18next's store binding) re-rendered every
 * translated component each time, synchronously: on a phone's home page the error texts and each
 * lane's namespace arrived during or just after the first render and each cost a long task.
 */
const namespacesReadEarly = new Set<string>();
const NAMESPACE_SHOWN_EARLY = 'namespaceShownEarly';

/** Remember that a render showed a stand-in for a string of this namespace. */
function noteReadEarly(namespace: string): void {
  namespacesReadEarly.add(namespace);
}

/** The namespace's strings are usable now: redraw if a render showed a stand-in for one of them. */
function redrawIfReadEarly(namespace: string): void {
  if (namespacesReadEarly.delete(namespace)) i18n.emit(NAMESPACE_SHOWN_EARLY);
}

export const i18nReady: Promise<unknown> = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: getStoredLanguage().toLowerCase(),
    // The backend maps every code to the PT or EN files itself; a fallback language would make
    // i18next download the other language's files too.
    fallbackLng: false,
    load: 'currentOnly',
    lowerCaseLng: true,
    ns: [...INITIAL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // A missing string is not sent anywhere: the handler only notes its namespace (namespacesReadEarly).
    saveMissing: true,
    missingKeyHandler: (_languages, namespace) => noteReadEarly(namespace),
    react: { useSuspense: true, bindI18n: `languageChanged ${NAMESPACE_SHOWN_EARLY}`, bindI18nStore: '' },
  });
i18n.store.on('added', (_language: string, namespace: string) => redrawIfReadEarly(namespace));
applyDocumentLanguage(getStoredLanguage());

/**
 * How an error's values are written (lib/error-values.ts, with the money and date formats): loaded
 * with the error texts, right after the first render's strings, outside the first script.
 */
let errorValues: { errorMessageOptions: typeof ErrorMessageOptions } | undefined;
/** Settles once the error texts and their value formats are in (component tests wait for it). */
export const errorTextsReady: Promise<unknown> = i18nReady.then(() =>
  Promise.all([
    i18n.loadNamespaces('errors'),
    import('./error-values').then((module) => {
      errorValues = module;
    }),
  ]).then(() => {
    // The texts may have arrived before their value formats: an error shown meanwhile is redrawn now.
    redrawIfReadEarly('errors');
  }),
);

/**
 * Namespaces the signed-in frame reads outside their own feature: the avatar menu's and the
 * member centre's entries are worded by the features they open (`t('withdraw:pages.withdraw')`).
 * Loaded as soon as a player is signed in (AppShell); visitors never download them for the frame.
 */
export const MEMBER_FRAME_NAMESPACES = [
  'games',
  'betRecord',
  'records',
  'messages',
  'deposit',
  'withdraw',
  'feedback',
  'rewards',
  'missions',
  'rebate',
  'referral',
] as const;

/** Start downloading these namespaces in the current language (a page's strings, with its code). */
export function preloadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return i18n.loadNamespaces([...namespaces]);
}

function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = getContentLanguage(code) === 'pt' ? 'pt-BR' : 'en';
}

/** The interface language code the player chose (upper case, e.g. "PT"). */
export function getLanguageCode(): string {
  return (i18n.language || getStoredLanguage()).toUpperCase();
}

/**
 * Set the locale, store hisLang and lang, and tell the server when logged in. The new language's
 * files for the namespaces in use are fetched before the switch, so no key flashes.
 * A failed server call does not undo the local choice: it is retried at the next change.
 */
export async function changeLanguage(code: string): Promise<void> {
  const upper = code.toUpperCase();
  storeLanguage(upper);
  applyDocumentLanguage(upper);
  await i18n.changeLanguage(upper.toLowerCase());
  if (getToken()) {
    await apiRequest('/wps/member/language', { method: 'PUT', body: { language: upper } }).catch(() => undefined);
  }
}

/**
 * The text for an error in the player's language: by errorCode, with the values it carries written
 * for the player (lib/error-values.ts), else the server's message.
 */
export function translateError(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors:${error.errorCode}`;
    // Until the error texts and their value formats are in (just after the first render), the
    // server's message, replaced when they arrive.
    if (errorValues && i18n.exists(key))
      return i18n.t(key, errorValues.errorMessageOptions(i18n.t, error.errorCode, error.value, i18n.language));
    if (!errorValues) noteReadEarly('errors');
    return error.message || i18n.t('errors:UNKNOWN');
  }
  return i18n.t('errors:UNKNOWN');
}
