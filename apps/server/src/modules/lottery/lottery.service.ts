import type { AppContext } from '../../app-context';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import { newInstanceId } from '../../jobs/interval-job';
import type { AuditService } from '../audit/audit.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { SystemService } from '../system/system.service';
import { LOTTERY_VENDORS } from '@wps/shared/schemas/lottery';
import { licenceRules, lotteryGameHidden, lotteryProductClass, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { ProductLicence } from '../licence/licence-products';
import { findActiveForeignGames, findGame, findGames } from './lottery-games.repository';
import { createLotteryBetting } from './lottery-betting';
import { createLotteryDraws } from './lottery-draws';
import { lotteryLaunchPath } from './lottery-launch';
import { createLotteryLive } from './lottery-live';
import { createLotteryOps } from './lottery-ops';
import { createLotteryReads } from './lottery-reads';
import { createLotteryResults } from './lottery-results';
import { createLotteryVoids } from './lottery-voids';
import { createLotterySettlement } from './lottery-settlement';
import { sharedLotteryRules } from './lottery-rules-shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DatabaseKind } from '../../db/database';
import { isDrawToFinish, parseLotteryChange } from './lottery-change';

export type LotteryContext = Pick<AppContext, 'db' | 'log' | 'config'> & {
  databaseKind: DatabaseKind;
  system: Pick<SystemService, 'getBrand'>;
  gateway: Pick<GatewayService, 'seamless' | 'registerInternalVendor'>;
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive' | 'announce'>;
  audit: Pick<AuditService, 'record'>;
  /** The operator's time zone (daily draws and numeros are cut in it). */
  timeZone: (db: Kysely<Database>) => Promise<string>;
  /** The lottery's clock: the server's, or the test clock door's in browser tests. */
  now?: () => Date;
  /** Refuses a player who may not play now, whatever the game (a face check due under a licence: the KYC tiers). */
  playGuard?: (memberId: string) => Promise<void>;
  /**
   * The products the licence allows (licence-products.ts): menus leave out a foreign lottery's
   * draws the licence forbids, and a ticket on one asks the stake door in its placement's transaction.
   */
  licence?: Pick<ProductLicence, 'forbidden' | 'askStake' | 'refuseLaunch'>;
};

/**
 * The in-house lottery (docs/lottery.md): games, the draws' clock, tickets through the seamless
 * wallet, settlement and refunds exactly once, results with four eyes, and the players' reads.
 * Its two vendors (quick draws and the daily draws) are internal: their launch opens our own
 * lottery pages.
 */
/** How soon the clock turns again when a step is overdue (it failed, or another instance is on it). */
const OVERDUE_RETRY_MS = 1000;

export function createLotteryService(ctx: LotteryContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? (() => new Date());
  const rules = sharedLotteryRules;
  const money = async () => {
    const brand = await ctx.system.getBrand();
    return { currency: brand.currency, scale: brand.currencyScale };
  };

  ctx.gateway.registerInternalVendor(LOTTERY_VENDORS.quick, { launchUrl: lotteryLaunchPath });
  ctx.gateway.registerInternalVendor(LOTTERY_VENDORS.daily, { launchUrl: lotteryLaunchPath });

  const betting = createLotteryBetting({
    db,
    databaseKind: ctx.databaseKind,
    rules,
    seamless: ctx.gateway.seamless,
    now,
    changeFeed: ctx.changeFeed,
    playGuard: ctx.playGuard,
    askStake: ctx.licence?.askStake,
  });
  const draws = createLotteryDraws({ db, log, rules, now, timeZone: () => ctx.timeZone(db) });
  const settlement = createLotterySettlement({
    db,
    log,
    rules,
    seamless: ctx.gateway.seamless,
    now,
    instance: newInstanceId(),
  });
  const results = createLotteryResults({ db, rules, audit: ctx.audit, now });
  const voids = createLotteryVoids({ db, audit: ctx.audit, now });
  const reads = createLotteryReads({ db, now, money, forbidden: ctx.licence?.forbidden });
  // A game changed here is dropped from this instance's memory at once; the database's notice
  // reaches the other instances (and this one again) a moment later.
  const ops = createLotteryOps({
    db,
    rules,
    audit: ctx.audit,
    money,
    now,
    timeZone: () => ctx.timeZone(db),
    onGameChanged: (code) => ctx.changeFeed.announce(CHANGE_CHANNELS.lotteryGameChange, code),
    forbidden: ctx.licence?.forbidden,
  });
  // Live pages: each stream is one socket and a few KB; the configuration bounds them per instance and per address.
  const live = createLotteryLive({
    changeFeed: ctx.changeFeed,
    log,
    now,
    limits: ctx.config.lotteryLive ?? { maxStreams: 20_000, perIp: 20 },
    shown: async (gameCode) => {
      const forbidden = (await ctx.licence?.forbidden()) ?? [];
      if (forbidden.length === 0) return true;
      const game = await findGame(db, gameCode);
      return !game || !lotteryGameHidden(game, forbidden);
    },
  });

  /** One turn of the lottery's clock: draws planned, opened, closed and decided; decided draws finished. */
  async function runClock(): Promise<number> {
    const moved = await draws.tick();
    const finished = await settlement.finishDue();
    return moved.planned + moved.opened + moved.closed + moved.decided + finished;
  }

  /**
   * How long the clock may sleep after a turn: until the next opening, cut-off, draw or draw to
   * finish, at most `maxMs` (planning, a game changed in the back office, an operator's approved
   * result and the test clock door are not in that answer). Something overdue (a step that failed,
   * to be tried again) waits `maxMs` too, rather than turning the clock in a tight loop.
   */
  async function clockSleepMs(maxMs: number): Promise<number> {
    const next = await draws.nextEventAt();
    if (next === null) return maxMs;
    const ms = next.getTime() - now().getTime();
    return ms <= 0 ? Math.min(maxMs, OVERDUE_RETRY_MS) : Math.min(maxMs, ms + 5);
  }

  // A draw decided or voided anywhere (an operator's approval or void, on any instance) is finished
  // at once rather than at the clock's next turn.
  const clockWakers = new Set<() => void>();
  ctx.changeFeed.subscribe(CHANGE_CHANNELS.lotteryChange, (payload) => {
    const change = parseLotteryChange(payload);
    if (change && isDrawToFinish(change)) for (const wake of clockWakers) wake();
  });
  /** Call `wake` whenever a draw has just become one to finish; returns the unsubscribe. */
  function onDrawToFinish(wake: () => void): () => void {
    clockWakers.add(wake);
    return () => clockWakers.delete(wake);
  }

  return {
    betting,
    draws,
    settlement,
    results,
    voids,
    reads,
    ops,
    live,
    /**
     * Refuses the live stream of one game the licence in force forbids, as its launch is refused
     * (LICENCE_REFUSED naming the rule); a stream of every game simply leaves such draws out.
     */
    async refuseLive(gameCode: string | null): Promise<void> {
      if (gameCode === null) return;
      const game = await findGame(db, gameCode);
      if (game) await ctx.licence?.refuseLaunch(lotteryProductClass(game));
    },
    rules,
    money,
    runClock,
    clockSleepMs,
    onDrawToFinish,
    /**
     * The codes of the games whose draws are a foreign lottery's, whatever their status: the
     * catalogue hides them under a licence that forbids them.
     */
    async foreignGameCodes(): Promise<ReadonlySet<string>> {
      return new Set((await findGames(db)).filter((g) => lotteryProductClass(g) !== null).map((g) => g.code));
    },
    /**
     * What stands in the way of a switch to `to` (licence-changes.ts, a blocker source): each game
     * on sale whose draws are a foreign lottery's, when `to` forbids them, by name. Paused, it
     * sells no more tickets and stands in the way no longer.
     */
    async licenceBlockers(trx: Kysely<Database>, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
      if (!licenceRules(to).forbiddenProducts.includes('foreign_lottery')) return [];
      return (await findActiveForeignGames(trx)).map((g) => ({
        kind: 'lottery_game',
        id: g.code,
        label: `${g.name} (${g.resultCountry})`,
        rule: 'forbiddenProducts',
      }));
    },
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;
