import { z } from 'zod';
import { minorUnitsText } from './common';
import { opsReasonSchema } from './ops-list';

const id = z.string().regex(/^\d{1,18}$/, 'an id');

/** /ops/agents/:memberId/…: the member the call is about. */
export const agentMemberParamsSchema = z.object({ memberId: id });

/** POST /ops/agents/:memberId/move: the new upline (an active agent; null: no upline) and why. */
export const agentMoveBodySchema = z.object({ uplineId: id.nullable(), reason: opsReasonSchema });
export type AgentMoveBody = z.infer<typeof agentMoveBodySchema>;

/** A member as the agent tree shows it. */
export const agentTreeMemberSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
});
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

/** The four contract types (the spec's process calls, one per type). */
export const CONTRACT_TYPES = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** A dividend's period; each salary type has its own (day, hour, 5 minutes). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;

/** Rates are basis points: 10 000 is 100 %. */
export const CONTRACT_RATE_MAX_BP = 10_000;
const CONTRACT_TIERS_MAX = 10;

/**
 * A tier: reached when the team's base in the period (net loss for a dividend, turnover for a
 * salary) is at least `minAmountMinor` and it has at least `minActivePlayers` active players.
 */
export const contractTierSchema = z.object({
  minAmountMinor: minorUnitsText(18, { message: 'minor units' }),
  minActivePlayers: z.number().int().min(0).max(1_000_000),
  rateBp: z.number().int().min(0).max(CONTRACT_RATE_MAX_BP),
});
export type ContractTier = z.infer<typeof contractTierSchema>;

/** A contract's tiers: 1 to 10, no two with the same thresholds (the highest rate reached applies). */
export const contractTiersSchema = z
  .array(contractTierSchema)
  .min(1)
  .max(CONTRACT_TIERS_MAX)
  .refine(
    (tiers) => new Set(tiers.map((t) => `${BigInt(t.minAmountMinor)}:${t.minActivePlayers}`)).size === tiers.length,
    'two tiers with the same thresholds',
  );

/** A contract as either side sees it. */
export const contractSchema = z.object({
  id: z.string(),
  type: z.enum(CONTRACT_TYPES),
  /** The upline's account; null for a contract with the house. */
  upline: z.string().nullable(),
  downline: z.string(),
  tiers: z.array(contractTierSchema),
  period: z.string(),
  status: z.enum(['offered', 'rejected', 'cancelled', 'active', 'termination_requested', 'terminated']),
  offeredAt: z.string(),
  answeredAt: z.string().nullable(),
  terminationRequestedAt: z.string().nullable(),
  terminationRequestedBy: z.enum(['upline', 'downline']).nullable(),
  terminatedAt: z.string().nullable(),
  endReason: z.enum(['agreed', 'replaced', 'rate_cap', 'moved', 'operator']).nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

const contractId = z.object({ contractId: id });

/**
 * The body of each contract process call (MCS2_processDividendReq, MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract): one action on contracts
 * of the call's type.
 */
export const contractProcessBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('view') }),
  z.object({
    action: z.literal('offer'),
    downlineId: id,
    tiers: contractTiersSchema,
    period: z.enum(DIVIDEND_PERIODS).optional(),
  }),
  /** `confirm`: accept even though lower terms end downlines' contracts (otherwise 409 naming them). */
  contractId.extend({ action: z.literal('accept'), confirm: z.boolean().optional() }),
  contractId.extend({ action: z.literal('reject') }),
  contractId.extend({ action: z.literal('requestTermination') }),
  contractId.extend({ action: z.literal('acceptTermination') }),
  contractId.extend({ action: z.literal('rejectTermination') }),
]);
export type ContractProcessBody = z.infer<typeof contractProcessBodySchema>;

/** What each process call answers: the member's contracts of the type after the action. */
export const contractViewSchema = z.object({
  type: z.enum(CONTRACT_TYPES),
  /** The member's live contract with its upline (active or with a termination request). */
  current: contractSchema.nullable(),
  /** An offer from the upline awaiting the member's answer (the new-request view). */
  offer: contractSchema.nullable(),
  /** The member's contracts with its direct downlines: live ones and open offers. */
  downlines: z.array(contractSchema),
  /** The contract the action changed (null for `view`). */
  changed: contractSchema.nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/**
 * PUT /ops/agents/:memberId/contracts/:type: a top agent's contract with the house. Terms that pay
 * less than the live contract are active at once; a new contract, or terms with a higher rate
 * anywhere or another period, wait for a second operator (houseContractChangeSchema).
 */
export const houseContractBodySchema = z.object({
  tiers: contractTiersSchema,
  period: z.enum(DIVIDEND_PERIODS).optional(),
  reason: opsReasonSchema,
});
export type HouseContractBody = z.infer<typeof houseContractBodySchema>;

export const houseContractParamsSchema = z.object({ memberId: id, type: z.enum(CONTRACT_TYPES) });

export const HOUSE_CONTRACT_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'superseded'] as const;

/**
 * A top agent's house contract waiting for an operator other than the asker holding
 * adjustments.approve (docs/decisions.md, "Rate set-ups: a raise waits for a second operator"), or
 * decided. `current` is the live contract when it was asked (null: none).
 */
export const houseContractChangeSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  type: z.enum(CONTRACT_TYPES),
  tiers: z.array(contractTierSchema),
  period: z.string(),
  current: z.object({ contractId: z.string(), tiers: z.array(contractTierSchema), period: z.string() }).nullable(),
  reason: z.string(),
  status: z.enum(HOUSE_CONTRACT_CHANGE_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The contract its approval made. */
  contractId: z.string().nullable(),
});
export type HouseContractChange = z.infer<typeof houseContractChangeSchema>;

/** What the PUT answers: the contract made at once (a lowering), or the change left waiting. */
export const houseContractResultSchema = z.object({
  contract: contractSchema.nullable(),
  waiting: houseContractChangeSchema.nullable(),
});
export type HouseContractResult = z.infer<typeof houseContractResultSchema>;
