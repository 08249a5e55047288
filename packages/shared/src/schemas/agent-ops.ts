import { z } from 'zod';
import { AccountType } from '../constants';
import { CONTRACT_TYPES, agentTreeMemberSchema, contractSchema, houseContractChangeSchema } from './agents';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

// The back office's agent screens (docs/agents.md, "Back office"): the tree searched and walked
// level by level, an agent's type, contracts oversight and the team reports. Amounts are integer
// minor units as strings.

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const minor = z.string().regex(/^-?\d{1,19}$/, 'integer minor units');
const memberStatus = z.string();

/** GET /ops/agents/search: members whose account starts with `account` (the prefix index), agents only when asked. */
export const agentSearchQuerySchema = z.object({
  account: z.string().trim().toLowerCase().min(1).max(40),
  agentsOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type AgentSearchQuery = z.input<typeof agentSearchQuerySchema>;

/** A member in the back office's tree: its place and the size of what hangs under it. */
export const agentOpsMemberSchema = agentTreeMemberSchema.extend({
  status: memberStatus,
  uplineId: z.string().nullable(),
  /** Members whose upline is this member. */
  directDownlines: z.number().int(),
  /** Everyone under this member, at any depth. */
  teamSize: z.number().int(),
});
export type AgentOpsMember = z.infer<typeof agentOpsMemberSchema>;

/** At most this many members answer a search (the operator types more of the account to narrow it). */
export const AGENT_SEARCH_LIMIT = 20;

export const agentSearchResultSchema = z.object({ list: z.array(agentOpsMemberSchema) });
export type AgentSearchResult = z.infer<typeof agentSearchResultSchema>;

/** GET /ops/agents/:memberId/downlines: one page of the direct downlines. */
export const agentDownlinesQuerySchema = opsListQuerySchema(['account', 'teamSize'] as const, 'asc');
export const agentDownlinesPageSchema = opsPageSchema(agentOpsMemberSchema);
export type AgentDownlinesPage = z.infer<typeof agentDownlinesPageSchema>;

/** The types an operator may give: the four agent types, or member (a player). A trial account keeps its type. */
export const ASSIGNABLE_TYPES = [
  AccountType.AGENT_1,
  AccountType.AGENT_2,
  AccountType.AGENT_41,
  AccountType.AGENT_42,
  AccountType.MEMBER,
] as const;

/** PUT /ops/agents/:memberId/type: the new type and why. */
export const agentTypeBodySchema = z.object({
  type: z
    .number()
    .int()
    .refine((t) => (ASSIGNABLE_TYPES as readonly number[]).includes(t), 'one of 1, 2, 41, 42 or 3'),
  reason: opsReasonSchema,
});
export type AgentTypeBody = z.infer<typeof agentTypeBodySchema>;

export const agentTypeResultSchema = z.object({
  memberId: z.string(),
  fromType: z.number().int(),
  toType: z.number().int(),
  /** Contracts the change ended or cancelled (an agent that becomes a member keeps none). */
  endedContracts: z.array(z.string()),
});
export type AgentTypeResult = z.infer<typeof agentTypeResultSchema>;

/** GET /ops/agents/:memberId/audit: the operators' changes to this member's place, type and house contracts. */
export const agentAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** The contract statuses a list may filter on; `live` is active or with a termination request open. */
export const CONTRACT_STATUS_FILTERS = [
  'live',
  'offered',
  'active',
  'termination_requested',
  'terminated',
  'rejected',
  'cancelled',
] as const;

/** GET /ops/agents/contracts: contracts of every agent, filtered by type, status and either party's account. */
export const opsContractsQuerySchema = opsListQuerySchema(['offeredAt'] as const).extend({
  type: z.enum(CONTRACT_TYPES).optional(),
  status: z.enum(CONTRACT_STATUS_FILTERS).optional(),
  /** The upline's account; `house` alone means the contracts with the house. */
  upline: z.string().trim().toLowerCase().min(1).max(40).optional(),
  downline: z.string().trim().toLowerCase().min(1).max(40).optional(),
});
export type OpsContractsQuery = z.input<typeof opsContractsQuerySchema>;

/** A contract as the back office lists it: the parties' ids beside their accounts. */
export const opsContractSchema = contractSchema.extend({ uplineId: z.string().nullable(), downlineId: z.string() });
export type OpsContract = z.infer<typeof opsContractSchema>;
export const opsContractsPageSchema = opsPageSchema(opsContractSchema);
export type OpsContractsPage = z.infer<typeof opsContractsPageSchema>;

export const opsContractParamsSchema = z.object({ contractId: id });

/** One step of a contract's life, with who took it. */
export const contractEventSchema = z.object({
  at: z.string(),
  event: z.enum([
    'offered',
    'set_by_house',
    'accepted',
    'rejected',
    'termination_requested',
    'terminated',
    'cancelled',
  ]),
  /** upline / downline (a party), operator, or system (an automatic end). */
  by: z.enum(['upline', 'downline', 'operator', 'system']),
  /** The operator's id, for a contract with the house. */
  operatorId: z.string().nullable(),
  endReason: contractSchema.shape.endReason,
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

/** GET /ops/agents/contracts/:contractId: the contract, its steps, and every contract of that type the downline held. */
export const opsContractDetailSchema = z.object({
  contract: opsContractSchema,
  events: z.array(contractEventSchema),
  /** The downline's contracts of the same type, newest first (this one included). */
  history: z.array(opsContractSchema),
});
export type OpsContractDetail = z.infer<typeof opsContractDetailSchema>;

/** GET /ops/agents/:memberId/report: a half-open range [from, to) of instants, at most 400 days. */
export const agentReportQuerySchema = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    if (span > 400 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range is at most 400 days' });
  });
export type AgentReportQuery = z.infer<typeof agentReportQuerySchema>;

/** What a group of members did in the range. */
export const agentFiguresSchema = z.object({
  /** Members in the group (whether or not they played). */
  members: z.number().int(),
  /** Members with at least one settled round with a stake in the range. */
  activePlayers: z.number().int(),
  /** Deposits credited in the range: their amounts and how many. */
  depositsMinor: minor,
  depositCount: z.number().int(),
  /** Settled stakes less refunds (a salary contract's base). */
  turnoverMinor: minor,
  /** The players' net loss: stakes less refunds and wins; positive when the house won (a dividend's base). */
  netLossMinor: minor,
  /** The group's agents' settlement statements of periods that started in the range: paid, and still to pay (pending or held). */
  payoutsMinor: minor,
  unpaidMinor: minor,
});
export type AgentFigures = z.infer<typeof agentFiguresSchema>;

/** The most branches a report lists, by turnover (the team's total counts them all). */
export const AGENT_REPORT_BRANCHES = 100;

export const agentReportSchema = z.object({
  member: agentTreeMemberSchema,
  from: z.string(),
  to: z.string(),
  /** Everyone under the agent, at any depth. */
  team: agentFiguresSchema,
  /** The members directly under the agent that are not agents, together. */
  directMembers: agentFiguresSchema,
  /** Each direct downline agent with everyone under it, by turnover, at most AGENT_REPORT_BRANCHES. */
  branches: z.array(z.object({ member: agentTreeMemberSchema, figures: agentFiguresSchema })),
  /** How many direct downline agents the team has (branches lists the first ones). */
  branchCount: z.number().int(),
  /** The agent's own settlement statements of periods that started in the range. */
  own: z.object({ payoutsMinor: minor, unpaidMinor: minor }),
});
export type AgentReport = z.infer<typeof agentReportSchema>;

/** GET /ops/agents/contract-changes: the house contracts waiting for a second operator, oldest first. */
export const houseContractChangesSchema = z.object({ list: z.array(houseContractChangeSchema) });
export type HouseContractChanges = z.infer<typeof houseContractChangesSchema>;

/** POST /ops/agents/contract-changes/:changeId/approve|reject. */
export const houseContractChangeParamsSchema = z.object({ changeId: id });
export const houseContractDecisionBodySchema = z.object({ reason: opsReasonSchema });
