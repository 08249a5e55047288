import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { KeysetPage } from '@wps/shared/schemas/players';
import type { AccountClosure, CloseAccountResult, IdentityData } from '@wps/shared/schemas/privacy';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { KycService } from '../kyc/kyc.service';
import type { MemberAdmin } from '../member/member-admin';
import type { MemberService } from '../member/member.service';
import type { PlayersService } from '../players/players.service';
import type { SessionService } from '../session/session.service';
import { PLAYER_MAIN } from '../ledger/ledger.service';
import { PLAYER_BONUS } from '../ledger/ledger.types';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { findClosures, insertClosure, type ClosureRow } from './privacy.repository';

type Db = Kysely<Database>;

export type PrivacyContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  member: Pick<MemberService, 'confirmPassword'>;
  memberAdmin: Pick<MemberAdmin, 'setStatus'>;
  session: Pick<SessionService, 'revokeOthers'>;
  players: Pick<
    PlayersService,
    'getProfile' | 'getBalances' | 'listLedger' | 'listDeposits' | 'listWithdrawals' | 'listRounds' | 'listSessions'
  >;
  kyc: Pick<KycService, 'historyOf'>;
  /** The identity module's record of the member (CPF, date of birth, document name), null without one. */
  identityOf: (memberId: string) => Promise<IdentityData | null>;
  /** The balance's way out at closing: the withdrawal module's payout (hold, order, review, own PIX key). */
  withdrawal: Pick<WithdrawalService, 'preparePayout'>;
  now: () => number;
};

/**
 * How long a closed account's balance that could not go out at once (no PIX key bound, outside the
 * withdrawal limits, identity not verified) is held for the player's request before the operator
 * must act on it. No rule read in a primary text fixes it for a closure (docs/compliance.md,
 * "Player rights": our reading, to be checked); the regulator's refund deadline for barred players
 * is the licence's own setting (barredRefundDays).
 */
export const CLOSURE_PAYOUT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A closing as the player, the data copy and the back office see it. */
function presentClosure(row: ClosureRow): AccountClosure {
  return {
    id: row.id,
    closedAt: row.closedAt.toISOString(),
    currency: row.currency,
    balanceMinor: row.balanceMinor.toString(),
    payout: row.payout,
    withdrawalId: row.withdrawalId,
    heldReason: row.heldReason,
    payoutDueBy: row.payoutDueBy?.toISOString() ?? null,
  };
}

/** Rows read per page while the export walks a list. */
const PAGE = 500;

/** Every page of a keyset list, in its order. */
async function everyPage<T>(read: (cursor: string | undefined) => Promise<KeysetPage<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await read(cursor);
    all.push(...page.list);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
}

/**
 * The player's rights over their data (LGPD, Law 13.709/2018 art. 18; docs/compliance.md, "Player
 * rights"): a copy of everything the operator holds about them, and closing the account. Each
 * read goes through the module that keeps it (the players module's views of the account, the
 * money and the play; the identity checks).
 */
