import { useTranslation } from 'react-i18next';
import { getLocaleTag } from './language';

export type MoneyFormat = { currency: string; scale: number };

const cache = new Map<string, Intl.NumberFormat>();

// The operator's currency as the permission call last told it (getPermission), for text written
// outside a component, such as an error's message (translateError). Until that call answers, the
// demo operator's, as the screens' own fallbacks assume.
let operatorMoney: MoneyFormat = { currency: 'BRL', scale: 2 };

/** Remember the operator's currency and scale (from the permission call). */
export function setOperatorMoney(format: MoneyFormat): void {
  operatorMoney = format;
}

/** The operator's currency and scale as last remembered. */
export function getOperatorMoney(): MoneyFormat {
  return operatorMoney;
}

function getFormatter(languageCode: string, { currency, scale }: MoneyFormat): Intl.NumberFormat {
  const key = `${languageCode}|${currency}|${scale}`;
  let formatter = cache.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(getLocaleTag(languageCode), {
        style: 'currency',
        currency,
        minimumFractionDigits: scale,
        maximumFractionDigits: scale,
      });
    } catch {
      // An unknown currency code: show the number with the code rather than failing.
      formatter = new Intl.NumberFormat(getLocaleTag(languageCode), {
        minimumFractionDigits: scale,
        maximumFractionDigits: scale,
      });
    }
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * Format an exact decimal amount string (e.g. "1234.50") in the operator's currency and
 * the player's language. The string goes to Intl as is, so no float rounding happens.
 */
export function formatMoney(amount: string, languageCode: string, format: MoneyFormat): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  return getFormatter(languageCode, format).format(amount as Intl.StringNumericLiteral);
}

/** Convert integer minor units (a bigint string) to a decimal string with `scale` places. */
export function minorToDecimal(minor: string, scale: number): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(scale + 1, '0');
  const whole = scale > 0 ? digits.slice(0, -scale) : digits;
  const fraction = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Formats amounts in the current UI language; re-renders when the language changes. */
export function useFormatMoney(): (amount: string, format: MoneyFormat) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (amount, format) => formatMoney(amount, language, format);
}
