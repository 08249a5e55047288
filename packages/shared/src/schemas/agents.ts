import { z } from 'zod';
import { opsReasonSchema } from './ops-list';

const id = z.string().regex(/^\d{1,18}$/, 'an id');

/** /ops/agents/:memberId/…: the member the call is about. */
export const agentMemberParamsSchema = z.object({ memberId: id });

/** POST /ops/agents/:memberId/move: the new upline (an active agent; null: no upline) and why. */
export const agentMoveBodySchema = z.object({ uplineId: id.nullable(), reason: opsReasonSchema });
export type AgentMoveBody = z.infer<typeof agentMoveBodySchema>;

/** A member as the agent tree shows it. */
export const agentTreeMemberSchema = z.object({ id: z.string(), account: z.string(), type: z.number().int(), isAgent: z.boolean() });
export type AgentTreeMember = z.infer<typeof agentTreeMemberSchema>;

/** A member's place in the tree: the chain above it (nearest first) and the size of its team. */
export const agentTeamSchema = z.object({
  member: agentTreeMemberSchema,
  /** From the direct upline to the top of the tree. */
  uplines: z.array(agentTreeMemberSchema),
  /** Members whose upline is this member. */
  directDownlines: z.number().int(),
  /** Everyone under this member, at any depth. */
  teamSize: z.number().int(),
});
export type AgentTeam = z.infer<typeof agentTeamSchema>;

/** POST /ops/agents/:memberId/move: the place before and after (also in the audit entry). */
export const agentMoveResultSchema = z.object({
  memberId: z.string(),
  fromUplineId: z.string().nullable(),
  toUplineId: z.string().nullable(),
  /** The member and everyone under it, who moved with it. */
  movedMembers: z.number().int(),
});
export type AgentMoveResult = z.infer<typeof agentMoveResultSchema>;
