import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { ContractType } from '@wps/shared/schemas/agents';
import type {
  CentreOverview,
  DownlinesPage,
  TeamBetsPage,
  TeamFigures,
  TeamPage,
  TeamTransactionType,
  TeamTransactionsPage,
  UserLossPage,
} from '@wps/shared/schemas/agent-centre';
import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { PLAYER_CASH_BONUS_KINDS } from '../../ledger/ledger-entry-views';
import type { LedgerService } from '../../ledger/ledger.service';
import type { MemberService } from '../../member/member.service';
import type { SystemService } from '../../system/system.service';
import { findTeamMovements, findTeamRounds, sumBonuses, type ActivityViews } from './centre-activity.repository';
import {
  findDepthUnder,
  findDownlineDetails,
  findDownlines,
  findLiveContractTypes,
  sumBranches,
  sumMemberLoss,
  sumTeamOverview,
  type DownlineFilter,
  type OverviewRow,
} from './centre.repository';

export type CentreContext = {
  db: Kysely<Database>;
  views: ActivityViews;
  system: Pick<SystemService, 'getBrand'>;
  ledger: Pick<LedgerService, 'getPlayerBalance'>;
  member: Pick<MemberService, 'findMemberIdByAccount' | 'findAccountNames'>;
  /** The operator's time zone: the days of agent_member_daily and of every range here are its days. */
  timeZone: (db: Kysely<Database>) => Promise<string>;
  now?: () => Date;
};

const DAY_MS = 86_400_000;
/** How long an agent's overview is answered from memory: a top agent's team is every member, its sums take a moment. */
export const OVERVIEW_TTL_MS = 30_000;
/** The most agents' overviews kept in memory at once (the oldest is dropped first). */
const OVERVIEW_CACHE_MAX = 5_000;
/** The operator's calendar day (YYYY-MM-DD) an instant falls in. */
const localDay = (t: number, timeZone: string) => periodOf(new Date(t), 'daily', timeZone).key;
/** A calendar day `n` days before another (plain date arithmetic: no zone, no daylight saving). */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** Where an operator's calendar day begins. */
const dayStart = (day: string, timeZone: string) => periodOfKey(day, timeZone)!.start;

/** The ledger kinds behind each filter of the account details (bets and wins are in team betting). */
export const TRANSACTION_KINDS: Record<TeamTransactionType, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_reversal'],
  transfer: ['transfer_upline', 'transfer_downline'],
  bonus: ['registration_bonus', ...PLAYER_CASH_BONUS_KINDS],
};

type Paging = { page: number; pageSize: number };
const pages = (total: number, q: Paging) => ({
  page: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
});
const offsetOf = (q: Paging) => (q.page - 1) * q.pageSize;

/**
 * The agent centre's reads over the agent's team (everyone under it, at any depth): overview,
 * downlines, team, rounds, per-member P&L and account details. Days are the operator's calendar days (the rewards engine's time zone).
 */
