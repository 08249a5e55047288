import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { hashServerSeed } from '@wps/shared/provably-fair';
import type { Database } from '../../db/schema';
import {
  advanceDraws,
  findDueDraws,
  findNextDrawEventAt,
  findNumerosFrom,
  insertMissingDraws,
  markDrawn,
  type NewDraw,
} from './lottery-draws.repository';
import { adoptNextSchedule, findGames } from './lottery-games.repository';
import { plannedDraws, scheduleChangeDue } from './lottery-schedule';
import type { LotteryRules } from './lottery-rules';

// The draws' clock (docs/lottery.md, "Draws"): every tick writes the draws each active game
// should have next (a fair draw with its seed's commitment), opens and closes draws as their
// times come, and decides the draws whose time has come and whose result source can answer:
// a fair draw from its committed seed; an operator's draw only when a second operator approved
// the typed-in result (lottery-results.ts). Every step is a conditional write, so instances
// ticking together do each step once.
//
// There is no other way into a draw's result: no code path reads the tickets or the liability
// before deciding a result, and nothing changes a result once written (markDrawn only moves a
// closed draw). Risk is managed by the limits on bets alone.

type Db = Kysely<Database>;

export type DrawsContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  rules: LotteryRules;
  now: () => Date;
  timeZone: () => Promise<string>;
};

/** A new random seed and its commitment. */
function newSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = crypto.randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** The key a fair draw's numbers are derived from: its game and numero. */
export function fairDrawKey(gameCode: string, numero: string): string {
  return `${gameCode}:${numero}`;
}

/** Draws are planned ahead (QUICK_DRAWS_AHEAD), so planning on every turn of the clock is not needed. */
export const PLAN_EVERY_MS = 15_000;

export function createLotteryDraws(ctx: DrawsContext) {
  const { db, log, rules, now } = ctx;
  let plannedAt: number | null = null;

  /** Write each active game's next draws that do not exist yet. */
  async function planDraws(): Promise<number> {
    const at = now();
    const zone = await ctx.timeZone();
    let written = 0;
    for (const game of await findGames(db)) {
      const gameZone = game.drawZone ?? zone;
      // A changed schedule whose first day has come becomes the game's own (the planner already
      // follows it from that day on; this keeps the back office's view current).
      if (game.nextSchedule && scheduleChangeDue(game.nextSchedule, at, gameZone))
        await adoptNextSchedule(db, game.code, game.nextSchedule.from);
      if (game.status !== 'active') continue;
      const planned = plannedDraws(game, at, gameZone);
      const existing = await findNumerosFrom(db, game.code, planned[0]!.drawAt);
      const missing: NewDraw[] = planned
        .filter((p) => !existing.has(p.numero))
        .map((p) => ({
          ...p,
          gameCode: game.code,
          ...(game.resultSource === 'fair' ? newSeed() : { serverSeed: null, serverSeedHash: null }),
        }));
      written += await insertMissingDraws(db, missing);
    }
    return written;
  }

  /** Decide every due fair draw from its seed. Operator draws wait for an approved entry. */
  async function decideDue(): Promise<number> {
    const at = now();
    let decided = 0;
    for (const draw of await findDueDraws(db, at, 50)) {
      if (draw.resultSource !== 'fair' || draw.serverSeed === null) continue;
      const result = rules.fairResult(draw.family, draw.serverSeed, fairDrawKey(draw.gameCode, draw.numero));
      if (await markDrawn(db, draw.id, result, null, at)) decided++;
    }
    return decided;
  }

  /** One tick: plan, open and close, decide. Returns what moved, for the log. */
  async function tick(): Promise<{ planned: number; opened: number; closed: number; decided: number }> {
    const at = now().getTime();
    // A clock moved back (the test clock door) plans again at once.
    const due = plannedAt === null || at - plannedAt >= PLAN_EVERY_MS || at < plannedAt;
    const planned = due ? await planDraws() : 0;
    if (due) plannedAt = at;
    const { opened, closed } = await advanceDraws(db, now());
    const decided = await decideDue();
    if (decided > 0 || closed.length > 0)
      log.info({ planned, opened, closed: closed.length, decided }, 'lottery draws moved');
    return { planned, opened, closed: closed.length, decided };
  }

  /** When the clock should turn next for the draws (lottery time), or null when nothing is planned. */
  function nextEventAt(): Promise<Date | null> {
    return findNextDrawEventAt(db, now());
  }

  return { tick, planDraws, decideDue, nextEventAt };
}

export type LotteryDraws = ReturnType<typeof createLotteryDraws>;
