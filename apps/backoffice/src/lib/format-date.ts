import { i18n, localeTag } from './i18n';

/**
 * The back office's one way to write dates: Intl in the interface language, so a Portuguese
 * operator reads 28/11/2026 and "novembro de 2026", never the server's keys (2026-11-28,
 * 2026-11). Each formatter is cached per language; a value of no known form is shown as it is.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'day' | 'dayMonth' | 'month' | 'dateTime', language: string): Intl.DateTimeFormat {
  const key = `${kind}|${language}`;
  let f = formatters.get(key);
  if (!f) {
    const locale = localeTag(language);
    f =
      kind === 'day'
        ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
        : kind === 'dayMonth'
          ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' })
          : kind === 'month'
            ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
            : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    formatters.set(key, f);
  }
  return f;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const HALF = /^(\d{4})-(\d{2})-H([12])$/;
const WEEK = /^(\d{4})-W(\d{2})$/;

/** A calendar day as the server names it (YYYY-MM-DD): "28/11/2026" in PT, "11/28/2026" in EN. */
export function formatDay(dayKey: string, language: string = i18n.language): string {
  const m = DAY.exec(dayKey);
  if (!m) return dayKey;
  return formatter('day', language).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** A day without its year, for a chart's axis: "28/11" in PT, "11/28" in EN. */
export function formatDayMonth(dayKey: string, language: string = i18n.language): string {
  const m = DAY.exec(dayKey);
  if (!m) return dayKey;
  return formatter('dayMonth', language).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** A month (YYYY-MM): "novembro de 2026" in PT, "November 2026" in EN. */
export function formatMonth(monthKey: string, language: string = i18n.language): string {
  const m = MONTH.exec(monthKey);
  if (!m) return monthKey;
  return formatter('month', language).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

/** An instant (ISO) as a short date and time in the browser's zone: "28/11/2026 14:05". */
export function formatDateTime(iso: string, language: string = i18n.language): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatter('dateTime', language).format(at);
}

/**
 * A settlement or reward period's key, whatever its length: a day, an ISO week (2026-W48), half
 * a month (2026-11-H1), a month, or the start instant of a clock window.
 */
export function formatPeriodKey(key: string, language: string = i18n.language): string {
  const t = i18n.getFixedT(language, 'common');
  if (DAY.test(key)) return formatDay(key, language);
  if (MONTH.test(key)) return formatMonth(key, language);
  const half = HALF.exec(key);
  if (half) {
    const month = formatMonth(`${half[1]}-${half[2]}`, language);
    return t(half[3] === '1' ? 'periods.firstHalf' : 'periods.secondHalf', { month });
  }
  const week = WEEK.exec(key);
  if (week) return t('periods.week', { week: Number(week[2]), year: week[1] });
  if (/^\d{4}-\d{2}-\d{2}T/.test(key)) return formatDateTime(key, language);
  return key;
}
