import { useTranslation } from 'react-i18next';
import type { MonitoringFigures } from '@wps/shared/schemas/monitoring';
import { localeTag } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';

/**
 * The figures that raised a flag, in the operator's words and formats: amounts (keys ending in
 * `Minor`) as money, dates as dates, limit kinds by their names, counts as numbers.
 */
export function FlagFigures({ figures }: { figures: MonitoringFigures }) {
  const { t, i18n } = useTranslation('monitoring');
  const locale = localeTag(i18n.language);
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
  const show = (key: string, value: MonitoringFigures[string]): string => {
    if (Array.isArray(value)) {
      if (key === 'limits') return value.map((kind) => t(`kinds.${kind}`, { ns: 'responsible-gaming' })).join(', ');
      return value
        .map((day) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? days.format(new Date(`${day}T00:00:00Z`)) : day))
        .join(', ');
    }
    if (key.endsWith('Minor') && typeof value === 'string') return formatMoney(value, locale);
    if (key.endsWith('Percent') && typeof value === 'number')
      return new Intl.NumberFormat(locale, { style: 'percent' }).format(value / 100);
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  };
  return (
    <dl className="monitoring-figures" data-testid="monitoring-figures">
      {Object.entries(figures).map(([key, value]) => (
        <div key={key}>
          <dt>{t(`figures.${key}`, { defaultValue: key })}</dt>
          <dd>{show(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
