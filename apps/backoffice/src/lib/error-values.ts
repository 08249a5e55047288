import type { TFunction } from 'i18next';
import { errorValueOptions } from '@wps/shared/error-value-kinds';
import { localeTag } from './i18n';
import { formatDecimalMoney } from './money';
import { getTimeZone } from './time-zone';

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const MINUTE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The i18next options for an error's message in the operator's language: the value's amounts in
 * the site's currency ("R$ 500,00"), its period in words ("por semana"), its instants as date and
 * time in the operator's time zone ("28/11/2026 04:25"), each as @wps/shared/error-value-kinds
 * declares for the code. errorText passes them; error-values.test.ts walks every message with them.
 */
export function errorMessageOptions(t: TFunction, code: string, value: unknown, language: string) {
  const locale = localeTag(language);
  const timeZone = getTimeZone();
  return errorValueOptions(code, value, {
    money: (amount) => formatDecimalMoney(amount, locale),
    period: (period) => t(`errors:valueWords.period.${period}`, { defaultValue: period }),
    // The date and the time written apart and joined by a space: Intl puts a comma between them.
    dateTime: (iso) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      const day = cached(`d|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...DAY, timeZone }));
      const time = cached(`t|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...MINUTE, timeZone }));
      return `${day.format(date)} ${time.format(date)}`;
    },
    count: (count) => cached(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(count),
  });
}
