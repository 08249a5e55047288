import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  AGENT_REPORT_BRANCHES,
  type AgentFigures,
  type AgentReport,
  type ContractEvent,
  type OpsContract,
  type OpsContractDetail,
  type OpsContractsPage,
  type OpsContractsQuery,
} from '@wps/shared/schemas/agent-ops';
import type { Contract, ContractType } from '@wps/shared/schemas/agents';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import {
  findDownlineContracts,
  findMemberIdByAccount,
  findOpsContract,
  listContracts,
  type ContractsFilter,
  type OpsContractRow,
} from './agent-contracts-ops.repository';
import { findBriefs, sumOwnStatements, sumTeamByBranch, type BranchFigures } from './agent-report.repository';

type Db = Kysely<Database>;

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

function toOpsContract(r: OpsContractRow): OpsContract {
  return {
    id: String(r.id),
    type: r.type as ContractType,
    upline: r.uplineAccount,
    uplineId: r.uplineId === null ? null : String(r.uplineId),
    downline: r.downlineAccount,
    downlineId: String(r.downlineId),
    tiers: r.tiers,
    period: r.period,
    status: r.status as Contract['status'],
    offeredAt: new Date(r.offeredAt).toISOString(),
    answeredAt: iso(r.answeredAt),
    terminationRequestedAt: iso(r.terminationRequestedAt),
    terminationRequestedBy: r.terminationRequestedBy as Contract['terminationRequestedBy'],
    terminatedAt: iso(r.terminatedAt),
    endReason: r.endReason as Contract['endReason'],
  };
}

/** A contract's steps, from its columns: who offered it, the answer, a termination request, its end. */
function eventsOf(r: OpsContractRow): ContractEvent[] {
  const byOperator = r.offeredByType === 'operator';
  const operatorId = byOperator ? r.offeredById : null;
  const events: ContractEvent[] = [
    {
      at: new Date(r.offeredAt).toISOString(),
      event: byOperator ? 'set_by_house' : 'offered',
      by: byOperator ? 'operator' : 'upline',
      operatorId,
      endReason: null,
    },
  ];
  if (r.answeredAt && !byOperator) {
    events.push({
      at: iso(r.answeredAt)!,
      event: r.status === 'rejected' ? 'rejected' : 'accepted',
      by: 'downline',
      operatorId: null,
      endReason: null,
    });
  }
  if (r.terminationRequestedAt && r.terminationRequestedBy) {
    events.push({
      at: iso(r.terminationRequestedAt)!,
      event: 'termination_requested',
      by: r.terminationRequestedBy as 'upline' | 'downline',
      operatorId: null,
      endReason: null,
    });
  }
  if (r.terminatedAt) {
    const endReason = r.endReason as Contract['endReason'];
    // Agreed: the side that did not ask answered; the other reasons are the system's (operator: the house ended it).
    const by =
      endReason === 'agreed'
        ? r.terminationRequestedBy === 'upline'
          ? 'downline'
          : 'upline'
        : endReason === 'operator'
          ? 'operator'
          : 'system';
    events.push({
      at: iso(r.terminatedAt)!,
      event: r.status === 'cancelled' ? 'cancelled' : 'terminated',
      by,
      operatorId: null,
      endReason,
    });
  }
  return events;
}

const LIVE = ['active', 'termination_requested'] as const;

const zero = (): AgentFigures => ({
  members: 0,
  activePlayers: 0,
  depositsMinor: '0',
  depositCount: 0,
  turnoverMinor: '0',
  netLossMinor: '0',
  payoutsMinor: '0',
  unpaidMinor: '0',
});

function add(into: AgentFigures, b: BranchFigures): AgentFigures {
  return {
    members: into.members + b.members,
    activePlayers: into.activePlayers + b.activePlayers,
    depositsMinor: String(BigInt(into.depositsMinor) + b.depositsMinor),
    depositCount: into.depositCount + b.depositCount,
    turnoverMinor: String(BigInt(into.turnoverMinor) + b.turnoverMinor),
    netLossMinor: String(BigInt(into.netLossMinor) + b.netLossMinor),
    payoutsMinor: String(BigInt(into.payoutsMinor) + b.payoutsMinor),
    unpaidMinor: String(BigInt(into.unpaidMinor) + b.unpaidMinor),
  };
}

