import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LoginResult } from '@wps/shared/schemas/common';
import type {
  AgentIncomePage,
  PayeeHold,
  PayeeReleaseResult,
  SettlementRun,
  SettlementRunDetail,
  Statement,
} from '@wps/shared/schemas/agent-settlement';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, expectFailure, insertTestMember, login, valueOf } from '../../../../test/api-client';
import { expectLedgerHealthy } from '../../../../test/ledger-invariants';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { AccountType } from '@wps/shared/constants';
import { streamOf } from './settlement-periods';
import { createAgentSettlementService } from './settlement.service';
import { createGatewayViews } from '../../gateway/gateway-views';
import { createLedgerViews } from '../../ledger/ledger-views';
import { createMemberViews } from '../../member/member-views';
import {
  addContract,
  addMember,
  addRound,
  agentPayments,
  balanceOf,
  dayWindow,
  flat,
  settleRound,
  statementsOf,
} from './settlement-test-support';

const DAILY = streamOf('daily_salary:day')!;
const DIVIDEND = streamOf('dividend:daily')!;
const REALTIME = streamOf('realtime_salary:5min')!;
const PASSWORD = 'agent-pass-1';

describeEachDatabase('agent settlement: statements, payments once, late rounds, holds, carry-forward', (target) => {
  let t: TestApp;
  let admin: string;
  const db = () => t.database.db;
  const settlement = () => t.app.services.agentSettlement;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A (house, 100 bp) → B (60 bp) → C (25 bp), a player under C and one under B. */
  async function tree() {
    const a = await insertTestMember(t, PASSWORD, { type: AccountType.AGENT_1 });
    const b = await addMember(db(), a.id, true);
    const c = await addMember(db(), b.id, true);
    const p1 = await addMember(db(), c.id, false);
    const p2 = await addMember(db(), b.id, false);
    await addContract(db(), 'daily_salary', a.id, null, flat(100));
    await addContract(db(), 'daily_salary', b.id, a.id, flat(60));
    await addContract(db(), 'daily_salary', c.id, b.id, flat(25));
    return { a, b, c, p1, p2 };
  }

  it('pays the worked example once, with explainable lines; a second run pays nothing more', async () => {
    const { a, b, c, p1, p2 } = await tree();
    const w = dayWindow(0);
    const mid = new Date(w.start.getTime() + 3_600_000);
    await addRound(db(), p1.id, 100_000n, 50_000n, mid);
    await addRound(db(), p1.id, 23_457n, 0n, mid);
    await addRound(db(), p2.id, 10_000n, 20_000n, mid);
    // Open rounds and rounds of the next day are not counted.
    await addRound(db(), p1.id, 999_999n, 0n, mid, 'open');
    await addRound(db(), p1.id, 555_555n, 0n, new Date(w.end.getTime() + 1000));

    const first = await settlement().settleWindow(DAILY, w);
    expect(first).toMatchObject({ status: 'done', statements: 3, paid: 3 });
    // C: floor(25 × 123 457 / 10 000) = 308. B: 740 − 308 = 432 on C's player, 60 on its own (10 000 × 0.6 %).
    // A: 1 234 − 740 = 494 on B's branch of p1, and 100 − 60 = 40 on p2.
    expect(await balanceOf(db(), c.id)).toBe(308n);
    expect(await balanceOf(db(), b.id)).toBe(492n);
    expect(await balanceOf(db(), a.id)).toBe(534n);

    const payments = await agentPayments(db());
    const again = await settlement().settleWindow(DAILY, w);
    expect(again.paid).toBe(0);
    expect(await agentPayments(db())).toBe(payments);
    expect(await balanceOf(db(), a.id)).toBe(534n);

    const token = valueOf<LoginResult>(await login(t.app, a.account, PASSWORD)).token;
    const income = valueOf<AgentIncomePage>(
      await call(t.app, 'GET', '/wps/agent/centre/income?type=daily_salary', { token }),
    );
    expect(income.list).toHaveLength(1);
    expect(income.list[0]).toMatchObject({
      amountMinor: '534',
      rateBp: 100,
      teamBaseMinor: '133457',
      activePlayers: 2,
      status: 'paid',
    });
    const statement = valueOf<Statement>(
      await call(t.app, 'GET', `/wps/agent/centre/income/${income.list[0]!.id}`, { token }),
    );
    expect(statement.lines).toEqual([
      expect.objectContaining({
        sourceMemberId: b.id,
        sourceKind: 'agent',
        baseMinor: '133457',
        rateBp: 100,
        downlineRateBp: 60,
        grossMinor: '1334',
        downlineMinor: '800',
        amountMinor: '534',
      }),
    ]);
    // Someone else's statement is not found; a player is refused.
    const cStatement = (await statementsOf(db(), w.key)).find((s) => s.memberId === c.id);
    expect(cStatement).toBeDefined();
    const otherId = String(
      (await db().selectFrom('agent_statements').select('id').where('member_id', '=', c.id).executeTakeFirstOrThrow())
        .id,
    );
    expectFailure(
      await call(t.app, 'GET', `/wps/agent/centre/income/${otherId}`, { token }),
      'AGENT_STATEMENT_NOT_FOUND',
      404,
    );
    expectFailure(await call(t.app, 'GET', '/wps/agent/centre/income', {}), 'UNAUTHORIZED', 401);

    const runs = valueOf<OpsPage<SettlementRun>>(
      await call(t.app, 'GET', '/ops/agents/settlement/runs?type=daily_salary', { token: admin }),
    );
    expect(runs.list[0]).toMatchObject({
      periodKey: w.key,
      status: 'done',
      statements: 3,
      paid: 3,
      totalMinor: String(308 + 492 + 534),
    });
    const detail = valueOf<SettlementRunDetail>(
      await call(t.app, 'GET', `/ops/agents/settlement/runs/${runs.list[0]!.id}`, { token: admin }),
    );
    expect(detail.statements).toHaveLength(3);
    expectFailure(
      await call(t.app, 'POST', `/ops/agents/settlement/runs/${runs.list[0]!.id}/rerun`, {
        token: admin,
        payload: { reason: 'try again' },
      }),
      'AGENT_SETTLEMENT_RUN_STATE',
      409,
    );
    await expectLedgerHealthy(t.database);
  });

  it('a round settled after the cut-off goes to the next period and never changes a settled one', async () => {
    const { a, p1 } = await tree();
    const w0 = dayWindow(5);
    const w1 = dayWindow(6);
    const open = await addRound(db(), p1.id, 10_000n, 0n, w0.start, 'open');
    await addRound(db(), p1.id, 20_000n, 0n, new Date(w0.start.getTime() + 60_000));
    await settlement().settleWindow(DAILY, w0);
    const before = await statementsOf(db(), w0.key);
    const aBefore = await balanceOf(db(), a.id);
    // Settled late, with a time inside the settled day: it counts in the next day.
    await settleRound(db(), open, new Date(w0.end.getTime() - 1000));
    await settlement().settleWindow(DAILY, w1);
    expect(await statementsOf(db(), w0.key)).toEqual(before);
    const next = (await statementsOf(db(), w1.key)).find((s) => s.memberId === a.id);
    // A's share of 10 000: 100 bp − 60 bp.
    expect(next?.amount).toBe(40n);
    expect(await balanceOf(db(), a.id)).toBe(aBefore + 40n);
  });

  it('a held payee stays unpaid until released, then is paid exactly once', async () => {
    const { b, p2 } = await tree();
    const w = dayWindow(10);
    await addRound(db(), p2.id, 100_000n, 0n, new Date(w.start.getTime() + 1));
    const hold = valueOf<PayeeHold>(
      await call(t.app, 'POST', '/ops/agents/holds', {
        token: admin,
        payload: { memberId: b.id, reason: 'checking the team' },
      }),
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/agents/holds', { token: admin, payload: { memberId: b.id, reason: 'twice' } }),
      'AGENT_HOLD_EXISTS',
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/agents/holds', {
        token: admin,
        payload: { memberId: p2.id, reason: 'a player' },
      }),
      'AGENT_MEMBER_NOT_FOUND',
      404,
    );
    await settlement().settleWindow(DAILY, w);
    expect((await statementsOf(db(), w.key)).find((s) => s.memberId === b.id)).toMatchObject({
      status: 'held',
      amount: 600n,
    });
    expect(await balanceOf(db(), b.id)).toBe(0n);
    const listed = valueOf<PayeeHold[]>(
      await call(t.app, 'GET', `/ops/agents/holds?active=true&memberId=${b.id}`, { token: admin }),
    );
    expect(listed[0]).toMatchObject({ heldStatements: 1, heldMinor: '600' });

    const released = valueOf<PayeeReleaseResult>(
      await call(t.app, 'DELETE', `/ops/agents/holds/${hold.id}`, { token: admin, payload: { reason: 'all clear' } }),
    );
    expect(released).toMatchObject({ paidStatements: 1, paidMinor: '600' });
    expect(released.hold.releasedAt).not.toBeNull();
    expect(await balanceOf(db(), b.id)).toBe(600n);
    expectFailure(
      await call(t.app, 'DELETE', `/ops/agents/holds/${hold.id}`, { token: admin, payload: { reason: 'again' } }),
      'AGENT_HOLD_NOT_FOUND',
      404,
    );
    await settlement().settleWindow(DAILY, w);
    expect(await balanceOf(db(), b.id)).toBe(600n);
    await expectLedgerHealthy(t.database);
  });

  it('a dividend period with a negative base pays nothing and carries the deficit to the next', async () => {
    const a = await addMember(db(), null, true);
    const p = await addMember(db(), a.id, false);
    await addContract(db(), 'dividend', a.id, null, flat(1000), 'daily');
    const w0 = dayWindow(20);
    const w1 = dayWindow(21);
    await addRound(db(), p.id, 10_000n, 30_000n, new Date(w0.start.getTime() + 1));
    await settlement().settleWindow(DIVIDEND, w0);
    expect(await statementsOf(db(), w0.key)).toEqual([
      expect.objectContaining({ memberId: a.id, amount: 0n, status: 'none', carryOut: -20_000n }),
    ]);
    await addRound(db(), p.id, 50_000n, 0n, new Date(w1.start.getTime() + 1));
    await settlement().settleWindow(DIVIDEND, w1);
    // 10 % of (50 000 − 20 000 carried).
    expect(await statementsOf(db(), w1.key)).toEqual([
      expect.objectContaining({ memberId: a.id, amount: 3_000n, status: 'paid', carryOut: 0n }),
    ]);
    expect(await balanceOf(db(), a.id)).toBe(3_000n);

    // Bonuses and rebates paid to the team's players lower the net loss.
    const now = Date.now();
    const w2 = {
      key: new Date(now).toISOString().slice(0, 13),
      start: new Date(now - 3_600_000),
      end: new Date(now + 3_600_000),
    };
    await addRound(db(), p.id, 10_000n, 0n, new Date(now - 60_000));
    await t.app.services.ledger.creditPlayerFromSystem({
      systemPurpose: 'promotion_budget',
      memberId: p.id,
      amountMinor: 4_000n,
      kind: 'reward_cash',
      idempotencyKey: `settle-test-bonus:${p.id}`,
    });
    await settlement().settleWindow(DIVIDEND, w2);
    expect(await statementsOf(db(), w2.key)).toEqual([
      expect.objectContaining({ memberId: a.id, amount: 600n, status: 'paid' }),
    ]);
  });

  it('a real-time salary pays each 5-minute window, its tier read on the day so far', async () => {
    const a = await addMember(db(), null, true);
    const p = await addMember(db(), a.id, false);
    await addContract(
      db(),
      'realtime_salary',
      a.id,
      null,
      [
        { minAmountMinor: '0', minActivePlayers: 0, rateBp: 50 },
        { minAmountMinor: '20000', minActivePlayers: 1, rateBp: 100 },
      ],
      '5min',
    );
    const at = Date.UTC(2026, 2, 3, 15, 0);
    const windows = [0, 1, 2].map((i) => ({
      key: new Date(at + i * 300_000).toISOString(),
      start: new Date(at + i * 300_000),
      end: new Date(at + (i + 1) * 300_000),
    }));
    await addRound(db(), p.id, 15_000n, 0n, new Date(at + 1000));
    await addRound(db(), p.id, 10_000n, 0n, new Date(at + 300_000 + 1000));
    for (const w of windows) await settlement().settleWindow(REALTIME, w);
    const rows = await db()
      .selectFrom('agent_statements')
      .select(['period_key', 'amount_minor', 'tier_base', 'tier_active', 'rate_bp'])
      .where('member_id', '=', a.id)
      .orderBy('period_key')
      .execute();
    // 0.5 % of 150.00; then the day reaches 250.00: 1 % of 100.00. The third window had no play.
    expect(
      rows.map((r) => [r.period_key, String(r.amount_minor), String(r.tier_base), r.tier_active, r.rate_bp]),
    ).toEqual([
      [windows[0]!.key, '75', '15000', 1, 50],
      [windows[1]!.key, '100', '25000', 1, 100],
    ]);
    expect(await balanceOf(db(), a.id)).toBe(175n);
  });

  it('a run whose payments failed is listed failed with its error, and an operator re-runs it: paid once', async () => {
    const { a, p2 } = await tree();
    const w = dayWindow(30);
    await addRound(db(), p2.id, 100_000n, 0n, new Date(w.start.getTime() + 1));
    const services = t.app.services;
    const dbh = db();
    const failing = createAgentSettlementService({
      db: dbh,
      audit: services.audit,
      ledger: { ...services.ledger, postManyWithin: () => Promise.reject(new Error('the ledger is down')) },
      views: {
        rounds: createGatewayViews({ db: dbh }).settledRounds,
        bonuses: createLedgerViews({ db: dbh }).playerBonusCredits,
        members: createMemberViews({ db: dbh }).uplines,
      },
      timeZone: services.rewards.timeZone,
    });
    await expect(failing.settleWindow(DAILY, w)).rejects.toThrow('the ledger is down');
    const runs = valueOf<OpsPage<SettlementRun>>(
      await call(t.app, 'GET', `/ops/agents/settlement/runs?status=failed&periodKey=${w.key}`, { token: admin }),
    );
    expect(runs.list).toEqual([
      expect.objectContaining({ periodKey: w.key, status: 'failed', error: 'the ledger is down', paid: 0 }),
    ]);
    expect(await balanceOf(db(), a.id)).toBe(0n);

    const rerun = valueOf<SettlementRun>(
      await call(t.app, 'POST', `/ops/agents/settlement/runs/${runs.list[0]!.id}/rerun`, {
        token: admin,
        payload: { reason: 'ledger back' },
      }),
    );
    expect(rerun).toMatchObject({ status: 'done', statements: 2, paid: 2, error: null });
    expect(await balanceOf(db(), a.id)).toBe(400n);
    expectFailure(
      await call(t.app, 'POST', `/ops/agents/settlement/runs/${rerun.id}/rerun`, {
        token: admin,
        payload: { reason: 'again' },
      }),
      'AGENT_SETTLEMENT_RUN_STATE',
      409,
    );
    const statements = valueOf<OpsPage<{ id: string }>>(
      await call(t.app, 'GET', `/ops/agents/statements?periodKey=${w.key}&memberId=${a.id}`, { token: admin }),
    );
    const one = valueOf<Statement>(
      await call(t.app, 'GET', `/ops/agents/statements/${statements.list[0]!.id}`, { token: admin }),
    );
    expect(one).toMatchObject({
      amountMinor: '400',
      status: 'paid',
      lines: [expect.objectContaining({ sourceKind: 'agent', baseMinor: '100000' })],
    });
    await expectLedgerHealthy(t.database);
  });
});
