import { useTranslation } from 'react-i18next';
import { getLocaleTag } from '../../lib/language';

/** A basis-points fee as a percentage in the player's language, e.g. 250 → "2,5". */
export function useFormatPercent(): (bps: number) => string {
  const { i18n } = useTranslation();
  const formatter = new Intl.NumberFormat(getLocaleTag(i18n.language.toUpperCase()), { maximumFractionDigits: 2 });
  return (bps: number) => formatter.format(bps / 100);
}
