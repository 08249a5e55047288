import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PLAYER_MAIN, type LedgerService } from '../ledger/ledger.service';
import { PLAYER_BONUS } from '../ledger/ledger.types';
import {
  findBonusByGrant,
  findDueBonusIds,
  insertBonus,
  lockBonus,
  lockOpenBonuses,
  markActive,
  markEnded,
  readSettings,
  type BonusRow,
} from './bonus.repository';

type Db = Kysely<Database>;

export type BonusEnd = 'converted' | 'forfeited' | 'expired' | 'cancelled';

/** What a bonus is given with: the grant's params, the operator's defaults filling the gaps. */
export type BonusTerms = { wageringMultiple: number; expiresAt: Date; maxConversion: bigint; maxStake: bigint };

export type BonusLedger = Pick<
  LedgerService,
  | 'ensurePlayerWallet'
  | 'ensureMemberAccount'
  | 'ensureMemberAccounts'
  | 'ensureSystemAccount'
  | 'lockAccounts'
  | 'getAccountBalance'
  | 'postTransaction'
  | 'getOperatorCurrency'
>;

export type MemberMoney = { main: string; bonus: string; promo: string; currency: string };

/**
 * A bonus's life in money: given (credited from the promotion budget, or queued behind the
 * active one), ended (converted to the main wallet up to its cap, or its balance returned to the
 * budget), and the next queued one activated.
 *
 * Locking order, the same in every bonus transaction: the member's main wallet, bonus account
 * and the promotion budget, locked together in id order (the ledger's order, which the bet path
 * also takes), then the member's bonus rows. The bet path reads bonus rows but never locks them.
 */
