import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Bonus, PlayerBonuses } from '@wps/shared/schemas/bonus';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { RewardGrant, RewardSink } from '../rewards/reward-grants.types';
import type { SystemService } from '../system/system.service';
import { PLAYER_BONUS } from '../ledger/ledger.types';
import { createBonusLifecycle, type BonusLedger } from './bonus-lifecycle';
import { toBonusView, toContributionList } from './bonus-view';
import { createWageringConsumer, type CategoryOf, type WeightsOf } from './bonus-wagering';
import {
  findBonus,
  findMemberBonuses,
  findMemberWagers,
  findOpenBonuses,
  lockBonus,
  lockOpenBonuses,
  readSettings,
} from './bonus.repository';

type Db = Kysely<Database>;

export type BonusContext = {
  db: Db;
  log: Pick<Logger, 'warn'>;
  ledger: BonusLedger & {
    getMemberAccountBalance(memberId: string, purpose: string, currency: string, dbOrTrx?: Db): Promise<bigint>;
  };
  system: Pick<SystemService, 'getBrand'>;
};

/** Bonuses a player page shows at most, and rounds of their wagering. */
const PLAYER_LIST_LIMIT = 50;
const PLAYER_WAGERS_LIMIT = 20;
/** Bonuses the expiry job ends per run (the next run takes the rest). */
const EXPIRY_BATCH = 500;

/**
 * Bonus money: the rewards engine's payer of bonus grants, the wagering that converts a bonus,
 * its expiry and forfeit, and what players and operators read of it. The money rules of a bet
 * (which account a stake spends, how a win is split) live in the seamless wallet's SQL
 * (migration 0251), which asks this module's SQL functions (migration 0250).
 */
export function createBonusService(ctx: BonusContext) {
  const { db, ledger, system } = ctx;
  const lifecycle = createBonusLifecycle(ledger);

  /** The rewards engine's payer of kind 'bonus': the grant becomes a bonus, once per grant. */
  const sink: RewardSink = {
    kind: 'bonus',
    async pay(trx, grant: RewardGrant) {
      await lifecycle.give(trx, grant);
    },
  };

  /** End one running bonus the way `how` says, in its own transaction; false when it had already ended. */
  async function endOne(
    bonusId: string,
    how: 'expired' | 'cancelled',
    opts: { reason: string | null; by: string | null; now: Date; onlyIfDue?: boolean },
    after?: (trx: Db, before: Bonus, ended: Bonus) => Promise<void>,
  ): Promise<Bonus | undefined> {
    const found = await findBonus(db, bonusId);
    if (!found) throw new AppError(ErrorCode.BONUS_NOT_FOUND, 'No such bonus');
    return runInTransaction(db, async (trx) => {
      const money = await lifecycle.lockMemberMoney(trx, String(found.memberId), found.currency);
      const row = await lockBonus(trx, bonusId);
      if (!row || (row.status !== 'active' && row.status !== 'queued')) return undefined;
      if (opts.onlyIfDue && row.expiresAt.getTime() > opts.now.getTime()) return undefined;
      const ended = await lifecycle.end(trx, row, money, how, opts.reason, opts.by, opts.now);
      await lifecycle.activateNext(trx, String(row.memberId), money, opts.now);
      if (after) await after(trx, toBonusView(row), toBonusView(ended));
      return toBonusView(ended);
    });
  }

  return {
    sink,
    lifecycle,
    endOne,

    /** The consumer of settled rounds that advances wagering (subscribed by the composition root). */
    wageringConsumer: (categoryOf: CategoryOf, weightsOf: WeightsOf) =>
      createWageringConsumer({ lifecycle, categoryOf, weightsOf }),

    /** A player's bonus money (the header's second line): 0 without a bonus account. */
    async getBonusBalance(memberId: string, currency: string): Promise<bigint> {
      return ledger.getMemberAccountBalance(memberId, PLAYER_BONUS, currency);
    },

    /** GET /wps/bonuses */
    async listForPlayer(memberId: string): Promise<PlayerBonuses> {
      const brand = await system.getBrand();
      const [settings, rows, balance] = await Promise.all([
        readSettings(db),
        findMemberBonuses(db, memberId, PLAYER_LIST_LIMIT),
        ledger.getMemberAccountBalance(memberId, PLAYER_BONUS, brand.currency),
      ]);
      const wagers = await findMemberWagers(
        db,
        rows.map((r) => String(r.id)),
        PLAYER_WAGERS_LIMIT,
      );
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        bonusBalanceMinor: balance.toString(),
        spendOrder: settings.spendOrder,
        contributions: toContributionList(settings.contributions),
        bonuses: rows.map(toBonusView),
        wagers: wagers.map((w) => ({
          bonusId: String(w.bonusId),
          category: w.category,
          turnoverMinor: String(w.turnover),
          percent: w.contributionPct,
          countedMinor: String(w.counted),
          at: new Date(w.createdAt).toISOString(),
        })),
      };
    },

    /** The bonuses a withdrawal or a transfer out would forfeit (active and queued). */
    async findOpenBonuses(memberId: string): Promise<Bonus[]> {
      return (await findOpenBonuses(db, memberId)).map(toBonusView);
    },

    /**
     * Money leaving the player (a withdrawal, a transfer to an upline or downline), in its
     * transaction, before its money step: the member's money and running bonuses are locked here
     * (the lock order of every bonus path; `alsoLock` adds the accounts the money step posts to),
     * and without the player's confirmation running bonuses refuse it (4xx with the bonuses).
     * Returns the forfeit, which the caller runs in the same transaction once the money has moved:
     * each running bonus ends forfeited (`end_reason` = `by`), the active one's balance back to the
     * promotion budget. A request refused at its money step (not enough money, the day's count)
     * forfeits nothing. Nothing to do without running bonuses.
     */
    async prepareForfeit(
      trx: Db,
      memberId: string,
      currency: string,
      opts: { confirmed: boolean; by: 'withdrawal' | 'transfer'; alsoLock?: readonly string[] },
      now = new Date(),
    ): Promise<() => Promise<number>> {
      if ((await findOpenBonuses(trx, memberId)).length === 0) return async () => 0;
      const money = await lifecycle.lockMemberMoney(trx, memberId, currency, opts.alsoLock);
      const open = await lockOpenBonuses(trx, memberId);
      if (open.length > 0 && !opts.confirmed) {
        throw new AppError(
          ErrorCode.BONUS_FORFEIT_CONFIRMATION_REQUIRED,
          `A ${opts.by} forfeits the running bonuses; confirm it to go on`,
          { bonuses: open.map(toBonusView) },
        );
      }
      return async () => {
        for (const row of open) await lifecycle.end(trx, row, money, 'forfeited', opts.by, null, now);
        return open.length;
      };
    },

    /** The expiry job: running bonuses past their time end (active ones' money back to the budget), each once. */
    async expireDue(now = new Date()): Promise<number> {
      let count = 0;
      for (const id of await lifecycle.findDue(db, now, EXPIRY_BATCH)) {
        if (await endOne(id, 'expired', { reason: null, by: null, now, onlyIfDue: true })) count += 1;
      }
      return count;
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