export function createCentreReads(ctx: CentreContext) {
  const { db, views, system, ledger, member } = ctx;
  const now = ctx.now ?? (() => new Date());

  /** A team member named by account: its id, or AGENT_MEMBER_NOT_FOUND when it is not under the agent. */
  async function teamMember(agentId: string, account: string): Promise<string> {
    const id = await member.findMemberIdByAccount(account);
    if (id === undefined || (await findDepthUnder(db, agentId, String(id))) === undefined) {
      throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member in your team');
    }
    return String(id);
  }

  const overviews = new Map<string, { at: number; answer: Promise<CentreOverview> }>();

  async function computeOverview(agentId: string, t: number): Promise<CentreOverview> {
    const [brand, timeZone] = await Promise.all([system.getBrand(), ctx.timeZone(db)]);
    const today = localDay(t, timeZone);
    const p = { today, from7: daysBefore(today, 6), from30: daysBefore(today, 29) };
    const row = await sumTeamOverview(db, agentId, p);
    const figures = (n: '1' | '7' | '30', from: string): TeamFigures => {
      const get = (k: string) => row[`${k}${n}` as keyof OverviewRow];
      return {
        from,
        to: today,
        members: Number(row.members),
        newMembers: Number(get('reg')),
        activePlayers: Number(get('act')),
        depositsMinor: get('dep'),
        withdrawalsMinor: get('wd'),
        turnoverMinor: get('turn'),
        profitLossMinor: (BigInt(get('turn')) - BigInt(get('win'))).toString(),
      };
    };
    return {
      currency: brand.currency,
      scale: brand.currencyScale,
      asOf: new Date(t).toISOString(),
      today: figures('1', today),
      last7Days: figures('7', p.from7),
      last30Days: figures('30', p.from30),
    };
  }

  return {
    /**
     * The team's figures for today, 7 and 30 days. Computed at most once per OVERVIEW_TTL_MS per
     * agent and instance: concurrent asks share one computation (`asOf` says when it was made), so
     * a top agent's team of 100 000 members costs one pass over its rows per half minute, however
     * many times the page is opened.
     */
    overview(agentId: string): Promise<CentreOverview> {
      const at = now().getTime();
      const cached = overviews.get(agentId);
      if (cached && at - cached.at < OVERVIEW_TTL_MS) return cached.answer;
      const answer = computeOverview(agentId, at);
      overviews.delete(agentId);
      overviews.set(agentId, { at, answer });
      if (overviews.size > OVERVIEW_CACHE_MAX) overviews.delete(overviews.keys().next().value!);
      // A failed computation is not kept: the next ask tries again.
      answer.catch(() => {
        if (overviews.get(agentId)?.answer === answer) overviews.delete(agentId);
      });
      return answer;
    },

    async downlines(agentId: string, q: DownlineFilter & Paging): Promise<DownlinesPage> {
      const brand = await system.getBrand();
      const { rows: page, total } = await findDownlines(db, views.member, agentId, q, offsetOf(q), q.pageSize);
      const ids = page.map((r) => r.id);
      const direct = page.filter((r) => r.depth === 1).map((r) => r.id);
      // The page's details, contracts and balances in parallel: one round trip after the page's.
      const [details, contracts, balances] = await Promise.all([
        findDownlineDetails(db, views.member, ids),
        findLiveContractTypes(db, ids),
        Promise.all(direct.map(async (id) => [id, await ledger.getPlayerBalance(id, brand.currency)] as const)).then(
          (e) => new Map(e),
        ),
      ]);
      const rows = page.flatMap((r) => {
        const d = details.get(r.id);
        return d ? [{ ...d, depth: r.depth }] : [];
      });
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        list: rows.map((r) => ({
          memberId: r.id,
          account: r.account,
          type: r.type,
          isAgent: isAgentType(r.type),
          level: r.depth,
          upline: r.uplineAccount,
          registeredAt: new Date(r.createdAt).toISOString(),
          status: r.status,
          contracts: (contracts.get(r.id) ?? []) as ContractType[],
          balanceMinor: balances.has(r.id) ? String(balances.get(r.id)) : null,
        })),
        ...pages(total, q),
      };
    },

    /** The direct downlines with their branch's size and this month's (the operator's) active players and turnover. */
    async team(agentId: string, q: Paging): Promise<TeamPage> {
      const [brand, timeZone] = await Promise.all([system.getBrand(), ctx.timeZone(db)]);
      const { rows: page, total } = await findDownlines(
        db,
        views.member,
        agentId,
        { level: 1 },
        offsetOf(q),
        q.pageSize,
      );
      const month = localDay(now().getTime(), timeZone).slice(0, 7);
      const ids = page.map((r) => r.id);
      const [details, branches] = await Promise.all([
        findDownlineDetails(db, views.member, ids),
        sumBranches(db, ids, `${month}-01`),
      ]);
      const rows = ids.flatMap((id) => {
        const d = details.get(id);
        return d ? [d] : [];
      });
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        month,
        list: rows.map((r) => {
          const b = branches.get(r.id);
          return {
            memberId: r.id,
            account: r.account,
            type: r.type,
            isAgent: isAgentType(r.type),
            status: r.status,
            registeredAt: new Date(r.createdAt).toISOString(),
            teamSize: Number(b?.teamSize ?? 0),
            activePlayers: Number(b?.active ?? 0),
            turnoverMinor: b?.turnover ?? '0',
          };
        }),
        ...pages(total, q),
      };
    },

    async bets(
      agentId: string,
      q: { member?: string | undefined; from?: string | undefined; to?: string | undefined } & Paging,
    ): Promise<TeamBetsPage> {
      const brand = await system.getBrand();
      const memberId = q.member === undefined ? undefined : await teamMember(agentId, q.member);
      const filter = { memberId, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined };
      const { rows, totals } = await findTeamRounds(db, views, agentId, filter, offsetOf(q), q.pageSize);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        list: rows.map((r) => ({
          roundId: r.roundId,
          account: r.account,
          vassalage: r.vassalage,
          vendorName: r.vendorName ?? r.vassalage,
          gameName: r.gameName ?? r.nodeId,
          betMinor: r.totalBet,
          winMinor: r.totalWin,
          refundMinor: r.totalRefund,
          status: r.status,
          createdAt: new Date(r.createdAt).toISOString(),
          settledAt: r.settledAt === null ? null : new Date(r.settledAt).toISOString(),
        })),
        totals: { rounds: totals.rounds, betMinor: totals.bet, winMinor: totals.win, refundMinor: totals.refund },
        ...pages(totals.rounds, q),
      };
    },

    /** Per-member P&L over the operator's days [from, to] (both default to today), members with play in them. */
    async userLoss(
      agentId: string,
      q: { from?: string | undefined; to?: string | undefined } & Paging,
    ): Promise<UserLossPage> {
      const [brand, timeZone] = await Promise.all([system.getBrand(), ctx.timeZone(db)]);
      const today = localDay(now().getTime(), timeZone);
      const from = q.from ?? q.to ?? today;
      const to = q.to ?? (q.from && q.from > today ? q.from : today);
      const { rows, total } = await sumMemberLoss(db, agentId, from, to, offsetOf(q), q.pageSize);
      const ids = rows.map((r) => r.id);
      const end = dayStart(daysBefore(to, -1), timeZone);
      const [names, bonuses] = await Promise.all([
        member.findAccountNames(ids),
        sumBonuses(db, views, ids, PLAYER_CASH_BONUS_KINDS, dayStart(from, timeZone), end),
      ]);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        from,
        to,
        list: rows.map((r) => {
          const stakes = BigInt(r.bets) - BigInt(r.refunds);
          const bonus = bonuses.get(r.id) ?? 0n;
          return {
            memberId: r.id,
            account: names.get(r.id) ?? '',
            level: r.depth,
            stakesMinor: stakes.toString(),
            winsMinor: r.wins,
            bonusesMinor: bonus.toString(),
            netMinor: (stakes - BigInt(r.wins) - bonus).toString(),
          };
        }),
        ...pages(total, q),
      };
    },

    async transactions(
      agentId: string,
      q: {
        member?: string | undefined;
        type?: TeamTransactionType | undefined;
        from?: string | undefined;
        to?: string | undefined;
      } & Paging,
    ): Promise<TeamTransactionsPage> {
      const brand = await system.getBrand();
      const memberId = q.member === undefined ? undefined : await teamMember(agentId, q.member);
      const kinds = q.type ? TRANSACTION_KINDS[q.type] : Object.values(TRANSACTION_KINDS).flat();
      const filter = {
        memberId,
        kinds,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      const { rows, total } = await findTeamMovements(db, views, agentId, filter, offsetOf(q), q.pageSize);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        list: rows.map((r) => ({
          id: r.id,
          transactionId: r.transactionId,
          account: r.account,
          kind: r.kind,
          amountMinor: r.amount,
          balanceAfterMinor: r.balanceAfter ?? '0',
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        ...pages(total, q),
      };
    },
  };
}

export type CentreReads = ReturnType<typeof createCentreReads>;
