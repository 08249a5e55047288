import { contentItemBodySchema } from '@wps/shared/schemas/content';
import { missionInputSchema } from '@wps/shared/schemas/missions';
import { opsMallItemBodySchema } from '@wps/shared/schemas/points';
import { promoSettingsBodySchema, raffleCreateBodySchema } from '@wps/shared/schemas/promo';
import { rebateSettingsUpdateSchema } from '@wps/shared/schemas/rebate';
import { referralSettingsUpdateSchema } from '@wps/shared/schemas/referral';
import type { AppServices } from '../services';
import { DEMO_PROMOTIONS } from '../modules/content/content.seed-data';
import { seedDemoOperators, type DemoOperator } from './seed-demo-operators';

/*
 * The permissive demo's rewards programmes (DEMO_REWARDS, docs/compliance.md "The demo operator"):
 * on the start that created the database, every programme switched on and given something to
 * show, each through its module's own service as an operator does in the back office, so each
 * module's rules apply: the set-up ceilings (every amount here is below the default ones, so the
 * missions, mall items and raffle go live at once), the licence's checks, the audit. What waits
 * for a second operator (the rebate switched on) is asked by one demo operator and approved by the
 * other (seed-demo-operators.ts). Under BR nothing of this is called: the licence forbids bonuses.
 */

type RewardsServices = Pick<
  AppServices,
  | 'operators'
  | 'siteSettings'
  | 'loyalty'
  | 'rebate'
  | 'referral'
  | 'missions'
  | 'content'
  | 'promoReview'
  | 'promoRewards'
  | 'raffles'
> & { rewards: Pick<AppServices['rewards'], 'rules'> };

const REASON = 'demo installation (DEMO_REWARDS)';
const DAY_MS = 86_400_000;

export type DemoRewards = {
  operators: string[];
  mallItems: number;
  missions: number;
  raffles: number;
  rules: number;
};

/** The points system's switch (PTSYS3), through the site settings as the back office changes it. */
async function switchPointsOn(services: RewardsServices, asker: DemoOperator): Promise<void> {
  const { values, versions } = await services.siteSettings.read();
  await services.siteSettings.update(
    { actorType: 'operator', actorId: asker.operatorId },
    { changes: { modules: { value: { ...values.modules, PTSYS3: true }, version: versions.modules } }, reason: REASON },
  );
}

/** A few mall items: cash and bonus ones within the set-up ceilings (one redemption, and their stock together), and a prize. */
async function seedMall(services: RewardsServices, asker: DemoOperator): Promise<number> {
  const items = [
    {
      namePt: 'R$ 10,00 na carteira',
      nameEn: 'R$ 10.00 to your wallet',
      kind: 'cash',
      points: '1000',
      cashAmount: '10.00',
      stock: 100,
    },
    {
      namePt: 'Bônus de R$ 25,00',
      nameEn: 'R$ 25.00 bonus',
      kind: 'bonus',
      points: '2000',
      cashAmount: '25.00',
      stock: 50,
    },
    { namePt: 'Camiseta Lumen Bet', nameEn: 'Lumen Bet T-shirt', kind: 'physical', points: '5000', stock: 20 },
  ] as const;
  for (const [index, item] of items.entries())
    await services.loyalty.ops.createItem(
      asker.operatorId,
      opsMallItemBodySchema.parse({ ...item, sortOrder: (index + 1) * 10 }),
    );
  return items.length;
}

/** The rebate on every category, paid on the player's claim each week: switching it on waits for a second operator. */
async function seedRebate(services: RewardsServices, asker: DemoOperator, approver: DemoOperator): Promise<void> {
  const { waiting } = await services.rebate.settings.change(
    asker.operatorId,
    rebateSettingsUpdateSchema.parse({
      enabled: true,
      period: 'weekly',
      mode: 'claim',
      rates: { RNG: 50, LIVE: 30, SPORTS: 30, FISH: 50, PVP: 20, ESPORTS: 30, ELOTT: 20, LOTT: 20, COCKFIGHT: 20 },
      reason: REASON,
    }),
  );
  if (!waiting) throw new Error('demo rebate: switching it on did not wait for a second operator');
  await services.rebate.settings.approve(approver, waiting.id, REASON);
}

