import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import type { MoneyLimitsUpdate, MoneyLimitsView } from '@wps/shared/schemas/operator-money';
import type { Adjustment } from '@wps/shared/schemas/player-actions';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { balanceOf, memberIdOf } from '../withdrawal/withdrawal.test-support';

/*
 * The operator money policy through the API: manual credits counted in 24-hour totals per player
 * and per operator, what passes one waiting for a second operator, and its thresholds as settings
 * (lowered at once, raised by two). Defaults: R$ 1.000,00 a request, R$ 2.000,00 to one player and
 * R$ 5.000,00 by one operator over 24 hours.
 */

const R1000 = '100000';

async function newPlayer(app: App): Promise<string> {
  return memberIdOf(app, (await registerUser(app)).result.token);
}

function credit(app: App, op: TestOperator, memberId: string, amountMinor = R1000) {
  return call(app, 'POST', `/ops/players/${memberId}/adjustments`, {
    token: op.token,
    payload: {
      direction: 'credit',
      kind: 'goodwill',
      amountMinor,
      reason: 'late payout goodwill',
      idempotencyKey: `omp-${crypto.randomUUID()}`,
    },
  });
}

const decideAdjustment = (app: App, op: TestOperator, id: string, decision: 'approve' | 'reject') =>
  call(app, 'POST', `/ops/adjustments/${id}/${decision}`, { token: op.token, payload: { reason: 'ticket checked' } });

const auditOf = async (app: App, op: TestOperator, query: string) =>
  valueOf<{ list: AuditEntry[] }>(await call(app, 'GET', `/ops/audit?${query}&pageSize=50`, { token: op.token })).list;

