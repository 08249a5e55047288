import { z } from 'zod';
import { CONTRACT_TYPES } from './agents';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

// Agent contract settlement (docs/agents.md, "Settlement"): the runs that settle each contract
// type's periods, the statement each payee gets per period with the lines it was computed from,
// and the holds an operator puts on a payee. Money is minor units as strings.

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const minor = z.string();
const isoDate = z.string().datetime({ offset: true });

export const SETTLEMENT_RUN_STATUSES = ['pending', 'computed', 'done', 'failed', 'superseded'] as const;
export const STATEMENT_STATUSES = ['none', 'pending', 'held', 'paid'] as const;

/**
 * One line of a statement: one direct downline of the payee through which the team's activity
 * came (a downline agent's whole team, or one player directly under the payee).
 */
export const statementLineSchema = z.object({
  sourceMemberId: z.string(),
  sourceAccount: z.string(),
  /** 'agent': a downline agent and its team; 'player': a player directly under the payee. */
  sourceKind: z.enum(['agent', 'player']),
  /** The base that came through this source in the period (turnover, or net loss for a dividend). */
  baseMinor: minor,
  activePlayers: z.number().int(),
  /** The payee's rate (bp) and the source's (0 for a player, or a downline agent without a live contract). */
  rateBp: z.number().int(),
  downlineRateBp: z.number().int(),
  /** The payee's rate on this base, and what the downline agent was paid on it (prefix floors). */
  grossMinor: minor,
  downlineMinor: minor,
  /** The payee's own share from this source: gross − downline. */
  amountMinor: minor,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A statement without its lines (lists). */
export const statementSummarySchema = z.object({
  id: z.string(),
  runId: z.string(),
  contractId: z.string(),
  memberId: z.string(),
  account: z.string(),
  type: z.enum(CONTRACT_TYPES),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  teamBaseMinor: minor,
  activePlayers: z.number().int(),
  /** The figures the tiers chose the rate by (a real-time salary: the day so far). */
  tierBaseMinor: minor,
  tierActivePlayers: z.number().int(),
  /** Dividend: the deficit carried in (≤ 0) and out to the contract's next period. */
  carryInMinor: minor,
  carryOutMinor: minor,
  /** The tier's rate, and the rate used (capped by the uplines' rates). */
  tierRateBp: z.number().int(),
  rateBp: z.number().int(),
  grossMinor: minor,
  downlineMinor: minor,
  amountMinor: minor,
  status: z.enum(STATEMENT_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementSchema = statementSummarySchema.extend({ lines: z.array(statementLineSchema) });
export type Statement = z.infer<typeof statementSchema>;

export const statementParamsSchema = z.object({ statementId: id });

/** GET /wps/agent/centre/income: my statements, newest first, by type and period start. */
export const agentIncomeQuerySchema = z.object({
  type: z.enum(CONTRACT_TYPES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentIncomeQuery = z.infer<typeof agentIncomeQuerySchema>;

export const agentIncomePageSchema = z.object({
  list: z.array(statementSummarySchema),
  total: z.number().int(),
  /** What the listed filter's statements paid in all (paid ones only). */
  paidMinor: minor,
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type AgentIncomePage = z.infer<typeof agentIncomePageSchema>;

/** One settlement run: a stream's period and what it did. */
export const settlementRunSchema = z.object({
  id: z.string(),
  stream: z.string(),
  type: z.enum(CONTRACT_TYPES),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(SETTLEMENT_RUN_STATUSES),
  contracts: z.number().int(),
  statements: z.number().int(),
  paid: z.number().int(),
  held: z.number().int(),
  totalMinor: minor,
  attempts: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  computedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SettlementRun = z.infer<typeof settlementRunSchema>;

export const settlementRunsQuerySchema = opsListQuerySchema(['periodStart'] as const).extend({
  type: z.enum(CONTRACT_TYPES).optional(),
  status: z.enum(SETTLEMENT_RUN_STATUSES).optional(),
  periodKey: z.string().max(40).optional(),
});
export const settlementRunsPageSchema = opsPageSchema(settlementRunSchema);
export const settlementRunParamsSchema = z.object({ runId: id });

/** A run with its statements (without lines). */
export const settlementRunDetailSchema = z.object({
  run: settlementRunSchema,
  statements: z.array(statementSummarySchema),
});
export type SettlementRunDetail = z.infer<typeof settlementRunDetailSchema>;

export const settlementRerunBodySchema = z.object({ reason: opsReasonSchema });

export const opsStatementsQuerySchema = opsListQuerySchema(['periodStart'] as const).extend({
  memberId: id.optional(),
  type: z.enum(CONTRACT_TYPES).optional(),
  periodKey: z.string().max(40).optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
});
export const opsStatementsPageSchema = opsPageSchema(statementSummarySchema);

/** A hold on a payee: its statements stay unpaid until released. */
export const payeeHoldSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  releaseReason: z.string().nullable(),
  /** Statements waiting for the release (held). */
  heldStatements: z.number().int(),
  heldMinor: minor,
});
export type PayeeHold = z.infer<typeof payeeHoldSchema>;

export const payeeHoldsQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional(),
  memberId: id.optional(),
});
export const payeeHoldsSchema = z.array(payeeHoldSchema);
export const payeeHoldBodySchema = z.object({ memberId: id, reason: opsReasonSchema });
export const payeeHoldParamsSchema = z.object({ holdId: id });
/** DELETE /ops/agents/holds/:holdId: releasing pays the held statements, once. */
export const payeeReleaseBodySchema = z.object({ reason: opsReasonSchema });
export const payeeReleaseResultSchema = z.object({
  hold: payeeHoldSchema,
  paidStatements: z.number().int(),
  paidMinor: minor,
});
export type PayeeReleaseResult = z.infer<typeof payeeReleaseResultSchema>;
