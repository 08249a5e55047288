import { afterAll, beforeAll, expect, it } from 'vitest';
import { findBonusOffer } from '@wps/shared/bonus-offers';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import type { MissionSummary } from '@wps/shared/schemas/missions';
import type { MallItem, PointConfig } from '@wps/shared/schemas/points';
import type { Activity, Raffle } from '@wps/shared/schemas/promo';
import type { RebateSummary } from '@wps/shared/schemas/rebate';
import type { ReferralSummary } from '@wps/shared/schemas/referral';
import { installDemo } from '../src/db/seed-jurisdiction';
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
    expect(live.map((r) => r.reward.kind).sort()).toEqual(['bonus', 'raffle_ticket']);
    // The welcome bonus is the one the demo content's promotion announces, linked to it.
    const promotions = await t.app.services.content.live('promotion', 'PT');
    const welcome = promotions.find((p) => p.id === live.find((r) => r.reward.kind === 'bonus')?.promotionId);
    expect(welcome?.title).toMatch(/boas-vindas/);
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
