import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { Activity, OpsApplication } from '@wps/shared/schemas/promo';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, newPlayer } from '../deposit/deposit.test-support';

// Approving a promotion application that pays money asks the operator money policy: within the
// thresholds the claimable grant is issued at once, as before; above them the application stays
// 'applying' with the asker and the thresholds passed, until an operator other than the asker,
// holding adjustments.approve, completes the approval (POST …/approve-payment).
describeEachDatabase('promotion applications and the operator money policy', (target) => {
  let t: TestApp;
  let marketing: TestOperator;
  let marketingB: TestOperator;
  let finance: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [marketing, marketingB, finance, admin] = await Promise.all([
      createTestOperator(t.app, 'marketing'),
      createTestOperator(t.app, 'marketing'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'admin'),
    ]);
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

  async function promotion(rewardKind: string, rewardAmount: string): Promise<string> {
    const item = valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing.token,
        payload: {
          kind: 'promotion',
          groupCode: 'deposit',
          sortOrder: 1,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: null,
          translations: {
            PT: { title: 'Promo PT', bodyHtml: '<p>Regras</p>' },
            EN: { title: 'Promo', bodyHtml: '<p>Rules</p>' },
          },
          reason: 'new campaign',
        },
      }),
    );
    valueOf(
      await call(t.app, 'PUT', `/ops/content/${item.id}/status`, {
        token: marketing.token,
        payload: { status: 'published', reason: 'go live' },
      }),
    );
    valueOf(
      await call(t.app, 'PUT', `/ops/promo/settings/${item.id}`, {
        token: marketing.token,
        payload: {
          mode: 'apply',
          period: 'once',
          startsAt: null,
          endsAt: null,
          rewardKind,
          rewardAmount,
          reason: 'set up activity',
        },
      }),
    );
    return item.id;
  }

  /** A player's application to the promotion, as the back office lists it. */
  async function application(promotionId: string) {
    const player = await newPlayer(t);
    const boundary = '----wpsapproval';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="promotionId"\r\n\r\n${promotionId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nDepositei ontem\r\n--${boundary}--\r\n`,
    );
    const applied = await t.app.inject({
      method: 'POST',
      url: '/wps/promo/apply',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: player.token },
      payload,
    });
    expect(valueOf<Activity>(applied).status).toBe('applying');
    const list = valueOf<{ list: OpsApplication[] }>(
      await call(t.app, 'GET', `/ops/promo/applications?promotionId=${promotionId}`, { token: marketing.token }),
    ).list;
    return { player, app: list.find((a) => a.memberId === player.memberId)! };
  }
  const approve = (op: TestOperator, id: string) =>
    call(t.app, 'POST', `/ops/promo/applications/${id}/approve`, {
      token: op.token,
      payload: { reason: 'deposit checked' },
    });
  const approvePayment = (op: TestOperator, id: string) =>
    call(t.app, 'POST', `/ops/promo/applications/${id}/approve-payment`, {
      token: op.token,
      payload: { reason: 'second look done' },
    });
  const claim = (token: string, promotionId: string) =>
    call(t.app, 'POST', '/wps/promo/claim', { token, payload: { promotionId } });

  it('approves at once within the thresholds, and a reward of points is no money', async () => {
    const cash = await promotion('cash', '10000');
    const small = await application(cash);
    expect(valueOf<OpsApplication>(await approve(marketing, small.app.id))).toMatchObject({
      status: 'approved',
      grantId: expect.any(String),
      approvalAskedBy: null,
    });
    const points = await promotion('points', '500000');
    const many = await application(points);
    expect(valueOf<OpsApplication>(await approve(marketing, many.app.id)).status).toBe('approved');
  });

  it('waits above the thresholds for another operator; the asker cannot complete it; the audit names both', async () => {
    const promotionId = await promotion('cash', '15000');
    const { player, app } = await application(promotionId);
    const asked = valueOf<OpsApplication>(await approve(marketing, app.id));
    expect(asked).toMatchObject({
      status: 'applying',
      grantId: null,
      approvalAskedBy: marketing.operatorId,
      approvalWaitReasons: ['per_request'],
    });
    expectFailure(await claim(player.token, promotionId), 'PROMO_NOTHING_TO_CLAIM', 409);
    // Approving again (another marketing operator too) does not pay: it already waits for the second look.
    expectFailure(await approve(marketingB, app.id), 'PROMO_APPLICATION_WAITING', 409);
    expectFailure(await approvePayment(marketingB, app.id), 'OPERATOR_FORBIDDEN', 403);

    const before = await balanceMinor(t, player.token);
    const done = valueOf<OpsApplication>(await approvePayment(finance, app.id));
    expect(done).toMatchObject({
      status: 'approved',
      grantId: expect.any(String),
      approvalAskedBy: marketing.operatorId,
      approvedBy: finance.operatorId,
    });
    expectFailure(await approvePayment(admin, app.id), 'PROMO_APPLICATION_DECIDED', 409);
    valueOf(await claim(player.token, promotionId));
    expect(await balanceMinor(t, player.token)).toBe(before + 15_000n);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_type', '=', 'promo_application')
      .where('subject_id', '=', app.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['promo.application.approve_request', marketing.operatorId],
      ['promo.application.approve', finance.operatorId],
    ]);
    expect(audit[1]!.after).toMatchObject({ askedBy: marketing.operatorId, approvedBy: finance.operatorId });
  });

  it('an admin who asked cannot complete their own approval; a rejection still closes a waiting one', async () => {
    const promotionId = await promotion('bonus', '20000');
    const first = await application(promotionId);
    expect(valueOf<OpsApplication>(await approve(admin, first.app.id)).approvalAskedBy).toBe(admin.operatorId);
    expectFailure(await approvePayment(admin, first.app.id), 'MONEY_OWN_REQUEST', 403);
    const second = await application(promotionId);
    expectFailure(await approvePayment(finance, second.app.id), 'PROMO_APPLICATION_NOT_WAITING', 409);
    valueOf(await approve(marketing, second.app.id));
    const rejected = valueOf<OpsApplication>(
      await call(t.app, 'POST', `/ops/promo/applications/${second.app.id}/reject`, {
        token: marketing.token,
        payload: { reason: 'not eligible after all' },
      }),
    );
    expect(rejected.status).toBe('rejected');
    expectFailure(await approvePayment(finance, second.app.id), 'PROMO_APPLICATION_DECIDED', 409);
  });
});
