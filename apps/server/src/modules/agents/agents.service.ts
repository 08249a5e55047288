import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { MemberAdmin } from '../member/member-admin';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import { createAgentContracts } from './agent-contracts';
import { createAgentTree } from './agent-tree';
import { createContractCascade } from './contract-cascade';
import { createAgentOps } from './ops/agent-ops.service';
import { createAgentOversight } from './ops/agent-oversight.service';
import { createHouseContractChanges } from './ops/house-contract-changes';

export type AgentsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  member: Pick<MemberService, 'findMemberBrief' | 'findUpline' | 'findAccountNames'>;
  memberAdmin: Pick<MemberAdmin, 'lockForTreeChange' | 'setUpline' | 'setType'>;
  /** The downline is told when its contract ends by itself. */
  messages: Pick<MessagesService, 'notify'>;
  /** The operator money policy's check of the second operator who lets a house contract through. */
  setups: Pick<SetupCeilings, 'assertApprover'>;
  now?: () => Date;
};

/**
 * The agent side (docs/agents.md): the tree of agents and members (agent-tree.ts), contracts and
 * their rate cap (agent-contracts.ts, contract-cascade.ts), and the money model that splits a
 * payout along the chain (payout-split.ts); the back office's tree, type changes, contracts
 * oversight and team reports (ops/).
 */
export function createAgentsService(ctx: AgentsContext) {
  const now = ctx.now ?? (() => new Date());
  const cascade = createContractCascade({ messages: ctx.messages, now });
  const contracts = createAgentContracts({ ...ctx, cascade, now });
  return {
    tree: createAgentTree({ ...ctx, cascade }),
    contracts,
    houseContracts: createHouseContractChanges({ ...ctx, contracts }),
    ops: createAgentOps({ ...ctx, cascade, now }),
    oversight: createAgentOversight(ctx),
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
