import type { Kysely } from 'kysely';
import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type {
  AgentIncomePage,
  AgentIncomeQuery,
  PayeeHold,
  PayeeReleaseResult,
  SettlementRun,
  SettlementRunDetail,
  Statement,
  StatementLine,
  StatementSummary,
} from '@wps/shared/schemas/agent-settlement';
import type { ContractType } from '@wps/shared/schemas/agents';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../../db/schema';
import { runInTransaction } from '../../../db/run-in-transaction';
import { AppError } from '../../../http/app-error';
import type { AuditService } from '../../audit/audit.service';
import {
  findHold,
  findStatement,
  insertHold,
  listHolds,
  listRuns,
  listStatements,
  lockActiveHold,
  memberType,
  releaseHold,
  type HoldRow,
  type StatementFilter,
  type StatementRow,
} from './settlement-reads.repository';
import { streamOf, type SettlementWindow, type Stream } from './settlement-periods';
import {
  findRunById,
  lockHeld,
  refreshRunCounts,
  type PayableRow,
  type RunRow,
  type SettlementViews,
} from './settlement.repository';

type Db = Kysely<Database>;

// The settlement's reads (operators' runs and statements, an agent's income) and operators'
// actions (re-run, hold, release), beside the runs themselves (settlement.service.ts).

type OpsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  views: SettlementViews;
  settleWindow: (stream: Stream, window: SettlementWindow) => Promise<unknown>;
  pay: (runId: string) => Promise<number>;
  payRows: (trx: Db, rows: PayableRow[], currency: string) => Promise<number>;
  /** The operator's currency, read before a transaction that pays. */
  currency: () => Promise<string>;
};

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

function runView(r: RunRow): SettlementRun {
  return {
    id: r.id,
    stream: r.stream,
    type: r.type as ContractType,
    periodKey: r.periodKey,
    periodStart: iso(r.periodStart)!,
    periodEnd: iso(r.periodEnd)!,
    status: r.status as SettlementRun['status'],
    contracts: r.contracts,
    statements: r.statements,
    paid: r.paid,
    held: r.held,
    totalMinor: r.totalMinor,
    attempts: r.attempts,
    error: r.error,
    startedAt: iso(r.startedAt)!,
    computedAt: iso(r.computedAt),
    finishedAt: iso(r.finishedAt),
  };
}

function statementView(s: StatementRow): StatementSummary {
  return {
    id: s.id,
    runId: s.runId,
    contractId: s.contractId,
    memberId: s.memberId,
    account: s.account,
    type: s.type as ContractType,
    periodKey: s.periodKey,
    periodStart: iso(s.periodStart)!,
    periodEnd: iso(s.periodEnd)!,
    teamBaseMinor: s.teamBase,
    activePlayers: s.activePlayers,
    tierBaseMinor: s.tierBase,
    tierActivePlayers: s.tierActive,
    carryInMinor: s.carryIn,
    carryOutMinor: s.carryOut,
    tierRateBp: s.tierRateBp,
    rateBp: s.rateBp,
    grossMinor: s.gross,
    downlineMinor: s.downline,
    amountMinor: s.amount,
    status: s.status as StatementSummary['status'],
    paidAt: iso(s.paidAt),
    createdAt: iso(s.createdAt)!,
  };
}

const withLines = (s: StatementRow): Statement => ({ ...statementView(s), lines: (s.lines ?? []) as StatementLine[] });

function holdView(h: HoldRow): PayeeHold {
  return { ...h, createdAt: iso(h.createdAt)!, releasedAt: iso(h.releasedAt) };
}

type ListQuery = { page: number; pageSize: number; order: 'asc' | 'desc' };
const pageOf = <T>(list: T[], total: number, q: { page: number; pageSize: number }): OpsPage<T> => ({
  list,
  total,
  page: q.page,
  pageSize: q.pageSize,
  totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
});

