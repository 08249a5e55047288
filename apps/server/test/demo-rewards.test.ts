import { afterAll, beforeAll, expect, it } from 'vitest';
import { findBonusOffer } from '@wps/shared/bonus-offers';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import type { MissionSummary } from '@wps/shared/schemas/missions';
import type { MallItem, PointConfig } from '@wps/shared/schemas/points';
import type { Activity, Raffle } from '@wps/shared/schemas/promo';
import type { RebateSummary } from '@wps/shared/schemas/rebate';
import type { ReferralSummary } from '@wps/shared/schemas/referral';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import { promoRewardWarning, type PromoOffer } from '@wps/shared/schemas/promo-rewards';
import { installDemo } from '../src/db/seed-jurisdiction';
import { DEMO_PROMOTIONS } from '../src/modules/content/content.seed-data';
import { bonusBalance } from '../src/modules/bonus/bonus.test-support';
import { createOrder, demoChannel, newPlayer, operatorToken } from '../src/modules/deposit/deposit.test-support';
import type { RewardEvent, RewardEventKind } from '../src/modules/rewards/reward-events.types';
import { evaluateRule, type LiveRule } from '../src/modules/rewards/rule-evaluation';
import { DEMO_PLAYER_PASSWORD, DEMO_PLAYERS } from '../src/db/seed-demo-players';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from '../src/db/seed-demo-operators';
import { call, disableRegisterCaptcha, login, registerUser, valueOf } from './api-client';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

// The demo's rewards programmes, read through the calls a player's browser makes: every one on
// and with content under the permissive demo, none under BR (whose licence forbids bonuses).

type App = TestApp['app'];

const isBonus = (item: { title: string; bodyHtml?: string }) =>
  findBonusOffer({ bonusOffer: false, translations: { PT: { title: item.title, bodyHtml: item.bodyHtml ?? '' } } }) !==
  null;

