import type { TFunction } from 'i18next';
import { errorValueOptions } from '@wps/shared/error-value-kinds';
import { createFormats } from './format';
import { formatMoney, getOperatorMoney } from './money';

/**
 * The i18next options for an error's message in the player's language: the value's amounts in the
 * operator's currency ("R$ 500,00"), its period in words ("por semana"), its instants as local date
 * and time ("28/11/2026 04:25"), each as @wps/shared/error-value-kinds declares for the code.
 * translateError passes them; error-values.test.ts walks every message with them.
 */
export function errorMessageOptions(t: TFunction, code: string, value: unknown, languageCode: string) {
  const formats = createFormats(languageCode);
  return errorValueOptions(code, value, {
    money: (amount) => formatMoney(amount, languageCode, getOperatorMoney()),
    period: (period) => t(`errors:valueWords.period.${period}`, { defaultValue: period }),
    dateTime: formats.dateTimeShort,
    count: (count) => formats.number(count, 0),
  });
}
