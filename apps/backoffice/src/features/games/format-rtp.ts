import { useTranslation } from 'react-i18next';
import { localeTag } from '../../lib/i18n';

/** A return to player (fraction: 0.96) as a percentage in the interface language ("96,00 %"). */
export function useFormatRtp(): (rtp: number) => string {
  const { i18n } = useTranslation();
  const percent = new Intl.NumberFormat(localeTag(i18n.language), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (rtp) => percent.format(rtp);
}
