import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type {
  MallItem,
  OpsMallItem,
  OpsPointsSettings,
  OpsRedemption,
  PointConfig,
  RedeemResult,
} from '@wps/shared/schemas/points';
import { call, callEncrypted, expectFailure, updateOperatorSetting, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { waitingIn } from '../reporting/queue-counts.test-support';
import { PAYMENT_PASSWORD, createPayer, type Payer } from '../withdrawal/withdrawal.test-support';

// The points programme as the back office runs it: the earn rates and the conversion the operator
// saves are what players are told (audited with the values before); a mall item is changed in
// place, or refused when it does not exist; the redemption queue names the player.

const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;

describeEachDatabase('points programme in the back office', (target) => {
  let t: TestApp;
  let marketing: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: true }));
    marketing = (await createTestOperator(t.app, 'marketing')).token;
    support = (await createTestOperator(t.app, 'support')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const relay = (token: string, name: string, payload?: unknown) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { token, payload });
  const givePoints = (p: Payer, points: bigint) =>
    t.database.db.transaction().execute((trx) =>
      t.app.services.loyalty.points.payGrant(trx, {
        grantId: `g${key()}`,
        memberId: p.memberId,
        kind: 'points',
        amount: points,
        currency: 'BRL',
        source: 'operator',
        sourceRef: 'test',
        idempotencyKey: key(),
        params: {},
      }),
    );
  const createItem = async (body: Record<string, unknown> = {}) =>
    valueOf<OpsMallItem>(
      await call(t.app, 'PUT', '/ops/points/items', {
        token: marketing,
        payload: { namePt: 'Caneca', nameEn: 'Mug', kind: 'physical', points: '50', stock: 5, ...body },
      }),
    );

  it('saves the earn rates and the conversion the players are then shown, audited with the values before', async () => {
    const before = valueOf<OpsPointsSettings>(await call(t.app, 'GET', '/ops/points/settings', { token: support }));
    const body: OpsPointsSettings = {
      earnRates: before.earnRates.map((r) => (r.category === 'RNG' ? { ...r, rate: 2.5 } : r)),
      conversionPoints: 200,
      conversionAmount: '3.50',
      minConversion: 400,
    };
    expectFailure(
      await call(t.app, 'PUT', '/ops/points/settings', { token: support, payload: body }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    const saved = valueOf<OpsPointsSettings>(
      await call(t.app, 'PUT', '/ops/points/settings', { token: marketing, payload: body }),
    );
    expect(saved).toEqual(body);
    expect(valueOf<OpsPointsSettings>(await call(t.app, 'GET', '/ops/points/settings', { token: support }))).toEqual(
      body,
    );

    const p = await createPayer(t.app);
    const config = valueOf<PointConfig>(await relay(p.token, 'MCS2_getPointConfig'));
    expect(config).toMatchObject({ conversionPoints: 200, conversionAmount: '3.50', minConversion: 400 });
    expect(config.earnRates.find((r) => r.category === 'RNG')?.rate).toBe(2.5);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'points.settings.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ conversionPoints: before.conversionPoints });
    expect(audit[0]!.after).toMatchObject({ conversionPoints: 200, conversionAmount: '3.50' });
  });

  it('changes a mall item in place, archiving takes it off the player’s list, and an unknown item is refused', async () => {
    const mug = await createItem();
    const p = await createPayer(t.app);
    const shown = async () =>
      valueOf<{ list: MallItem[] }>(await relay(p.token, 'MCS2_getPointReward')).list.find((i) => i.id === mug.id);
    expect(await shown()).toMatchObject({ namePt: 'Caneca', points: '50' });

    const updated = valueOf<OpsMallItem>(
      await call(t.app, 'PUT', `/ops/points/items/${mug.id}`, {
        token: marketing,
        payload: { namePt: 'Caneca grande', nameEn: 'Big mug', kind: 'physical', points: '80', stock: 2 },
      }),
    );
    expect(updated).toMatchObject({ id: mug.id, namePt: 'Caneca grande', points: '80', stock: 2, status: 'active' });
    expect(await shown()).toMatchObject({ namePt: 'Caneca grande', points: '80', stock: 2 });

    valueOf(
      await call(t.app, 'PUT', `/ops/points/items/${mug.id}`, {
        token: marketing,
        payload: {
          namePt: 'Caneca grande',
          nameEn: 'Big mug',
          kind: 'physical',
          points: '80',
          stock: 2,
          status: 'archived',
        },
      }),
    );
    expect(await shown()).toBeUndefined();
    const opsList = valueOf<{ list: OpsMallItem[] }>(await call(t.app, 'GET', '/ops/points/items', { token: support }));
    expect(opsList.list.find((i) => i.id === mug.id)?.status).toBe('archived');

    const missing = expectFailure(
      await call(t.app, 'PUT', '/ops/points/items/999999999', {
        token: marketing,
        payload: { namePt: 'Nada', nameEn: 'None', kind: 'physical', points: '1', stock: 1 },
      }),
      ErrorCode.MALL_ITEM_NOT_FOUND,
      404,
    );
    expect(missing.value).toEqual({ itemId: '999999999' });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_type', '=', 'points_mall_item')
      .where('subject_id', '=', mug.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['points.item.create', 'points.item.update', 'points.item.update']);
    expect(audit[1]!.before).toMatchObject({ namePt: 'Caneca', points: '50' });
    expect(audit[1]!.after).toMatchObject({ namePt: 'Caneca grande', points: '80' });
  });

  it('lists the redemptions waiting for a decision with the player’s account', async () => {
    const p = await createPayer(t.app);
    await givePoints(p, 100n);
    const item = await createItem({ namePt: 'Boné', nameEn: 'Cap', points: '40' });
    const redeemed = valueOf<RedeemResult>(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/relay/passwordCheck/MCS2_redeemPointReward',
        { itemId: item.id, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: key() },
        { token: p.token },
      ),
    );
    const page = valueOf<OpsPage<OpsRedemption>>(
      await call(t.app, 'GET', '/ops/points/redemptions?status=in_process', { token: support }),
    );
    const row = page.list.find((r) => r.id === redeemed.redemption.id);
    expect(row).toMatchObject({
      memberId: p.memberId,
      account: p.username,
      status: 'in_process',
      points: '40',
      resolvedBy: null,
    });
    expect(page.list.every((r) => r.status === 'in_process')).toBe(true);
    // The sidebar's badge counts the same queue.
    expect(await waitingIn(t, support, 'redemptions')).toBe(page.total);
    const decided = valueOf<OpsPage<OpsRedemption>>(
      await call(t.app, 'GET', '/ops/points/redemptions?status=approved', { token: support }),
    );
    expect(decided.list.map((r) => r.id)).not.toContain(redeemed.redemption.id);
  });
});