/** What a signed-in player sees of each rewards programme. */
async function rewardsSeenBy(app: App, token: string) {
  const mall = valueOf<{ list: MallItem[] }>(await call(app, 'POST', '/wps/relay/MCS2_getPointReward', { token })).list;
  const points = valueOf<PointConfig>(await call(app, 'POST', '/wps/relay/MCS2_getPointConfig', { token }));
  const rebate = valueOf<RebateSummary>(await call(app, 'GET', '/wps/rebate', { token }));
  const referral = valueOf<ReferralSummary>(await call(app, 'GET', '/wps/referral', { token }));
  const missions = valueOf<MissionSummary>(
    await call(app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', { token }),
  );
  const activities = valueOf<{ list: Activity[] }>(await call(app, 'GET', '/wps/promo/activities', { token })).list;
  const raffles: Raffle[] = [];
  for (const id of activities.flatMap((a) => a.raffleIds))
    raffles.push(valueOf<Raffle>(await call(app, 'GET', `/wps/promo/raffles/${id}`, { token })));
  const promotions = valueOf<{ list: LiveContentItem[] }>(
    await call(app, 'GET', '/wps/content/promotions', { token, headers: { language: 'PT' } }),
  ).list;
  return {
    mall,
    pointsOn: points.enabled,
    rebate,
    referralOn: referral.enabled,
    missions: [...missions.daily.missions, ...missions.weekly.missions],
    raffles,
    bonusPromotions: promotions.filter(isBonus),
  };
}

function installed(target: Parameters<typeof createTestApp>[0], profile: JurisdictionProfile) {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await createTestApp(target);
    await installDemo(state.t.app.services, { profile, content: true, rewards: true });
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return state;
}

describeEachDatabase('the permissive demo with its rewards programmes', (target) => {
  const s = installed(target, 'permissive');

  it('shows a new player every rewards programme on, with content', async () => {
    const { t } = s as Required<typeof s>;
    await disableRegisterCaptcha(t.app);
    const { result } = await registerUser(t.app);
    const seen = await rewardsSeenBy(t.app, result.token);
    expect(seen.pointsOn).toBe(true);
    expect(seen.mall.length).toBeGreaterThanOrEqual(3);
    expect(seen.rebate.enabled).toBe(true);
    expect(seen.rebate.rates.some((r) => r.rateBp > 0)).toBe(true);
    expect(seen.referralOn).toBe(true);
    expect(seen.missions.length).toBeGreaterThanOrEqual(3);
    expect(seen.raffles.filter((r) => r.status === 'open').length).toBeGreaterThan(0);
    expect(seen.bonusPromotions.length).toBeGreaterThan(0);
  });

  it("lets a player complete the day's login mission and claim its reward", async () => {
    const { t } = s as Required<typeof s>;
    const { result } = await registerUser(t.app);
    const { memberId } = (await t.app.services.session.resolve(result.token))!;
    await t.app.services.rewardEvents.drain();
    const { missions } = await rewardsSeenBy(t.app, result.token);
    const loginMission = missions.find((m) => m.steps.some((step) => step.kind === 'login_days'));
    expect(loginMission?.status).toBe('claimable');
    const before = await t.app.services.ledger.getPlayerBalance(memberId);
    valueOf(
      await call(t.app, 'POST', '/wps/missions/claim', {
        token: result.token,
        payload: { missionId: loginMission!.id },
      }),
    );
    expect(await t.app.services.ledger.getPlayerBalance(memberId)).toBe(before + BigInt(loginMission!.rewardMinor));
  });

  it('satisfied four eyes with two demo operators: the rebate asked by one, approved by the other', async () => {
    const { t } = s as Required<typeof s>;
    const names = await t.database.db
      .selectFrom('operators')
      .select(['id', 'username'])
      .execute()
      .then((rows) => new Map(rows.map((r) => [String(r.id), r.username])));
    const [asker, approver] = DEMO_OPERATORS.map((o) => o.username);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', 'in', ['rebate.settings_raise_request', 'rebate.settings_raise_approve'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, names.get(String(a.actor_id))])).toEqual([
      ['rebate.settings_raise_request', asker],
      ['rebate.settings_raise_approve', approver],
    ]);
    // The documented password signs each in, to the two-factor enrolment any new operator meets.
    for (const { username } of DEMO_OPERATORS) {
      const res = await call(t.app, 'POST', '/ops/session/login', {
        payload: { username, password: DEMO_OPERATOR_PASSWORD },
      });
      expect(valueOf<{ status: string }>(res).status).toBe('enrolmentRequired');
    }
    // Live bonus offers behind the promotions: the rewards engine's rules, put live by the seed.
    const live = (await t.app.services.rewards.rules.list()).filter((r) => r.status === 'live');
    expect(live.map((r) => r.reward.kind).sort()).toEqual(['bonus', 'bonus', 'bonus', 'raffle_ticket']);
  });

  it('links every demo promotion that offers a bonus to the live rule that pays it, with its call to action', async () => {
    const { t } = s as Required<typeof s>;
    const promotions = await t.app.services.content.live('promotion', 'PT');
    const titleOf = (key: string) => DEMO_PROMOTIONS.find((p) => p.key === key)!.words.PT.title;
    const idOf = (title: string) => promotions.find((p) => p.title === title)!.id;
    const offers = valueOf<{ list: PromoOffer[] }>(
      await call(t.app, 'GET', '/wps/promo/offers', { headers: { language: 'PT' } }),
    ).list;
    const byTitle = Object.fromEntries(offers.map((o) => [o.title, { action: o.action, optIn: o.optIn }]));
    expect(byTitle).toEqual({
      [titleOf('welcome')]: { action: 'deposit', optIn: false },
      [titleOf('friday')]: { action: 'deposit', optIn: true },
      [titleOf('tournament')]: { action: 'join', optIn: true },
      'Sorteio semanal: R$ 800,00 em prêmios': { action: 'deposit', optIn: false },
    });
    // The rebate's promotion is paid by the rebate programme (switched on above), no rule, no bonus flag.
    const rebate = await t.app.services.content.getItem(idOf(titleOf('cashback')));
    expect(rebate.bonusOffer).toBe(false);
    const links = await t.app.services.promoRewards.list();
    for (const key of ['welcome', 'friday', 'tournament']) {
      const item = await t.app.services.content.getItem(idOf(titleOf(key)));
      expect(item.bonusOffer).toBe(true);
      const linked = links.list.find((l) => l.promotionId === item.id)!.rules;
      expect(promoRewardWarning(item.bonusOffer, linked)).toBeNull();
    }
  });

  it('pays the welcome bonus as written: 100% of the first deposit up to R$ 500,00, once', async () => {
    const { t } = s as Required<typeof s>;
    const finance = await operatorToken(t, 'finance');
    const player = await newPlayer(t);
    const deposit = async (amount: string) => {
      const channel = await demoChannel(t, player.token, 'manual_bank');
      const order = await createOrder(t, player.token, channel.id, amount);
      valueOf(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'seen on the statement' },
        }),
      );
      await t.app.services.rewardEvents.drain();
    };
    await deposit('800.00');
    expect(await bonusBalance(t.app, player.memberId)).toBe(50_000n);
    await deposit('100.00');
    expect(await bonusBalance(t.app, player.memberId)).toBe(50_000n);
    const [bonus] = valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token: player.token })).bonuses;
    expect(bonus).toMatchObject({ amountMinor: '50000', wageringMultiple: 10, requirementMinor: '500000' });
    expect(Date.parse(bonus!.expiresAt) - Date.parse(bonus!.createdAt)).toBeCloseTo(30 * 86_400_000, -5);
  });

  it("pays Top-up Friday and the slots challenge as written (the engine's verdict on a Friday, and on a day's stakes)", async () => {
    const { t } = s as Required<typeof s>;
    const rules = await t.app.services.rewards.rules.list();
    const live = (name: string): LiveRule => {
      const r = rules.find((x) => x.name === name)!;
      return { id: r.id, trigger: r.trigger, conditions: r.conditions, reward: r.reward, startsAt: null, endsAt: null };
    };
    const TZ = 'America/Sao_Paulo';
    // Friday 2026-03-06 and Thursday 2026-03-05, 15:30 in São Paulo.
    const FRIDAY = new Date('2026-03-06T18:30:00.000Z');
    const THURSDAY = new Date('2026-03-05T18:30:00.000Z');
    const event = (kind: RewardEventKind, data: Record<string, unknown>, occurredAt = FRIDAY): RewardEvent => ({
      id: '1',
      tx: '1',
      kind,
      memberId: '7',
      occurredAt,
      data,
    });
    const facts = (joined: boolean, total = 0n, category?: string) => ({
      joinedPromotion: joined,
      category,
      total: () => total,
    });
    const friday = live('Sexta da recarga');
    const pays = (e: RewardEvent, f: ReturnType<typeof facts>, r = friday) => {
      const verdict = evaluateRule(r, e, f, TZ);
      return verdict.ok ? verdict.amount : null;
    };
    // 20 % extra on each deposit from R$ 50,00, up to R$ 200,00, on a Friday, for a player who opted in.
    expect(pays(event('deposit_credited', { amount: '10000' }), facts(true))).toBe(2_000n);
    expect(pays(event('deposit_credited', { amount: '200000' }), facts(true))).toBe(20_000n);
    expect(pays(event('deposit_credited', { amount: '4999' }), facts(true))).toBeNull();
    expect(pays(event('deposit_credited', { amount: '10000' }, THURSDAY), facts(true))).toBeNull();
    expect(pays(event('deposit_credited', { amount: '10000' }), facts(false))).toBeNull();
    expect(friday.reward.params).toMatchObject({ wageringMultiple: 5 });
    // R$ 5,00 once R$ 100,00 is staked on slots in the day, for a player who joined that day.
    const challenge = live('Desafio diário de slots');
    const spin = event('round_settled', { bet: '1000', refund: '0', win: '0', vassalage: 'SBX' });
    expect(pays(spin, facts(true, 10_000n, 'RNG'), challenge)).toBe(500n);
    expect(pays(spin, facts(true, 9_999n, 'RNG'), challenge)).toBeNull();
    expect(pays(spin, facts(false, 10_000n, 'RNG'), challenge)).toBeNull();
    expect(pays(spin, facts(true, 10_000n, 'LIVE'), challenge)).toBeNull();
    expect(rules.find((r) => r.name === 'Desafio diário de slots')).toMatchObject({
      perPlayerCap: 1,
      capPeriod: 'daily',
    });
  });
});

describeEachDatabase('the BR demo without rewards programmes', (target) => {
  const s = installed(target, 'BR');

  it('shows its demo player none of them, and seeds no demo operator', async () => {
    const { t } = s as Required<typeof s>;
    const { token } = valueOf<{ token: string }>(await login(t.app, DEMO_PLAYERS[0].username, DEMO_PLAYER_PASSWORD));
    const seen = await rewardsSeenBy(t.app, token);
    expect(seen).toMatchObject({
      mall: [],
      pointsOn: false,
      referralOn: false,
      missions: [],
      raffles: [],
      bonusPromotions: [],
    });
    expect(seen.rebate.enabled).toBe(false);
    expect(await t.database.db.selectFrom('operators').select('username').execute()).toEqual([]);
    expect(await t.app.services.rewards.rules.list()).toEqual([]);
  });
});