/** Contracts oversight and the agents' team reports for the back office (read only). */
export function createAgentOversight(ctx: { db: Db }) {
  const { db } = ctx;

  /** The filter's accounts as ids; undefined when an account names nobody (then nothing matches). */
  async function resolveFilter(q: OpsContractsQuery): Promise<ContractsFilter | undefined> {
    const filter: ContractsFilter = {
      type: q.type,
      statuses: q.status === 'live' ? LIVE : q.status ? [q.status] : undefined,
    };
    if (q.upline === 'house') filter.uplineId = null;
    else if (q.upline) {
      const id = await findMemberIdByAccount(db, q.upline);
      if (!id) return undefined;
      filter.uplineId = id;
    }
    if (q.downline) {
      const id = await findMemberIdByAccount(db, q.downline);
      if (!id) return undefined;
      filter.downlineId = id;
    }
    return filter;
  }

  return {
    /** GET /ops/agents/contracts. */
    async listContracts(
      q: OpsContractsQuery & { page: number; pageSize: number; order: 'asc' | 'desc' },
    ): Promise<OpsContractsPage> {
      const filter = await resolveFilter(q);
      const { rows, total } = filter
        ? await listContracts(db, filter, { order: q.order, offset: (q.page - 1) * q.pageSize, limit: q.pageSize })
        : { rows: [], total: 0 };
      return {
        list: rows.map(toOpsContract),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /** GET /ops/agents/contracts/:contractId. */
    async contract(contractId: string): Promise<OpsContractDetail> {
      const row = await findOpsContract(db, contractId);
      if (!row) throw new AppError(ErrorCode.AGENT_CONTRACT_NOT_FOUND, 'No such contract');
      const history = await findDownlineContracts(db, String(row.downlineId), row.type);
      return { contract: toOpsContract(row), events: eventsOf(row), history: history.map(toOpsContract) };
    },

    /** GET /ops/agents/:memberId/report: the team's figures in [from, to), by branch, and the agent's own statements. */
    async report(memberId: string, from: string, to: string): Promise<AgentReport> {
      const me = await findBriefs(db, [String(memberId)]);
      const brief = me.get(String(memberId));
      if (!brief) throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member');
      const [branches, own] = await Promise.all([
        sumTeamByBranch(db, memberId, new Date(from), new Date(to)),
        sumOwnStatements(db, memberId, new Date(from), new Date(to)),
      ]);
      const briefs = await findBriefs(
        db,
        branches.map((b) => b.branchId),
      );
      let team = zero();
      let directMembers = zero();
      const agents: { member: AgentReport['member']; figures: AgentFigures; turnover: bigint }[] = [];
      for (const b of branches) {
        team = add(team, b);
        const who = briefs.get(b.branchId);
        if (!who) continue;
        if (!isAgentType(who.type)) {
          directMembers = add(directMembers, b);
          continue;
        }
        agents.push({
          member: { id: b.branchId, account: who.account, type: who.type, isAgent: true },
          figures: add(zero(), b),
          turnover: b.turnoverMinor,
        });
      }
      agents.sort((a, b) =>
        a.turnover === b.turnover ? a.member.account.localeCompare(b.member.account) : a.turnover > b.turnover ? -1 : 1,
      );
      return {
        member: { id: String(memberId), account: brief.account, type: brief.type, isAgent: isAgentType(brief.type) },
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        team,
        directMembers,
        branches: agents.slice(0, AGENT_REPORT_BRANCHES).map(({ member, figures }) => ({ member, figures })),
        branchCount: agents.length,
        own: { payoutsMinor: String(own.payoutsMinor), unpaidMinor: String(own.unpaidMinor) },
      };
    },
  };
}

export type AgentOversight = ReturnType<typeof createAgentOversight>;