describeEachDatabase('operator money policy: manual credits and thresholds', (target) => {
  let t: TestApp;
  let financeA: TestOperator;
  let financeB: TestOperator;
  let admin: TestOperator;
  let admin2: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [financeA, financeB, admin, admin2] = await Promise.all([
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'admin'),
      createTestOperator(t.app, 'admin'),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  it("five credits of 1,000.00 by one finance operator: those past the player's 24-hour total wait; another operator approves one", async () => {
    const memberId = await newPlayer(t.app);
    const answers: Adjustment[] = [];
    for (let i = 0; i < 5; i++) answers.push(valueOf<Adjustment>(await credit(t.app, financeA, memberId)));
    expect(answers.map((a) => a.status)).toEqual(['posted', 'posted', 'pending', 'pending', 'pending']);
    expect(answers[2]).toMatchObject({ waitReasons: ['player_day'], thresholdMinor: R1000, balanceAfterMinor: null });
    expect(answers[0]!.waitReasons).toEqual([]);
    // The player's balance holds only what passed.
    expect(await balanceOf(t.app, memberId)).toBe(200000n);

    // It waits where pending adjustments are approved; the asker cannot approve it.
    const queue = valueOf<{ list: Adjustment[] }>(
      await call(t.app, 'GET', `/ops/adjustments?status=pending&memberId=${memberId}`, { token: financeB.token }),
    );
    expect(queue.list.map((a) => a.id).sort()).toEqual(
      answers
        .slice(2)
        .map((a) => a.id)
        .sort(),
    );
    const waiting = answers[2]!;
    expectFailure(await decideAdjustment(t.app, financeA, waiting.id, 'approve'), 'ADJUSTMENT_OWN_REQUEST', 403);
    expect(await balanceOf(t.app, memberId)).toBe(200000n);

    const approved = valueOf<Adjustment>(await decideAdjustment(t.app, financeB, waiting.id, 'approve'));
    expect(approved).toMatchObject({ status: 'posted', decidedBy: financeB.operatorId, balanceAfterMinor: '300000' });
    expect(await balanceOf(t.app, memberId)).toBe(300000n);

    // The audit names who asked and who approved.
    const entries = await auditOf(t.app, admin, `subjectType=member&subjectId=${memberId}`);
    const request = entries.find(
      (e) => e.action === 'adjustment.request' && (e.after as { adjustmentId: string }).adjustmentId === waiting.id,
    );
    expect(request).toMatchObject({
      actorId: financeA.operatorId,
      after: { needsApproval: true, policy: { waitReasons: ['player_day'], totalsBefore: { playerMinor: '200000' } } },
    });
    expect(entries.find((e) => e.action === 'adjustment.approve')).toMatchObject({
      actorId: financeB.operatorId,
      before: { requestedBy: financeA.operatorId, status: 'pending' },
      after: { status: 'posted', approvedBy: financeB.operatorId },
    });
  });

  it("an operator's own 24-hour total holds across players", async () => {
    const asker = await createTestOperator(t.app, 'finance');
    const [p1, p2, p3] = [await newPlayer(t.app), await newPlayer(t.app), await newPlayer(t.app)];
    for (const memberId of [p1, p1, p2, p2, p3])
      expect(valueOf<Adjustment>(await credit(t.app, asker, memberId!)).status).toBe('posted');
    // 5,000.00 reached: the next credit waits, though the player has had only 1,000.00.
    const sixth = valueOf<Adjustment>(await credit(t.app, asker, p3!));
    expect(sixth).toMatchObject({ status: 'pending', waitReasons: ['operator_day'] });
    expect(await balanceOf(t.app, p3!)).toBe(100000n);
    // Another operator's credit to the same player still posts.
    expect(valueOf<Adjustment>(await credit(t.app, financeB, p3!, '50000')).status).toBe('posted');
  });

  it('raising a threshold waits for a second operator; lowering takes effect at once', async () => {
    const path = '/ops/operator-money/limits';
    const before = valueOf<MoneyLimitsView>(await call(t.app, 'GET', path, { token: financeA.token }));
    expect(before).toEqual({
      limits: {
        perRequestMinor: R1000,
        playerDayMinor: '200000',
        operatorDayMinor: '500000',
        setupItemMinor: '100000',
        setupPeriodMinor: '1000000',
      },
      pending: [],
    });
    const put = (op: TestOperator, payload: Record<string, unknown>) =>
      call(t.app, 'PUT', path, { token: op.token, payload });
    expectFailure(
      await put(financeA, { ...before.limits, perRequestMinor: '1', reason: 'lower it' }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(
      await put(admin, { ...before.limits, perRequestMinor: '-5', reason: 'bad' }),
      'VALIDATION_FAILED',
      400,
    );

    // One request: a lowering (at once) and a raise (waits).
    const update = valueOf<MoneyLimitsUpdate>(
      await put(admin, {
        perRequestMinor: '50000',
        playerDayMinor: '300000',
        operatorDayMinor: '500000',
        setupItemMinor: '100000',
        setupPeriodMinor: '1000000',
        reason: 'new policy',
      }),
    );
    expect(update.lowered).toEqual(['perRequestMinor']);
    expect(update.limits).toEqual({
      perRequestMinor: '50000',
      playerDayMinor: '200000',
      operatorDayMinor: '500000',
      setupItemMinor: '100000',
      setupPeriodMinor: '1000000',
    });
    expect(update.waiting).toMatchObject({
      status: 'pending',
      raises: { playerDayMinor: '300000' },
      before: before.limits,
      requestedBy: admin.operatorId,
      requestedByName: admin.username,
    });
    const changeId = update.waiting!.id;
    // The lowering holds for the next credit already.
    const memberId = await newPlayer(t.app);
    expect(valueOf<Adjustment>(await credit(t.app, financeA, memberId, '60000'))).toMatchObject({
      status: 'pending',
      waitReasons: ['per_request'],
      thresholdMinor: '50000',
    });

    const approvePath = `/ops/operator-money/limit-changes/${changeId}/approve`;
    const approve = (op: TestOperator) =>
      call(t.app, 'POST', approvePath, { token: op.token, payload: { reason: 'agreed' } });
    expectFailure(await approve(admin), 'MONEY_OWN_REQUEST', 403);
    expectFailure(await approve(financeB), 'OPERATOR_FORBIDDEN', 403);
    expect(valueOf<MoneyLimitsView>(await call(t.app, 'GET', path, { token: admin.token })).limits.playerDayMinor).toBe(
      '200000',
    );
    const applied = valueOf<MoneyLimitsView>(await approve(admin2));
    expect(applied).toEqual({
      limits: {
        perRequestMinor: '50000',
        playerDayMinor: '300000',
        operatorDayMinor: '500000',
        setupItemMinor: '100000',
        setupPeriodMinor: '1000000',
      },
      pending: [],
    });
    expectFailure(await approve(admin2), 'MONEY_LIMIT_CHANGE_ALREADY_DECIDED', 409);
    expectFailure(
      await call(t.app, 'POST', '/ops/operator-money/limit-changes/999999999/approve', {
        token: admin2.token,
        payload: { reason: 'agreed' },
      }),
      'MONEY_LIMIT_CHANGE_NOT_FOUND',
      404,
    );

    const entries = await auditOf(t.app, admin, 'subjectType=operator_setting&subjectId=operatorMoneyLimits');
    expect(entries.find((e) => e.action === 'operator_money.limits_lower')).toMatchObject({
      actorId: admin.operatorId,
      reason: 'new policy',
      before: { perRequestMinor: R1000 },
      after: { perRequestMinor: '50000' },
    });
    expect(entries.find((e) => e.action === 'operator_money.limits_raise_request')).toMatchObject({
      actorId: admin.operatorId,
      after: { changeId, status: 'pending', raises: { playerDayMinor: '300000' } },
    });
    expect(entries.find((e) => e.action === 'operator_money.limits_raise_approve')).toMatchObject({
      actorId: admin2.operatorId,
      reason: 'agreed',
      before: { playerDayMinor: '200000' },
      after: { playerDayMinor: '300000', requestedBy: admin.operatorId },
    });
  });
});

describePostgres('operator money policy: concurrent credits [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
  }, 180_000);
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  it("two concurrent credits that together pass the player's 24-hour total cannot both post", async () => {
    const ops = await Promise.all([1, 2, 3].map(() => createTestOperator(t.app, 'finance')));
    for (let round = 0; round < 4; round++) {
      const memberId = await newPlayer(t.app);
      // 1,000.00 posted first; the two together would take the player to 3,000.00 (the total is 2,000.00).
      expect(valueOf<Adjustment>(await credit(t.app, ops[0]!, memberId)).status).toBe('posted');
      const both = await Promise.all([credit(t.app, ops[1]!, memberId), credit(t.app, ops[2]!, memberId)]);
      const statuses = both.map((r) => valueOf<Adjustment>(r).status).sort();
      expect(statuses).toEqual(['pending', 'posted']);
      expect(await balanceOf(t.app, memberId)).toBe(200000n);
    }
  }, 180_000);
});
