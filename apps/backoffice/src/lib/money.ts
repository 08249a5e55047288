import { useTranslation } from 'react-i18next';
import { formatMinor } from '@wps/shared/money';
import { localeTag } from './i18n';

/** The currency of an amount: ISO code and how many minor-unit digits it has (BRL: 2). */
export type MoneyFormat = { currency: string; scale: number };

/** The demo site's currency; a screen passes the currency the server sent when it has one. */
export const SITE_MONEY: MoneyFormat = { currency: 'BRL', scale: 2 };

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, { currency, scale }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}|${scale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: scale,
        maximumFractionDigits: scale,
      });
    } catch {
      // An unknown currency code: the number without a symbol rather than a crash.
      formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Integer minor units (a bigint or its string, as the API sends amounts) as money in the
 * interface language: exact, because the decimal string goes to Intl without a float.
 */
export function formatMoney(minor: bigint | string, locale: string, format: MoneyFormat = SITE_MONEY): string {
  let decimal: string;
  try {
    decimal = formatMinor(minor, format.scale);
  } catch {
    return String(minor);
  }
  return formatterFor(locale, format).format(decimal as Intl.StringNumericLiteral);
}

/**
 * formatMoney with the operator's own symbol for the currency (the site settings' "R$"), where
 * and how the language puts a symbol: "R$ 1.234,56" in PT, "R$1,234.56" in EN.
 */
export function formatMoneyWithSymbol(
  minor: bigint | string,
  locale: string,
  format: MoneyFormat,
  symbol: string,
): string {
  let decimal: string;
  try {
    decimal = formatMinor(minor, format.scale);
  } catch {
    return String(minor);
  }
  return formatterFor(locale, format)
    .formatToParts(decimal as Intl.StringNumericLiteral)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/**
 * An exact decimal amount in major units ("500.00", as error values carry amounts) as money in the
 * interface language; the text itself when it is no such amount.
 */
export function formatDecimalMoney(amount: string, locale: string, format: MoneyFormat = SITE_MONEY): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  return formatterFor(locale, format).format(amount as Intl.StringNumericLiteral);
}

/** formatMoney in the current interface language; re-renders when the language changes. */
export function useFormatMoney(): (minor: bigint | string, format?: MoneyFormat) => string {
  const { i18n } = useTranslation();
  const locale = localeTag(i18n.language);
  return (minor, format) => formatMoney(minor, locale, format);
}
