import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { OpsVipSettings, OpsVipSettingsInput, VipInfo } from '@wps/shared/schemas/vip';
import { call, expectFailure, updateOperatorSetting, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceOf, createPayer, type Payer } from '../withdrawal/withdrawal.test-support';
import { qualifiedRank } from './vip.service';

const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;
const DAY = 86_400_000;

const level = (rankLevel: number, turnover: string, extra: Partial<OpsVipSettingsInput['levels'][number]> = {}) => ({
  rankLevel,
  labelName: `Nível ${rankLevel}`,
  color: '#112233',
  color2: '#445566',
  turnover,
  deposit: '0',
  pointsMultiplierPct: 100 + rankLevel * 100,
  upgradeBonusKind: 'cash' as const,
  upgradeBonus: '0',
  monthlyBonusKind: 'cash' as const,
  monthlyBonus: '0',
  benefitsPt: '',
  benefitsEn: '',
  ...extra,
});

describeEachDatabase('VIP levels', (target) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PTSYS3: true }));
    ops = (await createTestOperator(t.app, 'marketing')).token;
    const settings: OpsVipSettingsInput = {
      windowDays: 30,
      reviewPeriod: 'monthly',
      levels: [
        level(0, '0'),
        level(1, '10.00', { upgradeBonus: '5.00', monthlyBonus: '1.00' }),
        level(2, '50.00', {
          upgradeBonusKind: 'points',
          upgradeBonus: '100',
          labelName: 'Ouro',
          color: '#aa8800',
          color2: '#ffdd55',
        }),
      ],
    };
    valueOf<OpsVipSettings>(await call(t.app, 'PUT', '/ops/vip', { token: ops, payload: settings }));
    await t.app.services.rewardEvents.drain();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

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
  const info = async (p: Payer) =>
    valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: p.token }));
  const vip = async (p: Payer) =>
    valueOf<VipInfo>(await call(t.app, 'POST', '/wps/relay/MCS2_getVipInfo', { token: p.token }));
  const points = async (p: Payer) =>
    valueOf<{ points: string }>(await call(t.app, 'POST', '/wps/relay/MCS2_getPointBalance', { token: p.token }))
      .points;
  const levelEvents = (memberId: string) =>
    t.database.db
      .selectFrom('reward_events')
      .select('data')
      .where('kind', '=', 'level_changed')
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();

  it('refuses levels out of order or with thresholds that fall', async () => {
    const bad = {
      windowDays: 30,
      reviewPeriod: 'monthly',
      levels: [level(0, '0'), level(1, '50.00'), level(2, '10.00')],
    };
    expectFailure(
      await call(t.app, 'PUT', '/ops/vip', { token: ops, payload: bad }),
      ErrorCode.VIP_LEVELS_INVALID,
      400,
    );
    expectFailure(
      await call(t.app, 'PUT', '/ops/vip', {
        token: ops,
        payload: { ...bad, levels: [level(0, '0'), level(2, '10.00')] },
      }),
      ErrorCode.VIP_LEVELS_INVALID,
      400,
    );
  });

  it('upgrades on crossing a threshold, with the level_changed event, the club label and one upgrade bonus per level', async () => {
    const p = await createPayer(t.app, 100_000n);
    expect((await info(p)).clubLabel).toMatchObject({ rankLevel: 0 });
    await spin(p, '600');
    await t.app.services.rewardEvents.drain();
    expect((await vip(p)).rankLevel).toBe(0);
    const before = await balanceOf(t.app, p.memberId);

    await spin(p, '600');
    await t.app.services.rewardEvents.drain();
    const after = await vip(p);
    expect(after).toMatchObject({ rankLevel: 1, turnover: '12.00', windowDays: 30 });
    expect((await info(p)).clubLabel).toEqual({
      labelName: 'Nível 1',
      color: '#112233',
      color2: '#445566',
      rankLevel: 1,
    });
    expect((await levelEvents(p.memberId)).map((e) => e.data)).toEqual([{ from: 0, to: 1 }]);
    const grants = await t.database.db
      .selectFrom('reward_grants')
      .select(['key', 'kind', 'amount', 'status', 'source'])
      .where('member_id', '=', p.memberId)
      .execute();
    expect(grants).toEqual([
      { key: `vip-upgrade:${p.memberId}:1`, kind: 'cash', amount: '500', status: 'paid', source: 'vip' },
    ]);
    // The second spin's stake and win moved the balance too; the bonus is what is left over.
    const spinRounds = await t.database.db
      .selectFrom('game_rounds')
      .select(['total_bet', 'total_win'])
      .where('member_id', '=', p.memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await balanceOf(t.app, p.memberId)) - before).toBe(
      500n - BigInt(spinRounds.total_bet) + BigInt(spinRounds.total_win),
    );

    // Level 2 in one go pays its points bonus; points from then on earn at level 2's multiplier.
    await spin(p, '4000');
    await t.app.services.rewardEvents.drain();
    expect((await vip(p)).rankLevel).toBe(2);
    expect((await info(p)).clubLabel).toMatchObject({ labelName: 'Ouro', rankLevel: 2 });
    // 6 + 6 + 40 points earned at level 0, 1 (×2 for the round that settled at level 1) … plus 100 bonus.
    expect(BigInt(await points(p))).toBeGreaterThanOrEqual(100n);
    const keys = (
      await t.database.db.selectFrom('reward_grants').select('key').where('member_id', '=', p.memberId).execute()
    )
      .map((g) => g.key)
      .sort();
    expect(keys).toEqual([`vip-upgrade:${p.memberId}:1`, `vip-upgrade:${p.memberId}:2`]);
  });

  it('reviews monthly: keeps a level that still qualifies with its monthly bonus once, downgrades one that does not, never taking back what was paid', async () => {
    const p = await createPayer(t.app, 100_000n);
    await spin(p, '1200');
    await t.app.services.rewardEvents.drain();
    expect((await vip(p)).rankLevel).toBe(1);
    const now = Date.now();
    // Early next month the window still holds this month's play: level 1 stays, its monthly bonus paid once.
    const nextMonth = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1, 1));
    const within = nextMonth.getTime() - now < 25 * DAY;
    const balance = await balanceOf(t.app, p.memberId);
    await t.app.services.loyalty.vip.runReview(nextMonth.getTime());
    await t.app.services.loyalty.vip.runReview(nextMonth.getTime());
    const month = nextMonth.toISOString().slice(0, 7);
    const monthly = await t.database.db
      .selectFrom('reward_grants')
      .select('key')
      .where('key', '=', `vip-monthly:${p.memberId}:${month}`)
      .execute();
    if (within) {
      expect((await vip(p)).rankLevel).toBe(1);
      expect(monthly).toHaveLength(1);
      expect(await balanceOf(t.app, p.memberId)).toBe(balance + 100n);
    }
    // Two months on, nothing in the window: down to 0, no monthly bonus, paid bonuses stay paid.
    const later = Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 2, 2);
    const beforeDown = await balanceOf(t.app, p.memberId);
    await t.app.services.loyalty.vip.runReview(later);
    expect((await vip(p)).rankLevel).toBe(0);
    expect((await info(p)).clubLabel).toMatchObject({ rankLevel: 0 });
    expect(await balanceOf(t.app, p.memberId)).toBe(beforeDown);
    expect((await levelEvents(p.memberId)).map((e) => e.data)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 0 },
    ]);
    expect(
      await t.database.db
        .selectFrom('reward_grants')
        .select('key')
        .where('key', 'like', `vip-monthly:${p.memberId}:${new Date(later).toISOString().slice(0, 7)}`)
        .execute(),
    ).toHaveLength(0);
  });

  it('gives a player member labels from the back office: shown in member info, audited, refused for unknown labels, players and roles without loyalty.write', async () => {
    const p = await createPayer(t.app);
    const label = async (labelName: string, color: string) =>
      valueOf<{ id: string }>(
        await call(t.app, 'PUT', '/ops/member-labels', { token: ops, payload: { labelName, color } }),
      ).id;
    const [vipGuest, watch] = [await label('Convidado', '#2255aa'), await label('Observar', '#aa2222')];
    const url = `/ops/member-labels/members/${p.memberId}`;
    const set = (labelIds: string[], token = ops) =>
      call(t.app, 'PUT', url, { token, payload: { labelIds, reason: 'account manager asked' } });
    expect(valueOf<{ labelIds: string[] }>(await call(t.app, 'GET', url, { token: ops }))).toEqual({ labelIds: [] });
    expect(valueOf<{ labelIds: string[] }>(await set([watch, vipGuest, watch]))).toEqual({
      labelIds: [vipGuest, watch],
    });
    expect((await info(p)).memberLabel).toEqual([
      { labelName: 'Convidado', color: '#2255aa' },
      { labelName: 'Observar', color: '#aa2222' },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('action', '=', 'member_label.assign')
      .where('subject_id', '=', p.memberId)
      .execute();
    expect(audit).toEqual([
      { before: { labelIds: [] }, after: { labelIds: [vipGuest, watch] }, reason: 'account manager asked' },
    ]);

    expectFailure(await set([vipGuest, '999999999']), ErrorCode.NOT_FOUND, 404);
    expectFailure(
      await call(t.app, 'PUT', '/ops/member-labels/members/999999999', {
        token: ops,
        payload: { labelIds: [], reason: 'no such player' },
      }),
      ErrorCode.NOT_FOUND,
      404,
    );
    expect(
      (await call(t.app, 'PUT', url, { token: ops, payload: { labelIds: ['x'], reason: 'bad id' } })).statusCode,
    ).toBe(400);
    const support = (await createTestOperator(t.app, 'support')).token;
    expectFailure(await set([], support), ErrorCode.OPERATOR_FORBIDDEN, 403);
    expect((await info(p)).memberLabel).toHaveLength(2);

    valueOf(await set([watch]));
    expect((await info(p)).memberLabel).toEqual([{ labelName: 'Observar', color: '#aa2222' }]);
  });

  it('qualifies by both turnover and deposits', () => {
    const levels = [0, 1, 2].map((r) => ({
      rankLevel: r,
      turnoverMinor: BigInt(r * 1000),
      depositMinor: BigInt(r * 100),
    })) as Parameters<typeof qualifiedRank>[0];
    expect(qualifiedRank(levels, { turnoverMinor: 5000n, depositMinor: 150n })).toBe(1);
    expect(qualifiedRank(levels, { turnoverMinor: 1500n, depositMinor: 900n })).toBe(1);
    expect(qualifiedRank(levels, { turnoverMinor: 2000n, depositMinor: 200n })).toBe(2);
    expect(qualifiedRank(levels, { turnoverMinor: 999n, depositMinor: 900n })).toBe(0);
  });
});
