import type { Kysely } from 'kysely';
import { AGENT_TYPES } from '@wps/shared/constants';
import type { ContractType } from '@wps/shared/schemas/agents';
import type { Database } from '../../../db/schema';
import { runInTransaction } from '../../../db/run-in-transaction';
import type { AuditService } from '../../audit/audit.service';
import { PLAYER_MAIN, type LedgerService } from '../../ledger/ledger.service';
import { computeStatements, type PlayerActivity } from './settlement-compute';
import { dayOf, endedWindows, STREAMS, type SettlementWindow, type Stream } from './settlement-periods';
import {
  findLatestComputed,
  findUnpaidRuns,
  findRun,
  insertStatements,
  lockHoldsOf,
  lockPending,
  lockStream,
  markComputed,
  markHeld,
  markPaid,
  readActivity,
  readAgents,
  readHeldMembers,
  readLiveContracts,
  readSeenBetween,
  refreshRunCounts,
  setRunStatus,
  startRun,
  takeMark,
  type PayableRow,
  type RunRow,
  type SettlementViews,
} from './settlement.repository';
import { createSettlementOps } from './settlement-ops';

type Db = Kysely<Database>;

export type SettlementContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  ledger: Pick<
    LedgerService,
    'getOperatorCurrency' | 'ensureMemberAccounts' | 'ensureSystemAccount' | 'postManyWithin'
  >;
  views: SettlementViews;
  /** The operator's time zone (the rewards engine's setting): days, weeks and months are cut in it. */
  timeZone: (db: Db) => Promise<string>;
  now?: (() => number) | undefined;
  /** Tests: called between two payment batches (a kill -9 test stops the process there). */
  onPaymentBatch?: ((paid: number) => Promise<void>) | undefined;
  /** Tests: called inside a payment batch's transaction, its ledger posts made but not committed. */
  beforePaymentCommit?: ((batch: number) => Promise<void>) | undefined;
  /** Benchmarks: how long each step of a computation took. */
  onPhase?: ((phase: string, ms: number) => void) | undefined;
};

/** Ended periods one run of a stream settles at most (the most recent ones when more are missing). */
export const CATCH_UP_WINDOWS = 12;
/** Statements paid per ledger transaction batch (one ledger transaction per statement within it). */
export const PAYMENT_BATCH = 100;

export type SettleOutcome = { runId: string; status: string; statements: number; paid: number };

/**
 * Agent contract settlement (docs/agents.md, "Settlement"): each stream's ended periods, each
 * computed once (statements with their lines, in one transaction with the run's mark) and then
 * paid statement by statement through the ledger (key `agent-statement:<id>`), so a kill -9 at
 * any point resumes where it stopped and never pays twice.
 */
