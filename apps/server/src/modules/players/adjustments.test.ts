import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Adjustment } from '@wps/shared/schemas/player-actions';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../../test/test-app';
import { balanceOf, createPayer, type Payer } from '../withdrawal/withdrawal.test-support';

const key = () => `adj-${crypto.randomUUID()}`;

function adjustmentBody(over: Record<string, unknown> = {}) {
  return {
    direction: 'credit',
    kind: 'goodwill',
    amountMinor: '500',
    reason: 'late payout goodwill',
    idempotencyKey: key(),
    ...over,
  };
}

describeEachDatabase('manual adjustments with four eyes', (target) => {
  let t: TestApp;
  let financeA: TestOperator;
  let financeB: TestOperator;
  let admin: TestOperator;
  let player: Payer;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [financeA, financeB, admin] = await Promise.all([
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'admin'),
    ]);
    player = await createPayer(t.app, 1000n);
    // The operator money policy's amount of one request, lowered (at once) from its default.
    valueOf(
      await call(t.app, 'PUT', '/ops/operator-money/limits', {
        token: admin.token,
        payload: {
          perRequestMinor: '10000',
          playerDayMinor: '200000',
          operatorDayMinor: '500000',
          setupItemMinor: '100000',
          setupPeriodMinor: '1000000',
          reason: 'four eyes above R$ 100',
        },
      }),
    );
  }, 180_000);

  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const request = (op: TestOperator, body: Record<string, unknown>, memberId = player.memberId) =>
    call(t.app, 'POST', `/ops/players/${memberId}/adjustments`, { token: op.token, payload: body });

  it('posts at once up to the threshold, through the ledger, and a repeated request answers the first', async () => {
    const before = await balanceOf(t.app, player.memberId);
    const body = adjustmentBody({ amountMinor: '10000' });
    const first = valueOf<Adjustment>(await request(financeA, body));
    expect(first).toMatchObject({
      status: 'posted',
      direction: 'credit',
      kind: 'goodwill',
      amountMinor: '10000',
      decidedBy: null,
    });
    expect(first.balanceAfterMinor).toBe(String(before + 10000n));
    const again = valueOf<Adjustment>(await request(financeA, body));
    expect(again.id).toBe(first.id);
    expect(await balanceOf(t.app, player.memberId)).toBe(before + 10000n);
    expectFailure(await request(financeA, { ...body, amountMinor: '10001' }), 'IDEMPOTENCY_CONFLICT', 409);

    const tx = await t.database.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'metadata'])
      .where('id', '=', first.ledgerTransactionId!)
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('adjustment');
    expect(tx.metadata).toMatchObject({
      adjustmentKind: 'goodwill',
      direction: 'credit',
      requestedBy: financeA.operatorId,
    });
  });

  it('waits above the threshold until another operator approves; the requester cannot', async () => {
    const before = await balanceOf(t.app, player.memberId);
    const pending = valueOf<Adjustment>(
      await request(financeA, adjustmentBody({ amountMinor: '25000', kind: 'bonus' })),
    );
    expect(pending.status).toBe('pending');
    expect(await balanceOf(t.app, player.memberId)).toBe(before);

    const queue = valueOf<{ list: Adjustment[] }>(
      await call(t.app, 'GET', '/ops/adjustments?status=pending', { token: financeB.token }),
    );
    expect(queue.list.map((a) => a.id)).toContain(pending.id);
    expect(queue.list.find((a) => a.id === pending.id)).toMatchObject({
      requestedByName: financeA.username,
      account: player.username,
    });

    expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: financeA.token,
        payload: { reason: 'checked it' },
      }),
      'ADJUSTMENT_OWN_REQUEST',
      403,
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/reject`, {
        token: financeA.token,
        payload: { reason: 'my own' },
      }),
      'ADJUSTMENT_OWN_REQUEST',
      403,
    );

    const approved = valueOf<Adjustment>(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: financeB.token,
        payload: { reason: 'checked the ticket' },
      }),
    );
    expect(approved).toMatchObject({
      status: 'posted',
      decidedBy: financeB.operatorId,
      decidedByName: financeB.username,
      balanceAfterMinor: String(before + 25000n),
    });
    expect(await balanceOf(t.app, player.memberId)).toBe(before + 25000n);

    const twice = expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: admin.token,
        payload: { reason: 'checked it' },
      }),
      'ADJUSTMENT_ALREADY_DECIDED',
      409,
    );
    expect(twice.value).toEqual({ status: 'posted' });

    const audit = valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', `/ops/players/${player.memberId}/audit?pageSize=50`, { token: financeB.token }),
    );
    const approval = audit.list.find((e) => e.action === 'adjustment.approve');
    expect(approval).toMatchObject({
      actorId: financeB.operatorId,
      reason: 'checked the ticket',
      before: { status: 'pending' },
      after: { status: 'posted', amountMinor: '25000' },
    });
    expect(
      audit.list.find(
        (e) => e.action === 'adjustment.request' && (e.after as { adjustmentId: string }).adjustmentId === pending.id,
      ),
    ).toMatchObject({ actorId: financeA.operatorId, reason: 'late payout goodwill' });

    // The player's own account record shows the credit.
    const record = valueOf<{ list: { type: string; amountMinor: string }[] }>(
      await call(t.app, 'GET', '/wps/member/transactions?type=adjustment', { token: player.token }),
    );
    expect(record.list.map((e) => e.amountMinor)).toEqual(expect.arrayContaining(['25000', '10000']));
  });

  it('a rejected adjustment moves nothing; an unknown one is 404', async () => {
    const before = await balanceOf(t.app, player.memberId);
    const pending = valueOf<Adjustment>(await request(financeA, adjustmentBody({ amountMinor: '20000' })));
    const rejected = valueOf<Adjustment>(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/reject`, {
        token: financeB.token,
        payload: { reason: 'no ticket found' },
      }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      decisionReason: 'no ticket found',
      ledgerTransactionId: null,
    });
    expect(await balanceOf(t.app, player.memberId)).toBe(before);
    expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: admin.token,
        payload: { reason: 'checked it' },
      }),
      'ADJUSTMENT_ALREADY_DECIDED',
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/adjustments/999999999/approve', {
        token: admin.token,
        payload: { reason: 'checked it' },
      }),
      'ADJUSTMENT_NOT_FOUND',
      404,
    );
  });

  it('a debit never takes the wallet below zero, at request or at approval', async () => {
    const other = await createPayer(t.app, 3000n);
    expectFailure(
      await request(
        financeA,
        adjustmentBody({ direction: 'debit', kind: 'chargeback', amountMinor: '3001' }),
        other.memberId,
      ),
      'INSUFFICIENT_FUNDS',
      409,
    );
    const posted = valueOf<Adjustment>(
      await request(
        financeA,
        adjustmentBody({ direction: 'debit', kind: 'chargeback', amountMinor: '1000' }),
        other.memberId,
      ),
    );
    expect(posted.balanceAfterMinor).toBe('2000');

    // Above the threshold: requested while covered, then the money left before the approval.
    const big = await createPayer(t.app, 15000n);
    const pending = valueOf<Adjustment>(
      await request(
        financeA,
        adjustmentBody({ direction: 'debit', kind: 'correction', amountMinor: '12000' }),
        big.memberId,
      ),
    );
    valueOf(
      await request(
        financeA,
        adjustmentBody({ direction: 'debit', kind: 'correction', amountMinor: '5000' }),
        big.memberId,
      ),
    );
    const refused = expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: financeB.token,
        payload: { reason: 'checked it' },
      }),
      'INSUFFICIENT_FUNDS',
      409,
    );
    expect(refused.value).toMatchObject({ balance: '10000' });
    const still = valueOf<{ list: Adjustment[] }>(
      await call(t.app, 'GET', `/ops/adjustments?memberId=${big.memberId}&status=pending`, { token: financeB.token }),
    );
    expect(still.list.map((a) => a.id)).toEqual([pending.id]);
    expect(await balanceOf(t.app, big.memberId)).toBe(10000n);
  });

  it("the threshold is the operator money policy's amount of one request, changed on the settings screen only", async () => {
    const settings = valueOf<{ approvalThresholdMinor: string }>(
      await call(t.app, 'GET', '/ops/adjustment-settings', { token: financeA.token }),
    );
    expect(settings.approvalThresholdMinor).toBe('10000');
    // The old PUT, with which one admin could raise it alone, is gone.
    const put = await call(t.app, 'PUT', '/ops/adjustment-settings', {
      token: admin.token,
      payload: { approvalThresholdMinor: '99999999', reason: 'raise it' },
    });
    expect(put.statusCode).toBe(404);
    const audit = valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', '/ops/audit?action=operator_money.limits_lower', { token: admin.token }),
    );
    expect(audit.list[0]).toMatchObject({
      actorId: admin.operatorId,
      reason: 'four eyes above R$ 100',
      after: { perRequestMinor: '10000' },
    });
  });

  it('support may not request and cannot approve adjustments', async () => {
    const support = await createTestOperator(t.app, 'support');
    expectFailure(await request(support, adjustmentBody()), 'OPERATOR_FORBIDDEN', 403);
    const pending = valueOf<Adjustment>(await request(financeA, adjustmentBody({ amountMinor: '50000' })));
    expectFailure(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
        token: support.token,
        payload: { reason: 'checked it' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    valueOf(
      await call(t.app, 'POST', `/ops/adjustments/${pending.id}/reject`, {
        token: admin.token,
        payload: { reason: 'cleanup' },
      }),
    );
  });
});

