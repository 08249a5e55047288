import { useSearchParams } from 'react-router';
import { addDays, presetDays, toDays, toInstants, type InstantRange } from './zoned-days';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A report's range of days, kept in the address (`from`, `to`) so a reload or a shared link shows
 * the same figures: days in the operator's time zone, by default the last `defaultDays` up to
 * today; an unreadable or reversed `to` falls back to today. `apply` writes a picked range back,
 * keeping the address's other parameters.
 */
export function useDayRangeSearch(zone: string, defaultDays = 7) {
  const [search, setSearch] = useSearchParams();
  const today = presetDays('today', zone).from;
  const from = DAY_PATTERN.test(search.get('from') ?? '') ? search.get('from')! : addDays(today, -(defaultDays - 1));
  const to = DAY_PATTERN.test(search.get('to') ?? '') && search.get('to')! >= from ? search.get('to')! : today;
  const apply = (chosen: InstantRange) => {
    const picked = toDays(chosen, zone);
    const next = new URLSearchParams(search);
    next.set('from', picked.from);
    next.set('to', picked.to);
    setSearch(next);
  };
  return { from, to, range: toInstants({ from, to }, zone), apply };
}
