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
  /** A schedule the operator changed, in force from the local day `from` (YYYY-MM-DD) on. */
  nextSchedule?: NextSchedule | null;
};

/**
 * A changed schedule waiting for its first day. It starts on a whole local day no draw has been
 * planned on yet (`scheduleChangeFrom`): the draws already written, with their numeros, seeds'
 * commitments and tickets, keep their times, and a day's quick-draw numeros (its place in the
 * day) all come from one interval, so they never collide.
 */
export type NextSchedule = { intervalSeconds: number | null; drawTime: string | null; from: string };

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

function quickDraw(drawAtMs: number, intervalMs: number, closeBeforeSeconds: number, timeZone: string): PlannedDraw {
  return {
    numero: quickNumero(new Date(drawAtMs), intervalMs, timeZone),
    opensAt: new Date(drawAtMs - intervalMs),
    closesAt: new Date(drawAtMs - closeBeforeSeconds * 1000),
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

/** The schedule in force on the local day `dayKey`: the changed one from its first day on. */
function scheduleOn(game: ScheduledGame, dayKey: string): { intervalSeconds: number | null; drawTime: string | null } {
  const next = game.nextSchedule;
  return next && dayKey >= next.from ? next : game;
}

/**
 * The draws a game should have from `now` on: the one whose betting is open now and the next
 * ones (QUICK_DRAWS_AHEAD or DAILY_DRAWS_AHEAD in all). A daily draw's betting opens when the
 * previous day's draw is made. Each draw follows the schedule in force on its local day.
 */
export function plannedDraws(game: ScheduledGame, now: Date, timeZone: string): PlannedDraw[] {
  if (game.intervalSeconds !== null) {
    // Every zone's midnight falls on a whole quarter hour, which each interval divides, so the
    // last draw of a day under the old interval is at midnight and the new one's first is one
    // new interval later.
    const out: PlannedDraw[] = [];
    for (let at = now.getTime(); out.length < QUICK_DRAWS_AHEAD; ) {
      const intervalMs = scheduleOn(game, periodOf(new Date(at), 'daily', timeZone).key).intervalSeconds! * 1000;
      const drawAt = (Math.floor(at / intervalMs) + 1) * intervalMs;
      out.push(quickDraw(drawAt, intervalMs, game.closeBeforeSeconds, timeZone));
      at = drawAt;
    }
    return out;
  }
  const today = periodOf(now, 'daily', timeZone).key;
  const out: PlannedDraw[] = [];
  // Start from yesterday so the first draw listed is the next one still to come.
  for (let i = -1; out.length < DAILY_DRAWS_AHEAD; i++) {
    const key = dayKeyAfter(today, i);
    const drawAt = dailyDrawAt(key, scheduleOn(game, key).drawTime!, timeZone);
    if (drawAt.getTime() <= now.getTime()) continue;
    const dayBefore = dayKeyAfter(key, -1);
    out.push({
      numero: compactDay(key),
      opensAt: dailyDrawAt(dayBefore, scheduleOn(game, dayBefore).drawTime!, timeZone),
      closesAt: new Date(drawAt.getTime() - game.closeBeforeSeconds * 1000),
      drawAt,
    });
  }
  return out;
}

/** How far ahead the clock may have written a game's draws: five quick draws at the longest interval, or two days. */
const PLANNED_AHEAD_MS = { quick: QUICK_DRAWS_AHEAD * 300_000, daily: DAILY_DRAWS_AHEAD * DAY_MS };

/**
 * The first local day a changed schedule may start on: the day after the last one that has (or,
 * by the time the change is saved, may have) a planned draw. `lastDrawAt` is the game's latest
 * draw written so far. An hour of margin covers a clock turning while the change is saved.
 */
export function scheduleChangeFrom(
  game: Pick<ScheduledGame, 'intervalSeconds'>,
  now: Date,
  lastDrawAt: Date | null,
  timeZone: string,
): string {
  const ahead =
    now.getTime() + (game.intervalSeconds !== null ? PLANNED_AHEAD_MS.quick : PLANNED_AHEAD_MS.daily) + 3_600_000;
  const latest = Math.max(ahead, lastDrawAt?.getTime() ?? 0);
  // The day of the instant just before: a draw at midnight belongs to the day it ends.
  return dayKeyAfter(periodOf(new Date(latest - 1), 'daily', timeZone).key, 1);
}

/** The day a changed schedule has reached: it is then the game's schedule. */
export function scheduleChangeDue(next: NextSchedule, now: Date, timeZone: string): boolean {
  return periodOf(now, 'daily', timeZone).key >= next.from;
}