export function createBonusLifecycle(ledger: BonusLedger) {
  /**
   * Lock the member's money accounts (first, always; see above). `alsoLock`: other accounts the
   * caller's money step will post to (a transfer's recipient wallet), taken in the same id-ordered
   * lock so that step never takes a lock out of order after the promotion budget.
   */
  async function lockMemberMoney(
    trx: Db,
    memberId: string,
    currency?: string,
    alsoLock: readonly string[] = [],
  ): Promise<MemberMoney> {
    const cur = currency ?? (await ledger.getOperatorCurrency(trx));
    const main = await ledger.ensurePlayerWallet(trx, memberId, cur);
    const bonus = await ledger.ensureMemberAccount(trx, memberId, PLAYER_BONUS, cur);
    const promo = await ledger.ensureSystemAccount('promotion_budget', cur, trx);
    await ledger.lockAccounts(trx, [main, bonus, promo, ...alsoLock]);
    return { main, bonus, promo, currency: cur };
  }

  /**
   * Lock several members' money accounts at once (the wagering consumer's batch): all of them, the
   * promotion budget among them, in one id-ordered lock, like a batch of bets.
   */
  async function lockMembersMoney(trx: Db, memberIds: string[], currency: string): Promise<Map<string, MemberMoney>> {
    const promo = await ledger.ensureSystemAccount('promotion_budget', currency, trx);
    const mains = await ledger.ensureMemberAccounts(trx, memberIds, PLAYER_MAIN, currency);
    const bonuses = await ledger.ensureMemberAccounts(trx, memberIds, PLAYER_BONUS, currency);
    const out = new Map<string, MemberMoney>(
      memberIds.map((m) => [m, { main: mains.get(m)!, bonus: bonuses.get(m)!, promo, currency }]),
    );
    await ledger.lockAccounts(trx, [promo, ...[...out.values()].flatMap((m) => [m.main, m.bonus])]);
    return out;
  }

  /** Move a queued bonus's amount into the bonus account and start it; keyed by its grant, so it is paid once. */
  async function activate(trx: Db, row: BonusRow, money: MemberMoney, at: Date): Promise<void> {
    await ledger.postTransaction(
      {
        kind: 'bonus_grant',
        idempotencyKey: `reward:${row.grantId}`,
        reference: `bonus:${row.id}`,
        metadata: {
          memberId: String(row.memberId),
          bonusId: String(row.id),
          source: row.source,
          sourceRef: row.sourceRef,
        },
        entries: [
          { accountId: money.promo, amountMinor: -BigInt(row.amount) },
          { accountId: money.bonus, amountMinor: BigInt(row.amount) },
        ],
      },
      trx,
    );
    await markActive(trx, String(row.id), at);
  }

  /** Start the oldest queued bonus when none is active; those already past their time expire unpaid. */
  async function activateNext(trx: Db, memberId: string, money: MemberMoney, now: Date): Promise<void> {
    const open = await lockOpenBonuses(trx, memberId);
    if (open.some((b) => b.status === 'active')) return;
    for (const row of open) {
      if (row.expiresAt.getTime() <= now.getTime()) {
        await markEnded(trx, String(row.id), {
          status: 'expired',
          converted: 0n,
          returned: 0n,
          reason: null,
          by: null,
          at: now,
        });
        continue;
      }
      await activate(trx, row, money, now);
      return;
    }
  }

  /**
   * End a running bonus (its member's money locked, its row locked). An active one converts its
   * whole balance in one ledger transaction (up to its cap, the rest back to the budget) or
   * returns it to the budget; a queued one never had money.
   */
  async function end(
    trx: Db,
    row: BonusRow,
    money: MemberMoney,
    how: BonusEnd,
    reason: string | null,
    by: string | null,
    now: Date,
  ): Promise<BonusRow> {
    let converted = 0n;
    let returned = 0n;
    if (row.status === 'active') {
      const balance = await ledger.getAccountBalance(money.bonus, trx);
      if (how === 'converted') {
        converted = balance < BigInt(row.maxConversion) ? balance : BigInt(row.maxConversion);
      }
      returned = balance - converted;
      if (balance > 0n) {
        await ledger.postTransaction(
          {
            kind: how === 'converted' ? 'bonus_conversion' : 'bonus_forfeit',
            idempotencyKey: `bonus:${row.id}:end`,
            reference: `bonus:${row.id}`,
            metadata: { memberId: String(row.memberId), bonusId: String(row.id), end: how },
            entries: [
              { accountId: money.bonus, amountMinor: -balance },
              ...(converted > 0n ? [{ accountId: money.main, amountMinor: converted }] : []),
              ...(returned > 0n ? [{ accountId: money.promo, amountMinor: returned }] : []),
            ],
          },
          trx,
        );
      }
    }
    return markEnded(trx, String(row.id), { status: how, converted, returned, reason, by, at: now });
  }

  /** The operator's defaults for what a grant's params leave out. */
  async function termsFor(trx: Db, amount: bigint, params: Record<string, unknown>, now: Date): Promise<BonusTerms> {
    const s = await readSettings(trx);
    const int = (v: unknown): number | undefined =>
      typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
    const minor = (v: unknown): bigint | undefined => {
      if (typeof v === 'bigint') return v > 0n ? v : undefined;
      if ((typeof v === 'string' && /^\d{1,18}$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v)))
        return BigInt(v) > 0n ? BigInt(v) : undefined;
      return undefined;
    };
    const hours = int(params['expiresInHours']) ?? s.defaultExpiryHours;
    const at = typeof params['expiresAt'] === 'string' ? new Date(params['expiresAt']) : undefined;
    return {
      wageringMultiple: int(params['wageringMultiple']) ?? s.defaultWageringMultiple,
      expiresAt: at && !Number.isNaN(at.getTime()) ? at : new Date(now.getTime() + hours * 3_600_000),
      maxConversion: minor(params['maxConversionMinor']) ?? amount * BigInt(s.defaultMaxConversionMultiple),
      maxStake: minor(params['maxStakeMinor']) ?? BigInt(s.defaultMaxStakeMinor),
    };
  }

  return {
    lockMemberMoney,
    lockMembersMoney,
    activateNext,
    end,

    /**
     * Give a bonus for a grant (the rewards engine's bonus payer). Once per grant: the grant id
     * is unique among bonuses, and the credit is keyed by it.
     */
    async give(
      trx: Db,
      grant: {
        grantId: string;
        memberId: string;
        amount: bigint;
        currency: string;
        source: string;
        sourceRef: string;
        params: Record<string, unknown>;
      },
      now = new Date(),
    ): Promise<BonusRow> {
      const money = await lockMemberMoney(trx, grant.memberId, grant.currency);
      const terms = await termsFor(trx, grant.amount, grant.params, now);
      const row = await insertBonus(trx, {
        memberId: grant.memberId,
        grantId: grant.grantId,
        source: grant.source,
        sourceRef: grant.sourceRef,
        currency: money.currency,
        amount: grant.amount.toString(),
        wageringMultiple: terms.wageringMultiple,
        requirement: (grant.amount * BigInt(terms.wageringMultiple)).toString(),
        maxConversion: terms.maxConversion.toString(),
        maxStake: terms.maxStake.toString(),
        expiresAt: terms.expiresAt,
        status: 'queued',
      });
      if (!row) return findBonusByGrant(trx, grant.grantId); // the same grant again: its bonus as it stands
      await activateNext(trx, grant.memberId, money, now);
      return (await lockBonus(trx, String(row.id)))!;
    },

    /** Running bonuses past their time; the job ends each in its own transaction. */
    findDue: (db: Db, now: Date, limit: number) => findDueBonusIds(db, now, limit),
  };
}

export type BonusLifecycle = ReturnType<typeof createBonusLifecycle>;
