import { periodKey } from '@wps/shared/reward-periods';
import type { PromoPeriod } from '@wps/shared/schemas/promo';

/**
 * The key of the period an instant falls in, for a promotion's participation: `once` for the
 * promotion's whole life, else the rewards engine's own period keys (`2026-11-24`, `2026-W48`,
 * `2026-11-H1`, `2026-11`), cut in the promotion's time zone, so a join and the rules that read it
 * agree on what "this week" is.
 */
export function periodKeyOf(period: PromoPeriod, at: Date, timeZone: string): string {
  return period === 'once' ? 'once' : periodKey(at, period, timeZone);
}
