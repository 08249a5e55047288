import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiRequest, ApiError } from './api-client';
import { getToken } from './session-storage';
import { getContentLanguage, getStoredLanguage, storeLanguage } from './language';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Every locales/<lng>/<namespace>.json is bundled. PT and EN are small, and bundling them
 * avoids a second round trip (and a flash of keys) before the first paint.
 */
function collectResources(): Resources {
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
  const resources: Resources = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng = '', ns = ''] = match;
    (resources[lng] ??= {})[ns] = content;
  }
  return resources;
}

export const NAMESPACES = ['common', 'errors', 'auth', 'security', 'deposit', 'messages', 'withdraw', 'records', 'lobby', 'games', 'inhouse', 'betRecord'] as const;

/** The i18next instance, initialised synchronously with bundled resources. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: collectResources(),
  lng: getStoredLanguage().toLowerCase(),
  // Incomplete languages show EN strings (see getContentLanguage); PT-BR falls back to PT first.
  fallbackLng: { 'pt-br': ['pt', 'en'], default: ['en'] },
  lowerCaseLng: true,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDocumentLanguage(getStoredLanguage());

function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = getContentLanguage(code) === 'pt' ? 'pt-BR' : 'en';
}

/** The interface language code the player chose (upper case, e.g. "PT"). */
export function getLanguageCode(): string {
  return (i18n.language || getStoredLanguage()).toUpperCase();
}

/**
 * Spec §4: set the locale, store hisLang and lang, and tell the server when logged in.
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

/** The text for an error in the player's language: by errorCode, else the server's message. */
export function translateError(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors:${error.errorCode}`;
    if (i18n.exists(key)) return i18n.t(key, { value: error.value });
    return error.message || i18n.t('errors:UNKNOWN');
  }
  return i18n.t('errors:UNKNOWN');
}
