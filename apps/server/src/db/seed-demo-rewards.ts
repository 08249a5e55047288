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
  'operators' | 'siteSettings' | 'loyalty' | 'rebate' | 'referral' | 'missions' | 'content' | 'promoReview' | 'raffles'
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

/** A promotion item of the rewards' own, published (the raffle's page). */
async function publishPromotion(services: RewardsServices, asker: DemoOperator): Promise<string> {
  const actor = { actorType: 'operator' as const, actorId: asker.operatorId };
  const item = await services.content.create(
    actor,
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
  await services.content.setStatus(actor, item.id, 'published', REASON);
  return item.id;
}

/**
 * The raffle (prizes within the set-up ceilings, so it opens at once) on its promotion, which
 * lists it, with the rule that gives a ticket per deposit of R$ 20,00 or more.
 */
async function seedRaffle(services: RewardsServices, asker: DemoOperator): Promise<string[]> {
  const promotionId = await publishPromotion(services, asker);
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
  return [rule.id];
}

/** The welcome bonus the demo's promotion announces: 100% of the first deposit up to R$ 500,00, wagered 10 times. */
async function seedWelcomeBonus(services: RewardsServices, asker: DemoOperator): Promise<string> {
  const welcome = DEMO_PROMOTIONS.find((p) => p.key === 'welcome')!;
  const promotion = (await services.content.live('promotion', 'PT')).find((p) => p.title === welcome.words.PT.title);
  const rule = await services.rewards.rules.create(asker.operatorId, {
    name: 'Bônus de boas-vindas',
    promotionId: promotion?.id ?? null,
    trigger: 'deposit_credited',
    conditions: { firstDeposit: true, depositMin: '2000' },
    reward: { kind: 'bonus', percentBp: 10_000, maxAmount: '50000', params: { wageringMultiple: 10 } },
    perPlayerCap: 1,
  });
  return rule.id;
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
  const ruleIds = [...(await seedRaffle(services, asker)), await seedWelcomeBonus(services, asker)];
  for (const id of ruleIds) await services.rewards.rules.setStatus(asker.operatorId, id, 'live', 1);
  const names = await services.operators.namesOf([asker.operatorId, approver.operatorId]);
  return { operators: [...names.values()], mallItems, missions, raffles: 1, rules: ruleIds.length };
}
