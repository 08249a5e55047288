import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { OpsVipLevel } from '@wps/shared/schemas/vip';
import { seedDemoContent } from '../modules/content/content.seed';
import type { AppServices } from '../services';
import { seedDemoPlayers } from './seed-demo-players';
import { seedDemoRewards, type DemoRewards } from './seed-demo-rewards';

/*
 * The demo operator's licence (DEMO_JURISDICTION, docs/compliance.md "The demo operator"): on the
 * start that creates the database, the demo is installed under its profile the way an operator
 * would prepare a switch, then switched through the licence module's own check: every blocker
 * source the back office's switch asks is asked here, and the switch is refused, like any other,
 * while anything live breaks the profile. No back door: the seed only changes what an operator
 * could change, then asks.
 */

const SEED_ACTOR = { actorType: 'system', actorId: 'demo-seed' } as const;
const SEED_REASON = 'demo installation (DEMO_JURISDICTION)';

type SeedServices = Pick<AppServices, 'licence' | 'catalogue' | 'lottery' | 'loyalty'>;

/** A VIP level reached by depositing that pays money: what BR refuses (bonus-offers.ts, vipLevelBreach). */
function paysMoneyOnDeposits(level: OpsVipLevel): boolean {
  const isMoney = (kind: string, amount: string) => kind === 'cash' && Number(amount) > 0;
  return (
    Number(level.deposit) > 0 &&
    (isMoney(level.upgradeBonusKind, level.upgradeBonus) || isMoney(level.monthlyBonusKind, level.monthlyBonus))
  );
}

/**
 * The default VIP levels (migration 0261) pay cash bonuses on levels with a deposit threshold,
 * which BR forbids: their bonuses become points, as an operator changes them before a switch.
 */
export async function makeVipLevelsBrReady(
  services: Pick<AppServices, 'loyalty'>,
  operatorId: string = SEED_ACTOR.actorId,
): Promise<void> {
  const { vip } = services.loyalty;
  const settings = await vip.getSettings();
  if (!settings.levels.some(paysMoneyOnDeposits)) return;
  const asPoints = (l: OpsVipLevel): OpsVipLevel => ({ ...l, upgradeBonusKind: 'points', monthlyBonusKind: 'points' });
  await vip.saveSettings(operatorId, {
    ...settings,
    levels: settings.levels.map((l) => (paysMoneyOnDeposits(l) ? asPoints(l) : l)),
  });
}

/**
 * Switch off the live products `profile` forbids (the demo catalogue's P2P tables are disabled,
 * its foreign lottery draws paused), through the catalogue's and the lottery's own operations.
 */
export async function switchOffForbiddenProducts(
  services: SeedServices,
  profile: JurisdictionProfile,
  actor: { actorType: 'system'; actorId: string } = SEED_ACTOR,
  reason = SEED_REASON,
): Promise<LicenceBlocker[]> {
  const { licence, catalogue, lottery } = services;
  const products = (await licence.changes.blockers(profile)).filter((b) => b.rule === 'forbiddenProducts');
  for (const b of products) {
    if (b.kind === 'game') await catalogue.setGameStatus(actor, b.id, 'disabled', reason);
    if (b.kind === 'lottery_game') await lottery.ops.setGameStatus(actor, b.id, 'paused', reason);
  }
  return products;
}

/**
 * Install the demo under `profile`: the set-ups it forbids are changed first, then the licence is
 * set through the switch's blockers check and audited as the seed (`licence.seed_set`). Refused
 * (LICENCE_SWITCH_BLOCKED, with the list) if anything else would break it: the start fails loudly
 * rather than serve a demo that breaks its own licence.
 */
export async function seedDemoLicence(services: SeedServices, profile: JurisdictionProfile): Promise<void> {
  await prepareForLicence(services, profile);
  await services.licence.changes.setFromConsole(profile, SEED_REASON, SEED_ACTOR, 'seed');
}

/**
 * What an operator changes before a switch to `profile`, done for them (the demo's installation,
 * and the console's `licence:set --prepare`): under BR the VIP levels' cash bonuses on deposit
 * thresholds become points and the products BR forbids are switched off, each through its module's
 * own operation and audited as `actor`. Anything else that breaks the profile (a bonus rule, a
 * bonus banner) is the operator's to change: the switch still refuses it. Returns the products
 * switched off.
 */
export async function prepareForLicence(
  services: SeedServices,
  profile: JurisdictionProfile,
  actor: { actorType: 'system'; actorId: string } = SEED_ACTOR,
  reason = SEED_REASON,
): Promise<LicenceBlocker[]> {
  if (profile !== 'BR') return [];
  await makeVipLevelsBrReady(services, actor.actorId);
  return switchOffForbiddenProducts(services, profile, actor, reason);
}

export type DemoInstallation = {
  profile: JurisdictionProfile;
  contentItems: number;
  players: string[];
  rewards: DemoRewards | null;
};

/**
 * What the first server start of a new database installs after the app is built (server.ts,
 * whichever command created the database): the licence first (DEMO_JURISDICTION's, unless the
 * console chose one before), so the content and the players are made under it and through its doors; the
 * demo's site content when DEMO_CONTENT allows, without what the licence forbids; under BR the
 * demo players (seed-demo-players.ts), where the sandbox identity provider runs; under the
 * permissive profile, when DEMO_REWARDS allows, every rewards programme on with its demo operators
 * (seed-demo-rewards.ts). BR gets none: its licence forbids bonuses.
 */
export async function installDemo(
  services: SeedServices &
    Pick<AppServices, 'content' | 'member' | 'session' | 'responsibleGaming' | 'kyc' | 'security' | 'notifier'> &
    Parameters<typeof seedDemoRewards>[0],
  options: { profile: JurisdictionProfile; content: boolean; rewards: boolean },
): Promise<DemoInstallation> {
  // A licence the operator chose before the first start (the console's `licence:set`) stands; the
  // rest of the demo is installed under the profile in force, so it breaks none of its rules.
  if (!(await services.licence.changes.chosen())) await seedDemoLicence(services, options.profile);
  const { profile } = await services.licence.view();
  // The demo's promotions are paid by its rewards programmes (seed-demo-rewards.ts): without them, none.
  const promotions = profile === 'permissive' && options.rewards;
  const contentItems = options.content
    ? await seedDemoContent(services.content, licenceRules(profile), { promotions })
    : 0;
  // The demo players pass the sandbox identity check and confirm an e-mail through the development
  // outbox: where either is off (production), there are none. They are the BR demo's: a server told
  // to install another profile makes none, whatever licence the console chose.
  const sandboxed = services.kyc.isSandboxEnabled && services.notifier.servesDevOutbox('email');
  const brDemo = options.profile === 'BR' && profile === 'BR';
  const players = brDemo && sandboxed ? await seedDemoPlayers(services) : [];
  const rewards = profile === 'permissive' && options.rewards ? await seedDemoRewards(services) : null;
  return { profile, contentItems, players, rewards };
}
