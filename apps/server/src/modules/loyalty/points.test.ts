import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type {
  ConvertPointResult,
  MallItem,
  OpsMallItem,
  OpsRedemption,
  PointConfig,
  PointsMovementList,
  RedeemList,
  RedeemResult,
} from '@wps/shared/schemas/points';
import { call, callEncrypted, expectFailure, updateOperatorSetting, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { PAYMENT_PASSWORD, balanceOf, createPayer, pngBytes, type Payer } from '../withdrawal/withdrawal.test-support';
import { setLicence } from '../licence/licence-fixtures';

const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;

describeEachDatabase('points and the points mall', (target) => {
  let t: TestApp;
  let ops: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: true }));
    ops = (await createTestOperator(t.app, 'marketing')).token;
    support = (await createTestOperator(t.app, 'support')).token;
    // A consumer starts at the stream's end: place it before anything is played.
    await t.app.services.rewardEvents.drain();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const relay = (token: string, name: string, payload?: unknown) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { token, payload });
  const pointsOf = async (p: Payer) => valueOf<{ points: string }>(await relay(p.token, 'MCS2_getPointBalance')).points;

  /** `amount` points granted to the player by an operator, through the points reward sink. */
  const givePoints = (p: Payer, amount: bigint) =>
    t.database.db.transaction().execute((trx) =>
      t.app.services.loyalty.points.payGrant(trx, {
        grantId: `g${key()}`,
        memberId: p.memberId,
        kind: 'points',
        amount,
        currency: 'BRL',
        source: 'operator',
        sourceRef: 'test',
        idempotencyKey: 'x',
        params: {},
      }),
    );

  /** One slot spin of `stakeMinor` in the in-house game (category RNG), settled at once. */
  async function spin(p: Payer, stakeMinor: string): Promise<void> {
    const launched = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: p.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse' },
      }),
    );
    const launch = new URLSearchParams(launched.game_url.split('?')[1]).get('launch')!;
    const s = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
    valueOf(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { sessionToken: s.sessionToken, playerId: s.playerId, stakeMinor, idempotencyKey: key() },
      }),
    );
  }

  async function createItem(body: Record<string, unknown>): Promise<OpsMallItem> {
    return valueOf<OpsMallItem>(
      await call(t.app, 'PUT', '/ops/points/items', {
        token: ops,
        payload: { namePt: 'Caneca', nameEn: 'Mug', kind: 'physical', points: '50', stock: 5, ...body },
      }),
    );
  }

  const redeem = (p: Payer, itemId: string, extra: Record<string, unknown> = {}) =>
    callEncrypted(
      t.app,
      'POST',
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      { itemId, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: key(), ...extra },
      { token: p.token },
    );

  it('earns points per settled turnover at the category rate, carrying fractions between rounds', async () => {
    const p = await createPayer(t.app, 100_000n);
    const config = valueOf<PointConfig>(await relay(p.token, 'MCS2_getPointConfig'));
    expect(config.earnRates.find((r) => r.category === 'RNG')?.rate).toBe(1);
    expect(config.vipMultiplierPct).toBe(100);
    // RNG earns 1 point per whole unit (100 minor): 2.50 + 2.50 of turnover is 5 points, not 4.
    await spin(p, '250');
    await t.app.services.rewardEvents.drain();
    expect(await pointsOf(p)).toBe('2');
    await spin(p, '250');
    await t.app.services.rewardEvents.drain();
    expect(await pointsOf(p)).toBe('5');
    // Applied once: draining again changes nothing.
    await t.app.services.rewardEvents.drain();
    expect(await pointsOf(p)).toBe('5');
    const moves = valueOf<PointsMovementList>(await relay(p.token, 'ODSFE2_MemTransDet', { page: 1, pageSize: 10 }));
    expect(moves.list.map((m) => [m.kind, m.points, m.balanceAfter])).toEqual([
      ['earn', '3', '5'],
      ['earn', '2', '2'],
    ]);
  });

  it('redeems with the payment password; the operator approves or rejects (points back once); cash items pay at once', async () => {
    const p = await createPayer(t.app, 0n);
    await givePoints(p, 300n);
    expect(await pointsOf(p)).toBe('300');
    const mug = await createItem({ stock: 1 });
    const list = valueOf<{ list: MallItem[] }>(await relay(p.token, 'MCS2_getPointReward'));
    expect(list.list.find((i) => i.id === mug.id)).toMatchObject({
      namePt: 'Caneca',
      kind: 'physical',
      points: '50',
      stock: 1,
    });

    expectFailure(await redeem(p, mug.id, { paymentPassword: '000000' }), ErrorCode.PAYMENT_PASSWORD_INVALID, 400);
    const idempotencyKey = key();
    const first = valueOf<RedeemResult>(await redeem(p, mug.id, { idempotencyKey }));
    expect(first).toMatchObject({
      points: '250',
      redemption: { status: 'in_process', points: '50', namePt: 'Caneca' },
    });
    // A retry is the same redemption; the stock is gone for a new one.
    expect(valueOf<RedeemResult>(await redeem(p, mug.id, { idempotencyKey })).redemption.id).toBe(first.redemption.id);
    expectFailure(await redeem(p, mug.id), ErrorCode.MALL_ITEM_OUT_OF_STOCK, 409);
    expect(await pointsOf(p)).toBe('250');

    // Reject: reason required, points back in one movement, stock back; a second decision refused.
    const path = `/ops/points/redemptions/${first.redemption.id}/decision`;
    expectFailure(
      await call(t.app, 'POST', path, { token: ops, payload: { decision: 'reject', reason: 'Sem estoque' } }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    const rejected = valueOf<OpsRedemption>(
      await call(t.app, 'POST', path, { token: support, payload: { decision: 'reject', reason: 'Sem estoque' } }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Sem estoque' });
    expectFailure(
      await call(t.app, 'POST', path, { token: support, payload: { decision: 'approve', reason: 'again' } }),
      ErrorCode.REDEMPTION_ALREADY_DECIDED,
      409,
    );
    expect(await pointsOf(p)).toBe('300');

    const second = valueOf<RedeemResult>(await redeem(p, mug.id));
    const approved = valueOf<OpsRedemption>(
      await call(t.app, 'POST', `/ops/points/redemptions/${second.redemption.id}/decision`, {
        token: support,
        payload: { decision: 'approve', reason: 'Enviado pelo correio' },
      }),
    );
    expect(approved.status).toBe('approved');
    const history = valueOf<RedeemList>(await relay(p.token, 'MCS2_getRedeemPointList', { page: 1, pageSize: 10 }));
    expect(history.list.map((r) => r.status)).toEqual(['approved', 'rejected']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('subject_type', '=', 'points_redemption')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['points.redemption.reject', 'points.redemption.approve']);

    const cash = await createItem({
      namePt: 'Dinheiro',
      nameEn: 'Cash',
      kind: 'cash',
      points: '100',
      cashAmount: '5.00',
      stock: null,
    });
    const paid = valueOf<RedeemResult>(await redeem(p, cash.id));
    expect(paid).toMatchObject({ points: '150', redemption: { status: 'approved' } });
    expect(await balanceOf(t.app, p.memberId)).toBe(500n);
    expect(valueOf<RedeemResult>(await redeem(p, cash.id)).points).toBe('50');
    expectFailure(await redeem(p, cash.id), ErrorCode.POINTS_INSUFFICIENT, 409);
    expect(await pointsOf(p)).toBe('50');
    expect(await balanceOf(t.app, p.memberId)).toBe(1000n);
  });

  it('gives a bonus item as bonus money at once, through the rewards engine, and refuses it where the licence forbids bonuses', async () => {
    const p = await createPayer(t.app, 0n);
    await givePoints(p, 200n);
    expectFailure(
      await call(t.app, 'PUT', '/ops/points/items', {
        token: ops,
        payload: { namePt: 'Bônus', nameEn: 'Bonus', kind: 'bonus', points: '80', stock: null },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const item = await createItem({
      namePt: 'Bônus de 10',
      nameEn: 'Bonus of 10',
      kind: 'bonus',
      points: '80',
      cashAmount: '10.00',
      stock: null,
    });
    expect(
      valueOf<{ list: MallItem[] }>(await relay(p.token, 'MCS2_getPointReward')).list.find((i) => i.id === item.id),
    ).toMatchObject({ kind: 'bonus', cashAmount: '10.00' });

    const paid = valueOf<RedeemResult>(await redeem(p, item.id));
    expect(paid).toMatchObject({ points: '120', redemption: { status: 'approved' } });
    const wallet = valueOf<{ bonusBalanceMinor: string }>(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: p.token }),
    );
    expect(wallet.bonusBalanceMinor).toBe('1000');
    expect(await balanceOf(t.app, p.memberId)).toBe(0n);
    const grants = await t.database.db
      .selectFrom('reward_grants')
      .select(['kind', 'amount', 'status', 'source_ref'])
      .where('source', '=', 'points_mall')
      .where('member_id', '=', p.memberId)
      .execute();
    expect(grants).toEqual([{ kind: 'bonus', amount: '1000', status: 'paid', source_ref: paid.redemption.id }]);

    await setLicence(t.app, 'BR');
    try {
      expectFailure(await redeem(p, item.id), ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION, 409);
      // Nothing was taken: the points stay.
      expect(await pointsOf(p)).toBe('120');
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('converts whole steps of points to cash at the operator rate, above the minimum, once per key', async () => {
    const p = await createPayer(t.app, 0n);
    await givePoints(p, 450n);
    const convert = (points: string, idempotencyKey = key()) =>
      callEncrypted(
        t.app,
        'POST',
        '/wps/relay/passwordCheck/MCS2_convertPoint',
        { points, paymentPassword: PAYMENT_PASSWORD, idempotencyKey },
        { token: p.token },
      );
    // Default rate: 100 points = 1.00; minimum 100.
    expectFailure(await convert('99'), ErrorCode.POINTS_BELOW_MINIMUM, 400);
    const k = key();
    const done = valueOf<ConvertPointResult>(await convert('250', k));
    expect(done).toEqual({ points: '250', convertedPoints: '200', cashAmount: '2.00' });
    expect(valueOf<ConvertPointResult>(await convert('250', k))).toEqual({
      points: '250',
      convertedPoints: '200',
      cashAmount: '2.00',
    });
    expect(await balanceOf(t.app, p.memberId)).toBe(200n);
    expectFailure(await convert('300'), ErrorCode.POINTS_INSUFFICIENT, 409);
    const statement = await t.database.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('idempotency_key', 'like', `points-convert:${p.memberId}:%`)
      .execute();
    expect(statement.map((s) => s.kind)).toEqual(['points_conversion']);
  });

  it('under BR points become money only for an identified account: a conversion asks the door reward.pay', async () => {
    // Made before the switch: no CPF. Through the service, as licence-money.test.ts: the session of
    // such an account is asked for its CPF first, so the door is what a path around it meets.
    const p = await createPayer(t.app, 0n);
    await givePoints(p, 300n);
    await setLicence(t.app, 'BR');
    try {
      const refused = await t.app.services.loyalty.points
        .convert(p.memberId, { points: '200', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: key() })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(refused).toMatchObject({
        errorCode: ErrorCode.LICENCE_REFUSED,
        value: { door: 'reward.pay', rule: 'identity' },
      });
      expect(await pointsOf(p)).toBe('300');
      expect(await balanceOf(t.app, p.memberId)).toBe(0n);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('refuses redeems and conversions while the points switch is off', async () => {
    const p = await createPayer(t.app, 0n);
    const item = await createItem({});
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: false }));
    try {
      expectFailure(await redeem(p, item.id), ErrorCode.POINTS_DISABLED, 409);
    } finally {
      await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: true }));
    }
  });

  it('keeps a mall picture checked by its bytes and serves it by its hash', async () => {
    const png = pngBytes(64);
    const item = await createItem({ imageDataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(item.imageUrl).toMatch(/^\/wps\/points\/images\/[a-f0-9]{64}\.png$/);
    const res = await call(t.app, 'GET', item.imageUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectFailure(
      await call(t.app, 'PUT', '/ops/points/items', {
        token: ops,
        payload: {
          namePt: 'X',
          nameEn: 'X',
          kind: 'physical',
          points: '5',
          stock: null,
          imageDataUrl: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
        },
      }),
      ErrorCode.IMAGE_TYPE_INVALID,
    );
  });

  it('never lets points go negative under parallel redeems', async () => {
    const p = await createPayer(t.app, 0n);
    await givePoints(p, 250n);
    const item = await createItem({ points: '50', stock: null });
    const results = await Promise.all(Array.from({ length: 12 }, () => redeem(p, item.id)));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectFailure(r, ErrorCode.POINTS_INSUFFICIENT, 409);
    expect(await pointsOf(p)).toBe('0');
    const sums = await t.database.db
      .selectFrom('points_movements')
      .select((eb) => eb.fn.sum<string>('amount').as('s'))
      .where('member_id', '=', p.memberId)
      .executeTakeFirstOrThrow();
    expect(String(sums.s)).toBe('0');
  });
});
