import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';

// When a game's draws happen (docs/lottery.md, "Draws"). Pure: the draw job asks it which draws
// should exist and writes the missing ones; two instances asking at once write the same rows,
// and the (game, numero) key keeps one.

export type ScheduledGame = {
  code: string;
  /** Quick draws: one draw every interval, aligned to the epoch. */
  intervalSeconds: number | null;
  /** Daily draws: the local time of the draw (HH:MM) in the operator's zone. */
  drawTime: string | null;
  closeBeforeSeconds: number;
};

export type PlannedDraw = { numero: string; opensAt: Date; closesAt: Date; drawAt: Date };

/** Quick draws created ahead of time, so a page always has the next few to show. */
export const QUICK_DRAWS_AHEAD = 5;
/** Daily draws created ahead: today's and tomorrow's. */
export const DAILY_DRAWS_AHEAD = 2;

const DAY_MS = 86_400_000;

function compactDay(key: string): string {
  return key.replaceAll('-', '');
}

/**
 * A quick draw's number: its local day and its place in that day (`20261124-0753`), so the
 * numbers read in order and restart every day like a printed draw schedule.
 */
function quickNumero(drawAt: Date, intervalMs: number, timeZone: string): string {
  const day = periodOf(new Date(drawAt.getTime() - 1), 'daily', timeZone);
  const index = Math.ceil((drawAt.getTime() - day.start.getTime()) / intervalMs);
  return `${compactDay(day.key)}-${String(index).padStart(4, '0')}`;
}

function quickDraw(drawAtMs: number, game: ScheduledGame, timeZone: string): PlannedDraw {
  const intervalMs = game.intervalSeconds! * 1000;
  return {
    numero: quickNumero(new Date(drawAtMs), intervalMs, timeZone),
    opensAt: new Date(drawAtMs - intervalMs),
    closesAt: new Date(drawAtMs - game.closeBeforeSeconds * 1000),
    drawAt: new Date(drawAtMs),
  };
}

/** The instant a daily game draws on the local day `dayKey` (YYYY-MM-DD). */
function dailyDrawAt(dayKey: string, drawTime: string, timeZone: string): Date {
  const day = periodOfKey(dayKey, timeZone);
  if (!day) throw new RangeError(`no local day ${dayKey} in ${timeZone}`);
  const [h, m] = drawTime.split(':').map(Number) as [number, number];
  return new Date(day.start.getTime() + (h * 60 + m) * 60_000);
}

function dayKeyAfter(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The draws a game should have from `now` on: the one whose betting is open now and the next
 * ones (QUICK_DRAWS_AHEAD or DAILY_DRAWS_AHEAD in all). A daily draw's betting opens when the
 * previous day's draw is made.
 */
export function plannedDraws(game: ScheduledGame, now: Date, timeZone: string): PlannedDraw[] {
  if (game.intervalSeconds !== null) {
    const intervalMs = game.intervalSeconds * 1000;
    const next = (Math.floor(now.getTime() / intervalMs) + 1) * intervalMs;
    return Array.from({ length: QUICK_DRAWS_AHEAD }, (_, i) => quickDraw(next + i * intervalMs, game, timeZone));
  }
  const drawTime = game.drawTime!;
  const today = periodOf(now, 'daily', timeZone).key;
  const out: PlannedDraw[] = [];
  // Start from yesterday so the first draw listed is the next one still to come.
  for (let i = -1; out.length < DAILY_DRAWS_AHEAD; i++) {
    const key = dayKeyAfter(today, i);
    const drawAt = dailyDrawAt(key, drawTime, timeZone);
    if (drawAt.getTime() <= now.getTime()) continue;
    out.push({
      numero: compactDay(key),
      opensAt: dailyDrawAt(dayKeyAfter(key, -1), drawTime, timeZone),
      closesAt: new Date(drawAt.getTime() - game.closeBeforeSeconds * 1000),
      drawAt,
    });
  }
  return out;
}
