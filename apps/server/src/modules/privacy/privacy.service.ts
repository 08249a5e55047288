import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { KeysetPage } from '@wps/shared/schemas/players';
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
  now: () => number;
};

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
    /** The player's data as one document: the account, balances, identity checks, deposits, withdrawals, ledger, rounds and sessions. */
    async exportData(memberId: string) {
      const [profile, balances, identityChecks, deposits, withdrawals, ledger, rounds, sessions] = await Promise.all([
        players.getProfile(memberId),
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
     * Close the account at the player's request, confirmed with the password: refused while money
     * is on any of its accounts or a withdrawal is under way (it is paid out first, so nothing is
     * left behind), and for an agent (their team and contracts are the operator's to settle). Closing disables the account and ends every session, audited; the records
     * stay for the retention period (docs/compliance.md, "Retention"), after which the personal
     * fields are anonymised.
     */
    async closeAccount(memberId: string, password: string): Promise<{ closed: true }> {
      await ctx.member.confirmPassword(memberId, password);
      const refuse = (
        reason: 'agent' | 'balance' | 'withdrawal',
        message: string,
        extra: Record<string, unknown> = {},
      ) => {
        throw new AppError(ErrorCode.ACCOUNT_CLOSURE_REFUSED, message, { reason, ...extra });
      };
      // An agent's account carries a team and contracts: closing it is the operator's decision.
      if (isAgentType((await players.getProfile(memberId)).type))
        refuse('agent', 'An agent account is closed by the operator');
      const held = (await players.getBalances(memberId)).accounts.filter((a) => BigInt(a.balanceMinor) !== 0n);
      if (held.length > 0)
        refuse('balance', 'Withdraw the balance before closing the account', {
          accounts: held.map((a) => ({ purpose: a.purpose, balanceMinor: a.balanceMinor })),
        });
      // Money still held for a withdrawal, or one the player says never arrived.
      for (const status of ['pending', 'disputed']) {
        if ((await players.listWithdrawals(memberId, { limit: 1, status })).list.length > 0)
          refuse('withdrawal', 'A withdrawal is under way: the account closes once it is settled');
      }
      await runInTransaction(ctx.db, async (trx) => {
        await ctx.memberAdmin.setStatus(trx, memberId, 'disabled');
        const revokedSessions = await ctx.session.revokeOthers(memberId, undefined, trx, 'account_disabled');
        await ctx.audit.record(trx, {
          actorType: 'member',
          actorId: memberId,
          action: 'member.close',
          subjectType: 'member',
          subjectId: memberId,
          reason: "closed at the player's request",
          before: { status: 'active' },
          after: { status: 'disabled', revokedSessions },
        });
      });
      return { closed: true };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
