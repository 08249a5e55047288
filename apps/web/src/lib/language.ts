import { COMPLETE_LANGUAGES, DEFAULT_LANGUAGE } from '@wps/shared/constants';

/** The chosen language lives in local storage under both hisLang and lang. */
const STORAGE_KEYS = ['hisLang', 'lang'] as const;

/** Interface codes whose BCP 47 tag is not simply the lower-cased code. */
/** Interface language codes whose locale tag is not the code itself (public/intl-warmup.js keeps a copy). */
export const LOCALE_TAGS: Record<string, string> = {
  PT: 'pt-BR',
  'PT-BR': 'pt-BR',
  EN: 'en-US',
  CN: 'zh-CN',
  TW: 'zh-TW',
  JA: 'ja-JP',
  KO: 'ko-KR',
  UK: 'uk-UA',
  FIL: 'fil-PH',
};

/** The stored interface language code (upper case, e.g. "PT"), defaulting to PT. */
export function getStoredLanguage(): string {
  try {
    const stored = window.localStorage.getItem('lang') ?? window.localStorage.getItem('hisLang');
    if (stored && /^[A-Za-z-]{2,8}$/.test(stored)) return stored.toUpperCase();
  } catch {
    // Storage blocked: fall through to the default.
  }
  return DEFAULT_LANGUAGE;
}

/** Remember the chosen language code under hisLang and lang. */
export function storeLanguage(code: string): void {
  try {
    for (const key of STORAGE_KEYS) window.localStorage.setItem(key, code);
  } catch {
    // The choice then lasts only for this page view.
  }
}

/**
 * The language whose strings are actually shown. Only PT and EN are translated; every other
 * listed code falls back to EN strings (EN is the lingua franca of the listed markets,
 * and showing PT to, say, a Thai player would be worse).
 */
export function getContentLanguage(code: string): 'pt' | 'en' {
  const upper = code.toUpperCase();
  if (upper === 'PT' || upper === 'PT-BR') return 'pt';
  if ((COMPLETE_LANGUAGES as readonly string[]).includes(upper)) return upper.toLowerCase() as 'pt' | 'en';
  return 'en';
}

/** A BCP 47 tag for Intl formatting of the given interface code. */
export function getLocaleTag(code: string): string {
  const upper = code.toUpperCase();
  const tag = LOCALE_TAGS[upper] ?? upper.toLowerCase();
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** Whether the interface is translated into this code (PT, PT-BR via PT, EN). */
export function isCompleteLanguage(code: string): boolean {
  const upper = code.toUpperCase();
  return upper === 'PT-BR' || (COMPLETE_LANGUAGES as readonly string[]).includes(upper);
}