export function createPrivacyService(ctx: PrivacyContext) {
  const { players } = ctx;

  return {
    /** The player's data as one document: the account, the identity (CPF, birth date, name), balances, identity checks, deposits, withdrawals, ledger, rounds and sessions. */
    async exportData(memberId: string) {
      const [profile, identity, balances, identityChecks, deposits, withdrawals, ledger, rounds, sessions] =
        await Promise.all([
          players.getProfile(memberId),
          ctx.identityOf(memberId),
          players.getBalances(memberId),
          ctx.kyc.historyOf(memberId),
          everyPage((cursor) => players.listDeposits(memberId, { cursor, limit: PAGE })),
          everyPage((cursor) => players.listWithdrawals(memberId, { cursor, limit: PAGE })),
          everyPage((cursor) => players.listLedger(memberId, { cursor, limit: PAGE })),
          everyPage((cursor) => players.listRounds(memberId, { cursor, limit: PAGE })),
          everyPage((cursor) => players.listSessions(memberId, { cursor, limit: PAGE })),
        ]);
      return {
        generatedAt: new Date(ctx.now()).toISOString(),
        profile,
        identity,
        balances,
        identityChecks,
        deposits,
        withdrawals,
        ledger,
        rounds,
        sessions,
      };
    },

    /**
     * Close the account at the player's request, confirmed with the password, whatever balance is
     * left (LGPD art. 18 VI; Law 14.790 art. 27). Closed to play at once: in one transaction the
     * account is disabled, every session ends, and the main wallet's balance, read under the
     * wallet's lock (a bet racing the closing waits and then finds what is left), goes out as a
     * withdrawal of the whole balance to a PIX key the player bound (the withdrawal module's
     * payout: hold, review, own-account rules) or, when it cannot go out at once (no key, outside
     * the withdrawal limits, identity not verified), stays held on the closed account for payout on
     * request by `payoutDueBy`. Running bonuses are forfeited (not the player's money). A
     * withdrawal already under way goes on. Refused only for an agent (a team and contracts are
     * the operator's to settle) and while money is still at a game vendor (a transfer wallet: it
     * is brought back first, it is not in the wallet). Audited; the records stay for the retention
     * (docs/compliance.md, "Retention"), after which the personal fields are anonymised.
     */
    async closeAccount(memberId: string, password: string): Promise<CloseAccountResult> {
      await ctx.member.confirmPassword(memberId, password);
      const refuse = (reason: 'agent' | 'balance' | 'closed', message: string, extra: Record<string, unknown> = {}) => {
        throw new AppError(ErrorCode.ACCOUNT_CLOSURE_REFUSED, message, { reason, ...extra });
      };
      // An agent's account carries a team and contracts: closing it is the operator's decision.
      if (isAgentType((await players.getProfile(memberId)).type))
        refuse('agent', 'An agent account is closed by the operator');
      const atVendors = (await players.getBalances(memberId)).accounts.filter(
        (a) => a.purpose !== PLAYER_MAIN && a.purpose !== PLAYER_BONUS && BigInt(a.balanceMinor) !== 0n,
      );
      if (atVendors.length > 0)
        refuse('balance', 'Bring the money back from the game first, then close the account', {
          accounts: atVendors.map((a) => ({ purpose: a.purpose, balanceMinor: a.balanceMinor })),
        });
      const closedAt = new Date(ctx.now());
      // Read outside the transaction (PGlite has one connection); the money moves inside it.
      const payOut = await ctx.withdrawal.preparePayout(memberId, {
        origin: 'account_closure',
        // '#' is outside the keys a player may send (idempotencyKeySchema): never one of theirs.
        idempotencyKey: `#account_closure:${closedAt.getTime()}`,
      });
      const closure = await runInTransaction(ctx.db, async (trx) => {
        const before = await ctx.memberAdmin.setStatus(trx, memberId, 'disabled');
        if (before === 'disabled') refuse('closed', 'The account is closed already');
        const revokedSessions = await ctx.session.revokeOthers(memberId, undefined, trx, 'account_disabled');
        const money = await payOut(trx);
        const row: ClosureRow = {
          id: '',
          memberId,
          closedAt,
          currency: money.currency,
          balanceMinor: money.balanceMinor,
          payout: money.outcome,
          withdrawalId: money.outcome === 'withdrawal' ? money.order.id : null,
          heldReason: money.outcome === 'held' ? money.reason : null,
          payoutDueBy: money.outcome === 'held' ? new Date(closedAt.getTime() + CLOSURE_PAYOUT_DAYS * DAY_MS) : null,
        };
        row.id = await insertClosure(trx, row);
        await ctx.audit.record(trx, {
          actorType: 'member',
          actorId: memberId,
          action: 'member.close',
          subjectType: 'member',
          subjectId: memberId,
          reason: "closed at the player's request",
          before: { status: before ?? 'active' },
          after: {
            status: 'disabled',
            revokedSessions,
            closure: row.id,
            payout: row.payout,
            balanceMinor: row.balanceMinor.toString(),
            withdrawalId: row.withdrawalId,
            heldReason: row.heldReason,
            payoutDueBy: row.payoutDueBy?.toISOString() ?? null,
          },
        });
        return row;
      });
      return { closed: true, closure: presentClosure(closure) };
    },

    /** GET /ops/players/:memberId/closures: the member's closings and their payouts, newest first. */
    async closuresOf(memberId: string): Promise<AccountClosure[]> {
      return (await findClosures(ctx.db, memberId)).map(presentClosure);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
