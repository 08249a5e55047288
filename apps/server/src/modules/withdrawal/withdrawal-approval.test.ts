import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { OpsWithdrawalOrder, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import { balanceOf, createPayer, midDayClock, requestWithdrawal, type Payer } from './withdrawal.test-support';

/*
 * Withdrawal approvals under the operator money policy, through the API: above the amount of one
 * request (default R$ 1.000,00) or past the approving operator's 24-hour payouts (R$ 5.000,00) one
 * operator's approval pays nothing and the order waits in the queue for a second operator holding
 * money.write; and an operator who credited the player by hand in the last 7 days raises an alert.
 */
describeEachDatabase('withdrawal approvals and the operator money policy', (target) => {
  let t: TestApp;
  let financeA: TestOperator;
  let financeB: TestOperator;
  let financeC: TestOperator;
  let support: TestOperator;
  const clock = midDayClock();

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: clock.now });
    [financeA, financeB, financeC, support] = await Promise.all([
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'support'),
    ]);
  }, 180_000);
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const approve = (id: string, op: TestOperator) =>
    call(t.app, 'POST', `/ops/withdrawals/${id}/approve`, { token: op.token, payload: { reason: 'account checked' } });
  const detail = async (id: string, op: TestOperator = financeB) =>
    valueOf<OpsWithdrawalOrder>(await call(t.app, 'GET', `/ops/withdrawals/${id}`, { token: op.token }));
  const holdStatus = async (id: string) => {
    const row = await t.database.db
      .selectFrom('withdrawal_orders as w')
      .innerJoin('ledger_holds as h', 'h.id', 'w.hold_id')
      .select('h.status')
      .where('w.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  };
  const auditOf = (id: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
  const creditByHand = async (op: TestOperator, payer: Payer, amountMinor: string) => {
    const res = await call(t.app, 'POST', `/ops/players/${payer.memberId}/adjustments`, {
      token: op.token,
      payload: {
        direction: 'credit',
        kind: 'goodwill',
        amountMinor,
        reason: 'late payout goodwill',
        idempotencyKey: `wa-${crypto.randomUUID()}`,
      },
    });
    expect(valueOf<{ status: string }>(res).status).toBe('posted');
  };

  it("above the amount of one request one operator's approval pays nothing; the asker cannot complete it, a second operator does", async () => {
    const payer = await createPayer(t.app, 200_000n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '1500.00'));
    expect(await balanceOf(t.app, payer.memberId)).toBe(50_000n);

    const asked = valueOf<OpsWithdrawalOrder>(await approve(order.id, financeA));
    expect(asked).toMatchObject({
      status: 'pending',
      decidedBy: null,
      secondApproval: { askedBy: financeA.operatorId, askedByName: financeA.username, waitReasons: ['per_request'] },
    });
    expect(await holdStatus(order.id)).toBe('pending');

    // It stays in the pending queue, marked, for every operator who reads it.
    const queue = valueOf<{ list: OpsWithdrawalOrder[] }>(
      await call(t.app, 'GET', '/ops/withdrawals?status=pending&pageSize=100&order=desc', { token: support.token }),
    );
    expect(queue.list.find((o) => o.id === order.id)?.secondApproval?.askedBy).toBe(financeA.operatorId);

    // Not the asker, and not a role without money.write.
    expectFailure(await approve(order.id, financeA), 'MONEY_OWN_REQUEST', 403);
    expectFailure(await approve(order.id, support), 'OPERATOR_FORBIDDEN', 403);
    expect((await detail(order.id)).status).toBe('pending');
    expect(await holdStatus(order.id)).toBe('pending');

    const paid = valueOf<OpsWithdrawalOrder>(await approve(order.id, financeB));
    expect(paid).toMatchObject({
      status: 'approved',
      decidedBy: `operator:${financeB.operatorId}`,
      secondApproval: { askedBy: financeA.operatorId },
    });
    expect(await holdStatus(order.id)).toBe('posted');
    expectFailure(await approve(order.id, financeC), 'WITHDRAWAL_ALREADY_RESOLVED', 409);

    // The audit names who asked and who approved.
    const audit = await auditOf(order.id);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['withdrawal.approve_request', financeA.operatorId],
      ['withdrawal.approve', financeB.operatorId],
    ]);
    expect(audit[0]!.after).toMatchObject({ askedBy: financeA.operatorId, policy: { waitReasons: ['per_request'] } });
    expect(audit[1]!.after).toMatchObject({ askedBy: financeA.operatorId, approvedBy: financeB.operatorId });
  });

  it('within the thresholds it pays at once, as before', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '1000.00'));
    const paid = valueOf<OpsWithdrawalOrder>(await approve(order.id, financeC));
    expect(paid).toMatchObject({ status: 'approved', secondApproval: null, alerts: [] });
    expect(await holdStatus(order.id)).toBe('posted');
    const audit = await auditOf(order.id);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve']);
    expect(audit[0]!.after).toMatchObject({ askedBy: financeC.operatorId, approvedBy: null });
  });

  it("past the approving operator's 24-hour payouts an approval waits (operator_day)", async () => {
    const op = await createTestOperator(t.app, 'finance');
    const payers = await Promise.all([createPayer(t.app, 500_000n), createPayer(t.app, 500_000n)]);
    const amounts = ['1000.00', '1000.00', '1000.00', '1000.00', '1000.00', '10.00'];
    const statuses: string[] = [];
    let last: OpsWithdrawalOrder | null = null;
    for (const [i, amount] of amounts.entries()) {
      const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payers[i % 2]!, amount));
      last = valueOf<OpsWithdrawalOrder>(await approve(order.id, op));
      statuses.push(last.status);
    }
    expect(statuses).toEqual(['approved', 'approved', 'approved', 'approved', 'approved', 'pending']);
    expect(last!.secondApproval?.waitReasons).toEqual(['operator_day']);
  });

  it('an operator who credited the player by hand and then approves their withdrawal raises an alert; another operator does not', async () => {
    const credited = await createPayer(t.app, 0n);
    await creditByHand(financeA, credited, '20000');
    const mine = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, credited, '150.00'));
    const paid = valueOf<OpsWithdrawalOrder>(await approve(mine.id, financeA));
    // The approval still follows the policy (within it: paid) and carries the alert.
    expect(paid.status).toBe('approved');
    expect(paid.alerts).toEqual([
      expect.objectContaining({
        kind: 'credited_then_paid_out',
        operatorId: financeA.operatorId,
        operatorName: financeA.username,
        creditCount: 1,
        creditedMinor: '20000',
        days: 7,
      }),
    ]);
    expect((await detail(mine.id)).alerts).toHaveLength(1);
    const audit = await auditOf(mine.id);
    expect(audit[0]!.after).toMatchObject({ alert: { creditCount: 1, creditedMinor: '20000' } });

    // The same credit, a withdrawal approved by someone else: no alert.
    const other = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, credited, '20.00'));
    expect(valueOf<OpsWithdrawalOrder>(await approve(other.id, financeB)).alerts).toEqual([]);

    // The back office lists the orders that raised the alert, whatever their status.
    const alerted = valueOf<{ list: OpsWithdrawalOrder[]; total: number }>(
      await call(t.app, 'GET', '/ops/withdrawals?alert=credited_then_paid_out&pageSize=100', { token: support.token }),
    );
    const ids = alerted.list.map((o) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(alerted.total).toBe(alerted.list.length);
    expect(alerted.list.every((o) => o.alerts.length > 0)).toBe(true);
  });

  it('the ops CLI pays within the amount of one request only, and never completes a waiting approval', async () => {
    const payer = await createPayer(t.app, 400_000n);
    const big = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '1500.00'));
    const ctx = { database: t.database, print: () => undefined };
    await expect(COMMANDS['withdrawal:approve']!.run(ctx, [big.id, 'paid'])).rejects.toMatchObject({
      errorCode: 'OPERATOR_FORBIDDEN',
    });
    expect(await holdStatus(big.id)).toBe('pending');
    await approve(big.id, financeA);
    await expect(COMMANDS['withdrawal:approve']!.run(ctx, [big.id, 'paid'])).rejects.toMatchObject({
      errorCode: 'OPERATOR_FORBIDDEN',
    });
    expect(await holdStatus(big.id)).toBe('pending');
  });
});