describePostgres('manual adjustments: concurrent approvals [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
  }, 180_000);
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  it('of parallel approvals by several operators, one posts once and the others are refused', async () => {
    const requester = await createTestOperator(t.app, 'finance');
    const approvers = await Promise.all(Array.from({ length: 6 }, () => createTestOperator(t.app, 'admin')));
    const player = await createPayer(t.app, 0n);
    for (let round = 0; round < 3; round++) {
      const before = await balanceOf(t.app, player.memberId);
      const pending = valueOf<Adjustment>(
        await call(t.app, 'POST', `/ops/players/${player.memberId}/adjustments`, {
          token: requester.token,
          payload: adjustmentBody({ amountMinor: '500000' }),
        }),
      );
      const answers = await Promise.all(
        approvers.flatMap((op) =>
          [1, 2].map(() =>
            call(t.app, 'POST', `/ops/adjustments/${pending.id}/approve`, {
              token: op.token,
              payload: { reason: 'checked it' },
            }),
          ),
        ),
      );
      const codes = answers.map((r) => (r.json() as { errorCode?: string }).errorCode ?? 'OK');
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c !== 'OK').every((c) => c === 'ADJUSTMENT_ALREADY_DECIDED')).toBe(true);
      expect(await balanceOf(t.app, player.memberId)).toBe(before + 500000n);
      const posts = await t.database.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_key', '=', `adjustment:${pending.id}`)
        .execute();
      expect(posts).toHaveLength(1);
    }
  }, 180_000);
});