export function createSettlementOps(ctx: OpsContext) {
  const { db, views, audit } = ctx;

  async function statementOf(id: string): Promise<StatementRow> {
    const s = await findStatement(db, views, id);
    if (!s) throw new AppError(ErrorCode.AGENT_STATEMENT_NOT_FOUND, 'No such statement');
    return s;
  }

  return {
    /** GET /ops/agents/settlement/runs. */
    async listRuns(
      q: ListQuery & { type?: ContractType | undefined; status?: string | undefined; periodKey?: string | undefined },
    ): Promise<OpsPage<SettlementRun>> {
      const { rows, total } = await listRuns(db, q, {
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
        order: q.order,
      });
      return pageOf(rows.map(runView), total, q);
    },

    /** GET /ops/agents/settlement/runs/:runId: the run and its statements. */
    async runDetail(runId: string): Promise<SettlementRunDetail> {
      const run = await findRunById(db, runId);
      if (!run) throw new AppError(ErrorCode.AGENT_SETTLEMENT_RUN_NOT_FOUND, 'No such settlement run');
      const { rows } = await listStatements(db, views, { runId }, { offset: 0, limit: 10_000, order: 'asc' });
      return { run: runView(run), statements: rows.map(statementView) };
    },

    /**
     * POST /ops/agents/settlement/runs/:runId/rerun: a failed or stopped run goes on where it
     * stopped (computed once: only its unpaid statements are paid; not computed: computed now, or
     * superseded when a later period was settled first). Audited.
     */
    async rerun(operatorId: string, runId: string, reason: string): Promise<SettlementRun> {
      const run = await findRunById(db, runId);
      if (!run) throw new AppError(ErrorCode.AGENT_SETTLEMENT_RUN_NOT_FOUND, 'No such settlement run');
      const stream = streamOf(run.stream);
      if (!stream || run.status === 'done' || run.status === 'superseded')
        throw new AppError(ErrorCode.AGENT_SETTLEMENT_RUN_STATE, 'Nothing to run again');
      await runInTransaction(db, (trx) =>
        audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.settlement.rerun',
          subjectType: 'agent_settlement_run',
          subjectId: runId,
          reason,
          before: runView(run),
          after: null,
        }),
      );
      try {
        if (run.cutoffMark === null)
          await ctx.settleWindow(stream, { key: run.periodKey, start: run.periodStart, end: run.periodEnd });
        else await ctx.pay(runId);
      } catch {
        // The run carries the error; the answer shows it.
      }
      return runView((await findRunById(db, runId))!);
    },

    /** GET /ops/agents/statements. */
    async listStatements(q: ListQuery & StatementFilter): Promise<OpsPage<StatementSummary>> {
      const { rows, total } = await listStatements(db, views, q, {
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
        order: q.order,
      });
      return pageOf(rows.map(statementView), total, q);
    },

    /** GET /ops/agents/statements/:statementId. */
    statement: async (id: string): Promise<Statement> => withLines(await statementOf(id)),

    /** GET /wps/agent/centre/income: the agent's own statements. */
    async income(memberId: string, q: AgentIncomeQuery): Promise<AgentIncomePage> {
      const filter = {
        memberId,
        type: q.type,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      const { rows, total, paid } = await listStatements(db, views, filter, {
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
        order: 'desc',
      });
      return { ...pageOf(rows.map(statementView), total, q), paidMinor: paid };
    },

    /** GET /wps/agent/centre/income/:statementId: one of the agent's own statements, with its lines. */
    async incomeStatement(memberId: string, id: string): Promise<Statement> {
      const s = await statementOf(id);
      if (s.memberId !== memberId) throw new AppError(ErrorCode.AGENT_STATEMENT_NOT_FOUND, 'No such statement');
      return withLines(s);
    },

    /** GET /ops/agents/holds. */
    listHolds: async (q: {
      active?: 'true' | 'false' | undefined;
      memberId?: string | undefined;
    }): Promise<PayeeHold[]> =>
      (
        await listHolds(db, views, {
          active: q.active === undefined ? undefined : q.active === 'true',
          memberId: q.memberId,
        })
      ).map(holdView),

    /** POST /ops/agents/holds: the agent's statements stay unpaid until the hold is released. Audited. */
    async hold(operatorId: string, memberId: string, reason: string): Promise<PayeeHold> {
      const type = await memberType(db, views, memberId);
      if (type === undefined || !isAgentType(type))
        throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such agent');
      const id = await runInTransaction(db, async (trx) => {
        const created = await insertHold(trx, memberId, reason, operatorId);
        if (!created) throw new AppError(ErrorCode.AGENT_HOLD_EXISTS, 'This agent is already held');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.payee.hold',
          subjectType: 'member',
          subjectId: memberId,
          reason,
          before: null,
          after: { holdId: created },
        });
        return created;
      });
      return holdView((await findHold(db, views, id))!);
    },

    /**
     * DELETE /ops/agents/holds/:holdId: release the hold and pay the held statements, in one
     * transaction (each statement moves from held to paid once). Audited.
     */
    async release(operatorId: string, holdId: string, reason: string): Promise<PayeeReleaseResult> {
      const currency = await ctx.currency();
      const outcome = await runInTransaction(db, async (trx) => {
        const hold = await lockActiveHold(trx, holdId);
        if (!hold) throw new AppError(ErrorCode.AGENT_HOLD_NOT_FOUND, 'No such active hold');
        await releaseHold(trx, holdId, operatorId, reason);
        const rows = await lockHeld(trx, hold.memberId);
        const paid = rows.length === 0 ? 0 : await ctx.payRows(trx, rows, currency);
        const runs = [...new Set(rows.map((r) => r.runId))];
        for (const runId of runs) await refreshRunCounts(trx, runId);
        const paidMinor = rows.reduce((sum, r) => sum + r.amount, 0n).toString();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.payee.release',
          subjectType: 'member',
          subjectId: hold.memberId,
          reason,
          before: { holdId },
          after: { paidStatements: paid, paidMinor },
        });
        return { paid, paidMinor };
      });
      return {
        hold: holdView((await findHold(db, views, holdId))!),
        paidStatements: outcome.paid,
        paidMinor: outcome.paidMinor,
      };
    },
  };
}