export function createAgentSettlementService(ctx: SettlementContext) {
  const { db, views } = ctx;
  const now = () => new Date((ctx.now ?? Date.now)());

  /** Phase 1: the statements of one window, with the run's mark, in one transaction. */
  async function compute(stream: Stream, window: SettlementWindow): Promise<RunRow> {
    return runInTransaction(db, async (trx) => {
      await lockStream(trx, stream.name);
      const run = await startRun(trx, {
        stream: stream.name,
        type: stream.type,
        periodKey: window.key,
        start: window.start,
        end: window.end,
      });
      if (run.cutoffMark !== null || run.status === 'superseded') return run;
      const latest = await findLatestComputed(trx, stream.name);
      if (latest && latest.periodEnd.getTime() >= window.end.getTime()) {
        await setRunStatus(
          trx,
          run.id,
          'superseded',
          `a later period (${latest.periodKey}) was settled first; these rounds counted there`,
        );
        return { ...run, status: 'superseded' };
      }
      const cut = await takeMark(trx);
      const countWindow = {
        end: window.end,
        snapshot: cut.snapshot,
        prevEnd: latest ? latest.periodEnd : window.start,
        prev:
          latest?.cutoffSnapshot && latest.cutoffMark
            ? { snapshot: latest.cutoffSnapshot, mark: latest.cutoffMark }
            : null,
      };
      let lap = performance.now();
      const phase = (name: string) => {
        const at = performance.now();
        ctx.onPhase?.(name, at - lap);
        lap = at;
      };
      const timeZone = await ctx.timeZone(trx);
      const dividend = stream.type === 'dividend';
      const activity = await readActivity(trx, views, countWindow, { bonuses: dividend });
      phase('read activity');
      const contracts = await readLiveContracts(trx, stream.type, stream.period);
      const agents = await readAgents(trx, views, AGENT_TYPES);
      phase('read contracts and agents');
      // A real-time salary's tiers read the day so far: the figures of the contract's latest
      // statement of the day, plus this window's turnover and its players not seen earlier today.
      const realtime = stream.type === 'realtime_salary';
      const dayStart = dayOf(window.start, timeZone).start;
      const seen = realtime
        ? await readSeenBetween(
            trx,
            views,
            activity.filter((a) => a.active).map((a) => a.memberId),
            dayStart,
            countWindow.prevEnd,
          )
        : new Set<string>();
      const players: PlayerActivity[] = activity.map((a) => ({
        memberId: a.memberId,
        account: a.account,
        uplineId: a.uplineId,
        base: dividend ? a.net : a.turnover,
        active: a.active,
        ...(realtime ? { tierActive: a.active && !seen.has(a.memberId) } : {}),
      }));
      const offsets = realtime
        ? new Map(
            contracts.flatMap((c) =>
              c.latest && c.latest.periodStart.getTime() >= dayStart.getTime()
                ? [[c.memberId, { base: c.latest.tierBase, active: c.latest.tierActive }] as const]
                : [],
            ),
          )
        : undefined;
      phase('read the day so far');
      const statements = computeStatements(dividend ? 'dividend' : 'salary', players, agents, contracts, offsets);
      phase('compute');
      await insertStatements(trx, run, statements, await readHeldMembers(trx));
      phase('write statements');
      await markComputed(trx, run.id, cut, contracts.length);
      await refreshRunCounts(trx, run.id);
      return { ...run, status: 'computed', cutoffMark: cut.mark, cutoffSnapshot: cut.snapshot };
    });
  }

  /**
   * Pay statements in `trx`: held payees' are set aside (held); the others are posted in one
   * statement, one ledger transaction each (from the agent salary budget to the agent's main
   * wallet, key `agent-statement:<id>`), and marked paid. `currency` is read before the transaction.
   */
  async function payRows(trx: Db, rows: PayableRow[], currency: string): Promise<number> {
    const held = await lockHoldsOf(trx, [...new Set(rows.map((r) => r.memberId))]);
    await markHeld(
      trx,
      rows.filter((r) => held.has(r.memberId)).map((r) => r.id),
    );
    const payable = rows.filter((r) => !held.has(r.memberId));
    if (payable.length === 0) return 0;
    const wallets = await ctx.ledger.ensureMemberAccounts(
      trx,
      [...new Set(payable.map((r) => r.memberId))],
      PLAYER_MAIN,
      currency,
    );
    const budget = await ctx.ledger.ensureSystemAccount('agent_salary_budget', currency, trx);
    const posts = await ctx.ledger.postManyWithin(
      trx,
      payable.map((r) => ({
        kind: r.type === 'dividend' ? ('agent_dividend' as const) : ('agent_salary' as const),
        idempotencyKey: `agent-statement:${r.id}`,
        reference: `agent-statement:${r.id}`,
        metadata: { statementId: r.id, memberId: r.memberId, contractType: r.type, periodKey: r.periodKey },
        entries: [
          { accountId: budget, amountMinor: -r.amount },
          { accountId: wallets.get(r.memberId)!, amountMinor: r.amount },
        ],
      })),
    );
    return markPaid(
      trx,
      payable.map((r) => r.id),
      posts.map((p) => p.transactionId),
    );
  }

  /** Phase 2: pay a computed run's pending statements in batches, then close the run. */
  async function pay(runId: string): Promise<number> {
    const currency = await ctx.ledger.getOperatorCurrency();
    let paid = 0;
    for (;;) {
      const batch = await runInTransaction(db, async (trx) => {
        const rows = await lockPending(trx, runId, PAYMENT_BATCH);
        const batchPaid = rows.length === 0 ? 0 : await payRows(trx, rows, currency);
        if (rows.length > 0) await ctx.beforePaymentCommit?.(batchPaid);
        return { count: rows.length, paid: batchPaid };
      });
      paid += batch.paid;
      if (batch.count === 0) break;
      await ctx.onPaymentBatch?.(paid);
    }
    await refreshRunCounts(db, runId);
    return paid;
  }

  /** Settle one window of a stream: compute (once), then pay what waits. A failure marks the run failed and is thrown. */
  async function settleWindow(stream: Stream, window: SettlementWindow): Promise<SettleOutcome> {
    let run: RunRow | undefined;
    try {
      run = await compute(stream, window);
      const paid = run.cutoffMark === null ? 0 : await pay(run.id);
      const after = (await findRun(db, stream.name, window.key)) ?? run;
      return { runId: after.id, status: after.status, statements: after.statements, paid };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await runInTransaction(db, async (trx) => {
        const failed =
          run ??
          (await startRun(trx, {
            stream: stream.name,
            type: stream.type,
            periodKey: window.key,
            start: window.start,
            end: window.end,
          }));
        await setRunStatus(trx, failed.id, 'failed', message);
      }).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Every ended window of the type's streams not settled yet (oldest first), and the payments
   * left over by runs that stopped. Returns the statements paid. Throws after trying every
   * stream when one failed (its run is marked failed; the job tries it again).
   */
  async function settleEnded(type: ContractType): Promise<number> {
    const timeZone = await ctx.timeZone(db);
    const at = now();
    let paid = 0;
    let failure: unknown;
    for (const stream of STREAMS.filter((s) => s.type === type)) {
      try {
        for (const runId of await findUnpaidRuns(db, stream.name)) paid += await pay(runId);
        const latest = await findLatestComputed(db, stream.name);
        for (const window of endedWindows(
          at,
          stream.period,
          timeZone,
          latest ? latest.periodEnd : null,
          CATCH_UP_WINDOWS,
        )) {
          paid += (await settleWindow(stream, window)).paid;
        }
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
    return paid;
  }

  const ops = createSettlementOps({
    db,
    audit: ctx.audit,
    views,
    settleWindow,
    pay,
    payRows,
    currency: () => ctx.ledger.getOperatorCurrency(),
  });

  return {
    settleWindow,
    settleEnded,
    /** Pay a computed run's statements still waiting (a resumed run). */
    pay,
    ...ops,
  };
}

export type AgentSettlementService = ReturnType<typeof createAgentSettlementService>;
