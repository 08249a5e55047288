import { AGENT_TYPES, AccountType, isAgentType, isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  AGENT_SEARCH_LIMIT,
  type AgentDownlinesPage,
  type AgentOpsMember,
  type AgentSearchResult,
  type AgentTypeBody,
  type AgentTypeResult,
} from '@wps/shared/schemas/agent-ops';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { runInTransaction } from '../../../db/run-in-transaction';
import { AppError } from '../../../http/app-error';
import type { AuditService } from '../../audit/audit.service';
import type { MemberAdmin } from '../../member/member-admin';
import { lockTreeForChange } from '../agents.repository';
import type { Cascade } from '../contract-cascade';
import { updateContract } from '../contracts.repository';
import {
  countDirectDownlines,
  findAgentAudit,
  findDirectDownlines,
  findOpsMember,
  lockOpenContractsAsDownline,
  searchMembersByAccount,
  type OpsMemberRow,
} from './agent-ops.repository';

export type AgentOpsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  memberAdmin: Pick<MemberAdmin, 'lockForTreeChange' | 'setType'>;
  cascade: Pick<Cascade, 'end'>;
  now: () => Date;
};

function view(r: OpsMemberRow): AgentOpsMember {
  return { ...r, isAgent: isAgentType(r.type) };
}

const notFound = () => new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member');

/**
 * The back office's agent tree (docs/agents.md, "Back office"): members found by account, a
 * member's direct downlines a level at a time, the agent side's audit entries about a member, and
 * the operator's change of an account type.
 */
export function createAgentOps(ctx: AgentOpsContext) {
  const { db, audit, memberAdmin, cascade, now } = ctx;

  return {
    /** GET /ops/agents/search: members by account prefix, with their team counts. */
    async search(account: string, agentsOnly: boolean): Promise<AgentSearchResult> {
      const rows = await searchMembersByAccount(db, account, agentsOnly ? AGENT_TYPES : null, AGENT_SEARCH_LIMIT);
      return { list: rows.map(view) };
    },

    /** GET /ops/agents/:memberId/downlines: one page of the members directly under a member. */
    async downlines(
      memberId: string,
      q: { page: number; pageSize: number; sort: 'account' | 'teamSize'; order: 'asc' | 'desc' },
    ): Promise<AgentDownlinesPage> {
      if (!(await findOpsMember(db, memberId))) throw notFound();
      const { rows, total } = await findDirectDownlines(db, memberId, {
        sort: q.sort,
        order: q.order,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: rows.map(view),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /** GET /ops/agents/:memberId/audit: the agent side's audit entries about the member, newest first. */
    async auditOf(memberId: string, page: number, pageSize: number) {
      const { rows, total } = await findAgentAudit(db, memberId, (page - 1) * pageSize, pageSize);
      return {
        list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    /**
     * PUT /ops/agents/:memberId/type. The rules (docs/agents.md, "Changing an account type"):
     * - a trial account never takes another type, and no one becomes a trial account;
     * - between the four agent types it is a relabel: nothing else changes;
     * - a member (3) may become an agent: it can then recruit and hold contracts;
     * - an agent may become a member only with nobody under it; its own open contracts end
     *   (reason `operator`, the agent told by notice) and its open offers are cancelled.
     * In one transaction: the tree lock (a registration under the agent waits, so no downline
     * appears between the check and the change), the member row, its contracts, the type, the audit.
     */
    async setType(operatorId: string, memberId: string, body: AgentTypeBody): Promise<AgentTypeResult> {
      return runInTransaction(db, async (trx) => {
        await lockTreeForChange(trx);
        const [row] = await memberAdmin.lockForTreeChange(trx, [memberId]);
        if (!row) throw notFound();
        if (isTrialType(row.type)) throw new AppError(ErrorCode.AGENT_TYPE_INVALID, 'A trial account keeps its type');
        const result: AgentTypeResult = {
          memberId: String(memberId),
          fromType: row.type,
          toType: body.type,
          endedContracts: [],
        };
        if (row.type === body.type) return result;
        if (isAgentType(row.type) && body.type === AccountType.MEMBER) {
          if ((await countDirectDownlines(trx, memberId)) > 0) {
            throw new AppError(ErrorCode.AGENT_HAS_DOWNLINES, 'An agent with downlines cannot become a member');
          }
          const at = now();
          for (const contract of await lockOpenContractsAsDownline(trx, memberId)) {
            if (contract.status === 'offered')
              await updateContract(trx, String(contract.id), {
                status: 'cancelled',
                terminatedAt: at,
                endReason: 'operator',
              });
            else await cascade.end(trx, contract, 'operator', at);
            result.endedContracts.push(String(contract.id));
          }
        }
        await memberAdmin.setType(trx, memberId, body.type);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.type',
          subjectType: 'member',
          subjectId: String(memberId),
          reason: body.reason,
          before: { type: row.type },
          after: { type: body.type, endedContracts: result.endedContracts },
        });
        return result;
      });
    },
  };
}

export type AgentOps = ReturnType<typeof createAgentOps>;
