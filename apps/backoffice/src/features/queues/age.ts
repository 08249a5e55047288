const MINUTE_MS = 60_000;

/**
 * How long ago an order was placed, in the largest unit that reads well for a queue ("5 min ago",
 * "3 h ago", "2 days ago"): minutes under two hours, hours under two days, then days.
 */
export function formatAge(iso: string, now: number, format: Intl.RelativeTimeFormat): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.max(0, Math.floor((now - at) / MINUTE_MS));
  if (minutes < 120) return format.format(-minutes, 'minute');
  if (minutes < 48 * 60) return format.format(-Math.floor(minutes / 60), 'hour');
  return format.format(-Math.floor(minutes / 1440), 'day');
}