/** Missions a new player completes by playing: logging in, staking, trying games, depositing. */
async function seedMissions(services: RewardsServices, asker: DemoOperator): Promise<number> {
  const missions = [
    {
      cadence: 'daily',
      titlePt: 'Entre hoje',
      titleEn: 'Log in today',
      rewardMinor: '100',
      steps: [{ kind: 'login_days', target: '1' }],
    },
    {
      cadence: 'daily',
      titlePt: 'Aposte R$ 10,00',
      titleEn: 'Stake R$ 10.00',
      rewardMinor: '200',
      steps: [{ kind: 'stake', target: '1000' }],
    },
    {
      cadence: 'daily',
      titlePt: 'Jogue 3 jogos diferentes',
      titleEn: 'Play 3 different games',
      rewardMinor: '300',
      steps: [{ kind: 'distinct_games', target: '3' }],
    },
    {
      cadence: 'weekly',
      titlePt: 'Deposite R$ 50,00 e aposte R$ 100,00',
      titleEn: 'Deposit R$ 50.00 and stake R$ 100.00',
      rewardMinor: '1500',
      steps: [
        { kind: 'deposit', target: '5000' },
        { kind: 'stake', target: '10000' },
      ],
    },
  ] as const;
  for (const [index, mission] of missions.entries())
    await services.missions.save(
      asker.operatorId,
      missionInputSchema.parse({ ...mission, status: 'live', sortOrder: (index + 1) * 10, reason: REASON }),
    );
  return missions.length;
}

const actorOf = (asker: DemoOperator) => ({ actorType: 'operator' as const, actorId: asker.operatorId });

/** A rule that pays a promotion: its id and the promotion it pays. */
type PaidPromotion = { promotionId: string; ruleId: string };

/** The raffle's promotion item, a draft until the rule that pays it is linked (a bonus offer is published only so). */
async function draftRafflePromotion(services: RewardsServices, asker: DemoOperator): Promise<string> {
  const item = await services.content.create(
    actorOf(asker),
    contentItemBodySchema.parse({
      kind: 'promotion',
      groupCode: 'others',
      sortOrder: 5,
      publishFrom: null,
      publishUntil: null,
      linkage: null,
      imageName: null,
      tags: ['limited'],
      bonusOffer: true,
      translations: {
        PT: {
          title: 'Sorteio semanal: R$ 800,00 em prêmios',
          bodyHtml:
            '<p>Cada depósito de R$ 20,00 ou mais vale <strong>1 bilhete</strong>. Resgate os seus bilhetes nesta página antes do sorteio.</p>',
        },
        EN: {
          title: 'Weekly raffle: R$ 800.00 in prizes',
          bodyHtml:
            '<p>Every deposit of R$ 20.00 or more earns <strong>1 ticket</strong>. Claim your tickets on this page before the draw.</p>',
        },
      },
      reason: REASON,
    }),
  );
  return item.id;
}

/**
 * The raffle (prizes within the set-up ceilings, so it opens at once) on its promotion, which
 * lists it, with the rule that gives a ticket per deposit of R$ 20,00 or more.
 */
async function seedRaffle(services: RewardsServices, asker: DemoOperator): Promise<PaidPromotion> {
  const promotionId = await draftRafflePromotion(services, asker);
  await services.promoReview.saveSettings(
    asker.operatorId,
    promotionId,
    promoSettingsBodySchema.parse({
      mode: 'auto',
      period: 'weekly',
      startsAt: null,
      endsAt: null,
      rewardKind: null,
      rewardAmount: null,
      reason: REASON,
    }),
  );
  const raffle = await services.raffles.create(
    asker.operatorId,
    raffleCreateBodySchema.parse({
      promotionId,
      title: 'Sorteio semanal',
      drawAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      prizes: [
        { rewardKind: 'cash', amount: '50000' },
        { rewardKind: 'cash', amount: '20000' },
        { rewardKind: 'bonus', amount: '10000' },
      ],
      reason: REASON,
    }),
  );
  const rule = await services.rewards.rules.create(asker.operatorId, {
    name: 'Bilhete do sorteio semanal por depósito',
    promotionId,
    trigger: 'deposit_credited',
    conditions: { depositMin: '2000' },
    reward: { kind: 'raffle_ticket', amount: '1', params: { raffleId: raffle.id } },
  });
  return { promotionId, ruleId: rule.id };
}

/**
 * A demo promotion's id by its key (the content seed published it, under its PT title); null when
 * the demo's content is not installed (DEMO_CONTENT off), and then its rule is not made either.
 */
async function demoPromotionId(services: RewardsServices, key: string): Promise<string | null> {
  const { words } = DEMO_PROMOTIONS.find((p) => p.key === key)!;
  return (await services.content.live('promotion', 'PT')).find((p) => p.title === words.PT.title)?.id ?? null;
}

/** A promotion players opt in to each day (its rule's joinedPromotion): the join, per day. */
async function dailyJoin(services: RewardsServices, asker: DemoOperator, promotionId: string): Promise<void> {
  await services.promoReview.saveSettings(
    asker.operatorId,
    promotionId,
    promoSettingsBodySchema.parse({
      mode: 'join',
      period: 'daily',
      startsAt: null,
      endsAt: null,
      rewardKind: null,
      rewardAmount: null,
      reason: REASON,
    }),
  );
}

