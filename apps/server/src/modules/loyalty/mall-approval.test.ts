import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { MallItem, OpsMallItem } from '@wps/shared/schemas/points';
import { call, callEncrypted, expectFailure, updateOperatorSetting, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { waitingIn } from '../reporting/queue-counts.test-support';
import { PAYMENT_PASSWORD, createPayer } from '../withdrawal/withdrawal.test-support';

// A points mall item with a cash value pays it from the promotion budget at every redemption, with
// no operator looking: one operator's word put any amount on offer. An item whose cash value passes
// the set-up ceiling of one item, or whose stock's cash value passes the ceiling of one period,
// waits for an operator other than the one who asked, holding adjustments.approve.
describeEachDatabase('points mall items above a set-up ceiling', (target) => {
  let t: TestApp;
  let marketing: { token: string; operatorId: string };
  let finance: { token: string; operatorId: string };
  let admin: { token: string; operatorId: string };
  let player: { token: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: true }));
    marketing = await createTestOperator(t.app, 'marketing');
    finance = await createTestOperator(t.app, 'finance');
    admin = await createTestOperator(t.app, 'admin');
    player = await createPayer(t.app, 0n);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const item = (over: Record<string, unknown>) => ({
    namePt: 'Dinheiro',
    nameEn: 'Cash',
    kind: 'cash',
    points: '100',
    cashAmount: '5.00',
    stock: 1,
    ...over,
  });
  const create = async (over: Record<string, unknown>, token = marketing.token) =>
    valueOf<OpsMallItem>(await call(t.app, 'PUT', '/ops/points/items', { token, payload: item(over) }));
  const update = async (id: string, over: Record<string, unknown>) =>
    valueOf<OpsMallItem>(
      await call(t.app, 'PUT', `/ops/points/items/${id}`, { token: marketing.token, payload: item(over) }),
    );
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/points/items/${id}/${decision}`, { token, payload: { reason: `${decision} it` } });
  const mallIds = async () =>
    valueOf<{ list: MallItem[] }>(
      await call(t.app, 'POST', '/wps/relay/MCS2_getPointReward', { token: player.token }),
    ).list.map((i) => i.id);
  const awaiting = async (token = finance.token) =>
    valueOf<{ list: OpsMallItem[] }>(await call(t.app, 'GET', '/ops/points/items/awaiting', { token })).list.map(
      (i) => i.id,
    );

  it('a cash item of 50,000.00 waits: not in the mall, not redeemable, and marketing cannot offer it', async () => {
    const waitingBefore = await waitingIn(t, finance.token, 'setupApprovals');
    const big = await create({ cashAmount: '50000.00' });
    // The sidebar's badge on the approvals queue counts it.
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waitingBefore + 1);
    expect(big).toMatchObject({
      status: 'awaiting_approval',
      ceilingReasons: ['setup_item', 'setup_period'],
      askedBy: marketing.operatorId,
      approvedBy: null,
    });
    expect(await mallIds()).not.toContain(big.id);
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/relay/passwordCheck/MCS2_redeemPointReward',
        { itemId: big.id, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: `k-${crypto.randomUUID()}` },
        { token: player.token },
      ),
      ErrorCode.MALL_ITEM_NOT_FOUND,
      404,
    );
    expectFailure(await decide(marketing.token, big.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);
    expect(await awaiting()).toContain(big.id);
    expectFailure(
      await call(t.app, 'GET', '/ops/points/items/awaiting', { token: marketing.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  it('a finance operator offers it once; the asker cannot; the audit names both; a physical item never waits', async () => {
    const bonus = await create({ kind: 'bonus', cashAmount: '1500.00' }, admin.token);
    expect(bonus).toMatchObject({ status: 'awaiting_approval', ceilingReasons: ['setup_item'] });
    expectFailure(await decide(admin.token, bonus.id, 'approve'), ErrorCode.MONEY_OWN_REQUEST, 403);
    const waiting = await waitingIn(t, finance.token, 'setupApprovals');
    const live = valueOf<OpsMallItem>(await decide(finance.token, bonus.id, 'approve'));
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waiting - 1);
    expect(live).toMatchObject({ status: 'active', approvedBy: finance.operatorId, askedBy: admin.operatorId });
    expect(await mallIds()).toContain(bonus.id);
    expectFailure(await decide(finance.token, bonus.id, 'reject'), ErrorCode.MALL_ITEM_NOT_AWAITING, 409);
    // A change that pays no more keeps it on offer.
    expect((await update(bonus.id, { kind: 'bonus', cashAmount: '1500.00', nameEn: 'Renamed' })).status).toBe('active');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'points_mall_item')
      .where('subject_id', '=', bonus.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['points.item.create', admin.operatorId],
      ['points.item.approve', finance.operatorId],
      ['points.item.update', marketing.operatorId],
    ]);
    const mug = await create({ kind: 'physical', cashAmount: undefined, stock: 1_000_000 });
    expect(mug.status).toBe('active');
  });

  it("the period ceiling is the stock's cash value: a restock past it waits, and a rejection archives it", async () => {
    // 100 × 100.00 = 10,000.00: at the ceiling.
    const cash = await create({ cashAmount: '100.00', stock: 100 });
    expect(cash.status).toBe('active');
    const restocked = await update(cash.id, { cashAmount: '100.00', stock: 101 });
    expect(restocked).toMatchObject({ status: 'awaiting_approval', ceilingReasons: ['setup_period'] });
    expect(await mallIds()).not.toContain(cash.id);
    expect(valueOf<OpsMallItem>(await decide(finance.token, cash.id, 'reject')).status).toBe('archived');
    expect(await mallIds()).not.toContain(cash.id);
    // Unlimited stock has no total the operator sets: the item ceiling alone (the players' points bound it).
    expect((await create({ cashAmount: '1000.00', stock: null })).status).toBe('active');
  });
});
