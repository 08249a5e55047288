import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BonusGrantRequest, OpsGrantBonusAnswer } from '@wps/shared/schemas/bonus';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { bonusBalance } from './bonus.test-support';

// A bonus an operator gives goes through the operator money policy: within the thresholds it is
// paid at once as before; above them it waits, shown in the bonus screen's list, until an operator
// other than the asker, holding adjustments.approve, approves (paid then) or rejects it.
describeEachDatabase('bonus grants and the operator money policy', (target) => {
  let t: TestApp;
  let marketing: TestOperator;
  let finance: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [marketing, finance, admin] = await Promise.all([
      createTestOperator(t.app, 'marketing'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'admin'),
    ]);
    // The amount of one request: R$ 100,00 (lowered at once); the 24-hour totals stay wide.
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

  const player = async () => {
    const user = await registerUser(t.app);
    const member = await t.app.services.session.resolve(user.result.token);
    return { username: user.username, memberId: member!.memberId };
  };
  const grant = (op: TestOperator, username: string, amount: string, key = `k-${crypto.randomUUID()}`) =>
    call(t.app, 'POST', '/ops/bonuses', {
      token: op.token,
      payload: { username, amount, wageringMultiple: 5, reason: 'goodwill bonus', idempotencyKey: key },
    });
  const decide = (op: TestOperator, id: string, action: 'approve' | 'reject', reason = 'checked the case') =>
    call(t.app, 'POST', `/ops/bonuses/requests/${id}/${action}`, { token: op.token, payload: { reason } });
  const waiting = async (op: TestOperator) =>
    valueOf<{ list: BonusGrantRequest[] }>(
      await call(t.app, 'GET', '/ops/bonuses/requests?status=waiting', { token: op.token }),
    ).list;

  it('pays a bonus within the thresholds at once, as before', async () => {
    const p = await player();
    const answer = valueOf<OpsGrantBonusAnswer>(await grant(marketing, p.username, '100.00'));
    expect(answer).toMatchObject({ status: 'granted', created: true, waitReasons: [] });
    expect(answer.grantId).toEqual(expect.any(String));
    expect(await bonusBalance(t.app, p.memberId)).toBe(10_000n);
  });

  it('keeps a bonus above the thresholds waiting until another operator approves it; the audit names both', async () => {
    const p = await player();
    const key = `k-${crypto.randomUUID()}`;
    const asked = valueOf<OpsGrantBonusAnswer>(await grant(marketing, p.username, '150.00', key));
    expect(asked).toMatchObject({ status: 'waiting', grantId: null, created: true, waitReasons: ['per_request'] });
    expect(await bonusBalance(t.app, p.memberId)).toBe(0n);
    // The same request again answers the same waiting request and pays nothing.
    const again = valueOf<OpsGrantBonusAnswer>(await grant(marketing, p.username, '150.00', key));
    expect(again).toMatchObject({ status: 'waiting', requestId: asked.requestId, created: false });

    const listed = (await waiting(finance)).find((r) => r.id === asked.requestId);
    expect(listed).toMatchObject({
      memberId: p.memberId,
      username: p.username,
      amountMinor: '15000',
      status: 'waiting',
      requestedBy: marketing.operatorId,
      waitReasons: ['per_request'],
    });

    // The asker cannot approve (marketing does not hold adjustments.approve), nor can support.
    expectFailure(await decide(marketing, asked.requestId, 'approve'), 'OPERATOR_FORBIDDEN', 403);
    const approved = valueOf<BonusGrantRequest>(await decide(finance, asked.requestId, 'approve'));
    expect(approved).toMatchObject({ status: 'granted', decidedBy: finance.operatorId });
    expect(approved.grantId).toEqual(expect.any(String));
    expect(await bonusBalance(t.app, p.memberId)).toBe(15_000n);
    expectFailure(await decide(admin, asked.requestId, 'approve'), 'BONUS_REQUEST_DECIDED', 409);
    expect(await bonusBalance(t.app, p.memberId)).toBe(15_000n);
    expect((await waiting(finance)).map((r) => r.id)).not.toContain(asked.requestId);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_id', '=', p.memberId)
      .where('action', 'like', 'bonus.grant%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['bonus.grant_request', marketing.operatorId],
      ['bonus.grant_approve', finance.operatorId],
    ]);
    expect(audit[1]!.after).toMatchObject({ askedBy: marketing.operatorId, approvedBy: finance.operatorId });
  });

  it('never lets the asker approve their own, and a rejected request pays nothing', async () => {
    const p = await player();
    const asked = valueOf<OpsGrantBonusAnswer>(await grant(admin, p.username, '200.00'));
    expect(asked.status).toBe('waiting');
    expectFailure(await decide(admin, asked.requestId, 'approve'), 'MONEY_OWN_REQUEST', 403);
    expectFailure(await decide(admin, asked.requestId, 'reject'), 'MONEY_OWN_REQUEST', 403);
    const rejected = valueOf<BonusGrantRequest>(await decide(finance, asked.requestId, 'reject', 'no reason to pay'));
    expect(rejected).toMatchObject({ status: 'rejected', grantId: null, decisionReason: 'no reason to pay' });
    expectFailure(await decide(finance, asked.requestId, 'approve'), 'BONUS_REQUEST_DECIDED', 409);
    expectFailure(await decide(finance, '999999999', 'approve'), 'BONUS_REQUEST_NOT_FOUND', 404);
    expect(await bonusBalance(t.app, p.memberId)).toBe(0n);
  });
});