/** The welcome bonus the demo's promotion announces: 100% of the first deposit of R$ 20,00 or more, up to R$ 500,00, wagered 10 times, for 30 days. */
async function seedWelcomeBonus(services: RewardsServices, asker: DemoOperator): Promise<PaidPromotion | null> {
  const promotionId = await demoPromotionId(services, 'welcome');
  if (!promotionId) return null;
  const rule = await services.rewards.rules.create(asker.operatorId, {
    name: 'Bônus de boas-vindas',
    promotionId,
    trigger: 'deposit_credited',
    conditions: { firstDeposit: true, depositMin: '2000' },
    reward: {
      kind: 'bonus',
      percentBp: 10_000,
      maxAmount: '50000',
      params: { wageringMultiple: 10, expiresInHours: 720 },
    },
    perPlayerCap: 1,
  });
  return { promotionId, ruleId: rule.id };
}

/** Top-up Friday: on a Friday, for a player who opted in that day, 20% of each deposit of R$ 50,00 or more up to R$ 200,00, wagered 5 times. */
async function seedFridayReload(services: RewardsServices, asker: DemoOperator): Promise<PaidPromotion | null> {
  const promotionId = await demoPromotionId(services, 'friday');
  if (!promotionId) return null;
  await dailyJoin(services, asker, promotionId);
  const rule = await services.rewards.rules.create(asker.operatorId, {
    name: 'Sexta da recarga',
    promotionId,
    trigger: 'deposit_credited',
    conditions: { weekdays: [5], depositMin: '5000', joinedPromotion: true },
    reward: { kind: 'bonus', percentBp: 2_000, maxAmount: '20000', params: { wageringMultiple: 5 } },
  });
  return { promotionId, ruleId: rule.id };
}

/** The daily slots challenge: a player who joined that day and staked R$ 100,00 on slots in it gets R$ 5,00 of bonus, wagered once; once a day. */
async function seedSlotsChallenge(services: RewardsServices, asker: DemoOperator): Promise<PaidPromotion | null> {
  const promotionId = await demoPromotionId(services, 'tournament');
  if (!promotionId) return null;
  await dailyJoin(services, asker, promotionId);
  const rule = await services.rewards.rules.create(asker.operatorId, {
    name: 'Desafio diário de slots',
    promotionId,
    trigger: 'round_settled',
    conditions: {
      roundCategories: ['RNG'],
      turnoverInPeriod: { period: 'day', min: '10000', category: 'RNG' },
      joinedPromotion: true,
    },
    reward: { kind: 'bonus', amount: '500', params: { wageringMultiple: 1 } },
    perPlayerCap: 1,
    capPeriod: 'daily',
  });
  return { promotionId, ruleId: rule.id };
}

/**
 * Link a promotion to the live rule that pays it and make it a bonus offer, as the operator does in
 * its editor (docs/decisions.md, "A promotion pays what it promises"); a draft is then published.
 */
async function linkPromotion(services: RewardsServices, asker: DemoOperator, paid: PaidPromotion): Promise<void> {
  await services.promoRewards.save(asker.operatorId, paid.promotionId, { ruleIds: [paid.ruleId], reason: REASON });
  const item = await services.content.getItem(paid.promotionId);
  if (!item.bonusOffer)
    await services.content.update(
      actorOf(asker),
      item.id,
      contentItemBodySchema.parse({
        kind: item.kind,
        groupCode: item.groupCode,
        sortOrder: item.sortOrder,
        publishFrom: item.publishFrom,
        publishUntil: item.publishUntil,
        linkage: item.linkage,
        imageName: item.image?.name ?? null,
        tags: item.tags,
        bonusOffer: true,
        translations: item.translations,
        reason: REASON,
      }),
    );
  if (item.status === 'draft') await services.content.setStatus(actorOf(asker), item.id, 'published', REASON);
}

/** Every rewards programme on, with content; answers what it made (the start's log line). */
export async function seedDemoRewards(services: RewardsServices): Promise<DemoRewards> {
  const { asker, approver } = await seedDemoOperators(services);
  await switchPointsOn(services, asker);
  const mallItems = await seedMall(services, asker);
  await seedRebate(services, asker, approver);
  await services.referral.writeSettings(
    asker.operatorId,
    referralSettingsUpdateSchema.parse({
      enabled: true,
      minFirstDepositMinor: '2000',
      minTurnoverMinor: '10000',
      withinDays: 30,
      rewardMinor: '1000',
      reason: REASON,
    }),
  );
  const missions = await seedMissions(services, asker);
  const paid = [
    await seedRaffle(services, asker),
    await seedWelcomeBonus(services, asker),
    await seedFridayReload(services, asker),
    await seedSlotsChallenge(services, asker),
  ].filter((p): p is PaidPromotion => p !== null);
  for (const { ruleId } of paid) await services.rewards.rules.setStatus(asker.operatorId, ruleId, 'live', 1);
  for (const promotion of paid) await linkPromotion(services, asker, promotion);
  const names = await services.operators.namesOf([asker.operatorId, approver.operatorId]);
  return { operators: [...names.values()], mallItems, missions, raffles: 1, rules: paid.length };
}
