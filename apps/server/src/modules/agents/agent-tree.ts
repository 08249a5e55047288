import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AgentMoveBody, AgentMoveResult, AgentTeam, AgentTreeMember } from '@wps/shared/schemas/agents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MemberAdmin, TreeMemberRow } from '../member/member-admin';
import type { MemberService } from '../member/member.service';
import { countTeam, findUplineIds, isInSubtree, lockTreeForChange } from './agents.repository';
import type { Cascade } from './contract-cascade';

export type AgentTreeContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  member: Pick<MemberService, 'findMemberBrief'>;
  memberAdmin: Pick<MemberAdmin, 'lockForTreeChange' | 'setUpline'>;
  cascade: Pick<Cascade, 'afterMoved'>;
};

function treeMember(id: string, account: string, type: number): AgentTreeMember {
  return { id, account, type, isAgent: isAgentType(type) };
}

/**
 * The agent tree: a member's place in it, and the operator's move of a member with its whole team
 * under another upline. members.upline_id is the tree; the closure table follows it by trigger.
 */
export function createAgentTree(ctx: AgentTreeContext) {
  const { db, audit, member, memberAdmin, cascade } = ctx;

  return {
    /** GET /ops/agents/:memberId: the chain above the member and the size of its team. */
    async getTeam(memberId: string): Promise<AgentTeam> {
      const brief = await member.findMemberBrief(memberId);
      if (!brief) throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member');
      const [uplineIds, team] = await Promise.all([findUplineIds(db, memberId), countTeam(db, memberId)]);
      const briefs = await Promise.all(uplineIds.map(async (id) => ({ id, brief: await member.findMemberBrief(id) })));
      return {
        member: treeMember(String(memberId), brief.account, brief.type),
        uplines: briefs.flatMap(({ id, brief: b }) => (b ? [treeMember(id, b.account, b.type)] : [])),
        directDownlines: team.direct,
        teamSize: team.all,
      };
    },

    /**
     * POST /ops/agents/:memberId/move. In one transaction: the tree's lock, then the member rows
     * (the moved member and its new upline) locked in ascending id order, the checks, the new upline_id (the trigger
     * moves the closure rows under its exclusive tree lock), the end of the
     * member's contracts with its old upline, and the audit entry.
     */
    async move(operatorId: string, memberId: string, body: AgentMoveBody): Promise<AgentMoveResult> {
      const uplineId = body.uplineId;
      if (uplineId === memberId)
        throw new AppError(ErrorCode.AGENT_UPLINE_INVALID, 'A member cannot be its own upline');
      return runInTransaction(db, async (trx) => {
        await lockTreeForChange(trx);
        const rows = await memberAdmin.lockForTreeChange(trx, uplineId === null ? [memberId] : [memberId, uplineId]);
        const moved = rows.find((r) => r.id === memberId);
        if (!moved) throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member');
        let upline: TreeMemberRow | undefined;
        if (uplineId !== null) {
          upline = rows.find((r) => r.id === uplineId);
          if (!upline || !isAgentType(upline.type) || upline.status !== 'active') {
            throw new AppError(ErrorCode.AGENT_UPLINE_INVALID, 'The new upline must be an active agent');
          }
          if (await isInSubtree(trx, memberId, uplineId)) {
            throw new AppError(ErrorCode.AGENT_TREE_CYCLE, 'A member cannot be placed under its own downline');
          }
        }
        const team = await countTeam(trx, memberId);
        const result: AgentMoveResult = {
          memberId,
          fromUplineId: moved.uplineId,
          toUplineId: uplineId,
          movedMembers: team.all + 1,
        };
        if (moved.uplineId === uplineId) return result;
        await memberAdmin.setUpline(trx, memberId, uplineId);
        // A contract is with the direct upline: the old one's end here (and those under them, by the rate cap).
        const ended = await cascade.afterMoved(trx, memberId);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.move',
          subjectType: 'member',
          subjectId: memberId,
          reason: body.reason,
          before: { uplineId: moved.uplineId },
          after: {
            uplineId,
            uplineAccount: upline?.account ?? null,
            movedMembers: result.movedMembers,
            endedContracts: ended.map((r) => String(r.id)),
          },
        });
        return result;
      });
    },
  };
}
