import { useTranslation } from 'react-i18next';
import { formatTypedAmount } from '@wps/shared/money';
import { getLocaleTag } from './language';

// The player site's one set of number and date formatters: every number, percentage and date a
// player reads goes through Intl in the interface language ("50,00%" and "23/11/2026" in PT).
// Amounts in a currency go through lib/money.ts (same locale tags, same cache).

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type Formats = {
  /** The BCP 47 tag of the interface language (pt-BR, en-US…), for parsers and Intl calls. */
  locale: string;
  /** A plain number; `digits` fixes the decimals shown (e.g. a dice roll 42.5 → "42,50"). */
  number: (value: number, digits?: number) => string;
  /** A fraction as a percentage: 0.965 → "96,50%" with the default 2 decimals. */
  percent: (fraction: number, digits?: number) => string;
  /** A payout multiplier: 1.98 → "1,98×". */
  multiplier: (value: number, digits?: number) => string;
  /** Date and time of a timestamp: "23/11/2026 08:05:12" in PT; the text itself when not a date. */
  dateTime: (value: string | Date) => string;
  /** Date and time to the minute, for an instant a sentence names: "28/11/2026 04:25" in PT. */
  dateTimeShort: (value: string | Date) => string;
  /** The date alone: "23/11/2026". */
  date: (value: string | Date) => string;
  /** The time alone: "08:05:12". */
  time: (value: string | Date) => string;
  /** A calendar day written YYYY-MM-DD (a local day, never shifted by the time zone): "23/11/2026". */
  day: (day: string) => string;
  /** An exact decimal amount as the player types it ("1234,50" in PT): inputs and placeholders. */
  typedAmount: (amount: string, scale: number) => string;
};

// Four-digit years and two-digit fields: "short" styles would write 11/24/26 in EN.
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const MINUTE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The formatters for an interface language code ("PT", "EN", "pt"…). */
export function createFormats(languageCode: string): Formats {
  const locale = getLocaleTag(languageCode);
  const fixed = (digits: number | undefined): Intl.NumberFormatOptions =>
    digits === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const dated = (options: Intl.DateTimeFormatOptions) => (value: string | Date) => {
    const date = toDate(value);
    return date ? dateFormat(locale, options).format(date) : String(value);
  };
  return {
    locale,
    number: (value, digits) => numberFormat(locale, fixed(digits)).format(value),
    percent: (fraction, digits = 2) =>
      numberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        fraction,
      ),
    multiplier: (value, digits = 2) =>
      `${numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)}×`,
    dateTime: dated({ ...DAY, ...CLOCK }),
    // The date and the time written apart and joined by a space: Intl puts a comma between them.
    dateTimeShort: (value) => {
      const date = toDate(value);
      return date
        ? `${dateFormat(locale, DAY).format(date)} ${dateFormat(locale, MINUTE).format(date)}`
        : String(value);
    },
    date: dated(DAY),
    time: dated(CLOCK),
    day: (day) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
      return m ? dateFormat(locale, DAY).format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : day;
    },
    typedAmount: (amount, scale) => formatTypedAmount(amount, scale, locale),
  };
}

/** The formatters of the current interface language; re-renders when the language changes. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return createFormats(i18n.language);
}
