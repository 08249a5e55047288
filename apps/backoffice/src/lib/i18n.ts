import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Every locales/<lng>/<namespace>.json, bundled: the back office is small. */
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

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'backoffice-lang';

function storedLanguage(): Language {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'pt';
  } catch {
    return 'pt';
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: collectResources(),
  lng: storedLanguage(),
  fallbackLng: 'en',
  ns: ['common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDocumentLanguage(storedLanguage());

/** The BCP 47 tag for Intl and the document: Brazilian Portuguese or English. */
export function localeTag(lng: string): string {
  return lng === 'pt' ? 'pt-BR' : 'en';
}

function applyDocumentLanguage(lng: Language): void {
  document.documentElement.lang = localeTag(lng);
}

/** Switch and remember the interface language (PT is the default). */
export async function changeLanguage(lng: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Not remembered when storage is blocked.
  }
  applyDocumentLanguage(lng);
  await i18n.changeLanguage(lng);
}
