import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import {
  promoRewardWarning,
  type PromoOffer,
  type PromoRewardLinkList,
  type PromoRewardLinks,
} from '@wps/shared/schemas/promo-rewards';
import type { Activity } from '@wps/shared/schemas/promo';
import type { Rule, RuleInput } from '@wps/shared/schemas/rewards';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { bonusBalance } from '../bonus/bonus.test-support';
import { demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';

// A promotion pays what it promises: the operator links the rules that pay a promotion; one that
// offers a bonus is not published (nor kept published) without a live one; the player site reads
// its call to action from the live rules; a deposit order's opt-in is honoured when the deposit is
// credited, and without it a rule that needs one pays nothing.
describeEachDatabase('promotions and the rules that pay them', (target) => {
  let t: TestApp;
  let marketing: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await operatorToken(t, 'marketing');
    finance = await operatorToken(t, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  /** A draft promotion, flagged as offering a bonus unless told otherwise. */
  async function draft(title: string, bonusOffer = true): Promise<OpsContentItem> {
    return valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: {
          kind: 'promotion',
          groupCode: 'deposit',
          sortOrder: 1,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: null,
          bonusOffer,
          translations: {
            PT: { title: `${title} PT`, bodyHtml: '<p>Regras</p>' },
            EN: { title, bodyHtml: '<p>Rules</p>' },
          },
          reason: 'new campaign',
        },
      }),
    );
  }
  const publish = (id: string) =>
    call(t.app, 'PUT', `/ops/content/${id}/status`, {
      token: marketing,
      payload: { status: 'published', reason: 'go live' },
    });
  const rule = async (input: RuleInput) =>
    valueOf<Rule>(await call(t.app, 'POST', '/ops/rewards/rules', { token: marketing, payload: input }));
  const status = async (id: string, to: 'live' | 'paused') => {
    const now = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${id}`, { token: marketing }));
    return valueOf<Rule>(
      await call(t.app, 'POST', `/ops/rewards/rules/${id}/status`, {
        token: marketing,
        payload: { status: to, version: now.version },
      }),
    );
  };
  const link = (promotionId: string, ruleIds: string[]) =>
    call(t.app, 'PUT', `/ops/promo/reward-rules/${promotionId}`, {
      token: marketing,
      payload: { ruleIds, reason: 'the rule that pays it' },
    });
  const offers = async (language = 'PT') =>
    valueOf<{ list: PromoOffer[] }>(await call(t.app, 'GET', '/wps/promo/offers', { headers: { language } })).list;
  const linksOf = async (promotionId: string) =>
    valueOf<PromoRewardLinkList>(await call(t.app, 'GET', '/ops/promo/reward-rules', { token: marketing })).list.find(
      (l) => l.promotionId === promotionId,
    );
  /** A bank transfer (with these opt-ins) confirmed by finance; the engine's events then drained. */
  async function deposit(token: string, amount: string, optInPromotionIds?: string[]): Promise<void> {
    const channel = await demoChannel(t, token, 'manual_bank');
    const order = valueOf<DepositOrder>(
      await call(t.app, 'POST', '/wps/deposit/orders', {
        token,
        payload: { channelId: channel.id, amount, idempotencyKey: crypto.randomUUID(), optInPromotionIds },
      }),
    );
    valueOf(
      await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
        token: finance,
        payload: { reason: 'seen on the statement' },
      }),
    );
    await t.app.services.rewardEvents.drain();
  }

  it('refuses to publish a bonus offer until a live rule pays it; a rule switched off withdraws the call to action', async () => {
    const item = await draft('Welcome 100%');
    expectFailure(await publish(item.id), 'PROMO_REWARD_RULE_MISSING', 409);
    const welcome = await rule({
      name: 'Welcome 100%',
      promotionId: item.id,
      trigger: 'deposit_credited',
      conditions: { firstDeposit: true },
      reward: { kind: 'bonus', percentBp: 10_000, maxAmount: '50000', params: { wageringMultiple: 10 } },
      perPlayerCap: 1,
    });
    expect(valueOf<PromoRewardLinks>(await link(item.id, [welcome.id])).rules).toEqual([
      expect.objectContaining({ id: welcome.id, status: 'draft', trigger: 'deposit_credited', needsOptIn: false }),
    ]);
    // Linked, but the rule is a draft: nothing pays it yet.
    expectFailure(await publish(item.id), 'PROMO_REWARD_RULE_MISSING', 409);
    await status(welcome.id, 'live');
    valueOf(await publish(item.id));
    expect((await offers()).find((o) => o.promotionId === item.id)).toEqual({
      promotionId: item.id,
      title: 'Welcome 100% PT',
      action: 'deposit',
      optIn: false,
    });
    // Published, it keeps a live rule: unlinking the last one is refused, as is an unknown rule.
    expectFailure(await link(item.id, []), 'PROMO_REWARD_RULE_MISSING', 409);
    expectFailure(await link(item.id, ['999999']), 'PROMO_REWARD_RULE_INVALID', 422);

    // The rule paused later: the back office warns, the player site offers no call to action.
    await status(welcome.id, 'paused');
    const links = await linksOf(item.id);
    expect(links?.rules.map((r) => r.status)).toEqual(['paused']);
    expect(promoRewardWarning(true, links!.rules)).toBe('no_live_rule');
    expect((await offers()).some((o) => o.promotionId === item.id)).toBe(false);
    // Nor may the published promotion be edited while it promises what nothing pays.
    const edited = await call(t.app, 'PUT', `/ops/content/${item.id}`, {
      token: marketing,
      payload: { ...item, imageName: null, tags: [], reason: 'reworded', translations: item.translations },
    });
    expectFailure(edited, 'PROMO_REWARD_RULE_MISSING', 409);
  });

  it('pays a rule that needs an opt-in to the player who ticked it on the deposit order, and nothing without it', async () => {
    const item = await draft('Top-up 20%');
    valueOf(
      await call(t.app, 'PUT', `/ops/promo/settings/${item.id}`, {
        token: marketing,
        payload: {
          mode: 'join',
          period: 'daily',
          startsAt: null,
          endsAt: null,
          rewardKind: null,
          rewardAmount: null,
          reason: 'players opt in',
        },
      }),
    );
    const topUp = await rule({
      name: 'Top-up 20%',
      promotionId: item.id,
      trigger: 'deposit_credited',
      conditions: { depositMin: '5000', joinedPromotion: true },
      reward: { kind: 'bonus', percentBp: 2_000, maxAmount: '20000', params: { wageringMultiple: 5 } },
    });
    // An opt-in rule pays only its own promotion (its joinedPromotion asks about that one).
    const other = await draft('Other');
    expectFailure(await link(other.id, [topUp.id]), 'PROMO_REWARD_RULE_INVALID', 422);
    valueOf(await link(item.id, [topUp.id]));
    await status(topUp.id, 'live');
    valueOf(await publish(item.id));
    expect((await offers('EN')).find((o) => o.promotionId === item.id)).toMatchObject({
      title: 'Top-up 20%',
      action: 'deposit',
      optIn: true,
    });

    const optedIn = await newPlayer(t);
    await deposit(optedIn.token, '100.00', [item.id]);
    // 20 % of R$ 100,00 in bonus money, and the opt-in is the promotion's join for the day.
    expect(await bonusBalance(t.app, optedIn.memberId)).toBe(2_000n);
    const activity = valueOf<{ list: Activity[] }>(
      await call(t.app, 'GET', '/wps/promo/activities', { token: optedIn.token }),
    ).list.find((a) => a.promotionId === item.id);
    expect(activity?.status).toBe('joined');

    const notOptedIn = await newPlayer(t);
    await deposit(notOptedIn.token, '100.00');
    expect(await bonusBalance(t.app, notOptedIn.memberId)).toBe(0n);

    // A promotion that takes no opt-in is refused with the order, which is then not made.
    const plain = await newPlayer(t);
    const channel = await demoChannel(t, plain.token, 'manual_bank');
    const refused = await call(t.app, 'POST', '/wps/deposit/orders', {
      token: plain.token,
      payload: {
        channelId: channel.id,
        amount: '100.00',
        idempotencyKey: crypto.randomUUID(),
        optInPromotionIds: [other.id],
      },
    });
    expect(expectFailure(refused, 'PROMO_REWARD_RULE_INVALID', 422).value).toMatchObject({
      field: 'optInPromotionIds.0',
    });
  });
});
