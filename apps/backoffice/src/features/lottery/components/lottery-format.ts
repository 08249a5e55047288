import type { OpsLotteryDraw, OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import type { LotteryResult } from '@wps/shared/lottery/types';

/** A game's schedule as the operator reads it: every N seconds/minutes, or daily at HH:MM in its zone (the site's when none). */
export function scheduleText(
  game: Pick<OpsLotteryGame, 'intervalSeconds' | 'drawTime' | 'drawZone'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (game.intervalSeconds !== null) {
    return game.intervalSeconds % 60 === 0
      ? t('schedule.everyMinutes', { count: game.intervalSeconds / 60 })
      : t('schedule.everySeconds', { count: game.intervalSeconds });
  }
  return t('schedule.daily', { time: game.drawTime ?? '—', zone: game.drawZone ?? t('schedule.siteZone') });
}

/** An edge as the server sends it ("2.78%", exact to the hundredth) written in the interface's language ("2,78 %"). */
export function edgeText(edgePercent: string, locale: string): string {
  const n = Number(edgePercent.replace(/%$/, ''));
  return Number.isFinite(n)
    ? `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} %`
    : edgePercent;
}

/** A result in one line: quick draws' numbers in order; Vietnamese prize tiers are shown by ResultView. */
export function numbersText(result: LotteryResult): string {
  return result.kind === 'numbers' ? result.numbers.join(' · ') : result.prizes.flatMap((p) => p.numbers).join(' ');
}

export function isLotteryResult(value: unknown): value is LotteryResult {
  if (!value || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'numbers' || kind === 'prizes';
}

/** Whether the per-draw cap cut the payouts: the wins as drawn were above it (the cap is fixed for every draw that pays). */
export function isCapped(draw: Pick<OpsLotteryDraw, 'payoutCapMinor' | 'grossPayoutMinor'>): boolean {
  return (
    draw.payoutCapMinor !== null &&
    draw.grossPayoutMinor !== null &&
    BigInt(draw.grossPayoutMinor) > BigInt(draw.payoutCapMinor)
  );
}
