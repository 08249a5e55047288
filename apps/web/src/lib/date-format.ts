import { useTranslation } from 'react-i18next';
import { getLocaleTag } from './language';

/** Date and time in the player's language, e.g. 23/11/2026 08:05; re-renders on language change. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const formatter = new Intl.DateTimeFormat(getLocaleTag(i18n.language.toUpperCase()), { dateStyle: 'short', timeStyle: 'short' });
  return (iso: string) => formatter.format(new Date(iso));
}
