import type { LicenceRule, LicenceRules } from './licence';

/**
 * What a licence that forbids bonuses and advances (BR: Law 14.790/2023 art. 29 I) refuses in the
 * operator's set-ups outside the rewards engine's rules: missions, VIP levels, raffles and the site's
 * content. Each check answers the rule of licence.ts the set-up breaks and the field it concerns, or
 * null. The server refuses a save with it (LICENCE_REFUSED) and lists what is live when a switch of
 * licence would be refused (LICENCE_SWITCH_BLOCKED); the back office shows the refusal under the
 * field. docs/compliance.md, "Bonuses and advances", has the reading of the rules.
 */

export type LicenceBreach = { rule: LicenceRule; field: string; word?: string };

/**
 * Words that name a bonus or an advance, in Portuguese and English, compared without accents and
 * case. Deliberately short and coarse: a false hit asks the operator to reword a sentence, a miss
 * lets an advertisement through. "Bonus" also catches "bônus" and "bonificação" by its stem.
 */
export const BONUS_WORDS = [
  'bonus',
  'bonificacao',
  'bonificacoes',
  'gratis',
  'free bet',
  'free bets',
  'freebet',
  'freebets',
  'free spin',
  'free spins',
  'rodadas gratis',
  'aposta gratis',
  'cashback',
  'deposite e ganhe',
  'deposit bonus',
  'welcome offer',
  'oferta de boas-vindas',
] as const;

/**
 * A percentage offered on top of something: "100% + R$ 500", "100% até R$ 500", "50% up to",
 * "200% do depósito", "20% extra", "10% a mais".
 */
const PERCENT_OFFER =
  /\b\d{1,3}\s?%\s*(\+|ate\b|up to\b|do deposito\b|de deposito\b|on your deposit\b|match\b|extra\b|a mais\b|more\b)/;

/** Lower case without accents, HTML tags and entities, runs of spaces as one. */
function folded(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** The first bonus word in a text (or its HTML), as found in BONUS_WORDS or the percentage offered; null when none. */
export function findBonusWording(text: string): string | null {
  const plain = folded(text);
  for (const word of BONUS_WORDS) {
    // A word's start only ("bonus" in "bônus" and "bônus-relâmpago", never inside another word);
    // the folded text has single spaces, and the words hold only letters, spaces and hyphens.
    const at = new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'u');
    if (at.test(plain)) return word;
  }
  const percent = PERCENT_OFFER.exec(plain);
  return percent ? percent[0].trim() : null;
}

/** A content item as the check reads it: its flag and its words per language. */
export type ContentForLicence = {
  bonusOffer: boolean;
  translations: Record<string, { title: string; bodyHtml: string }>;
};

/** Where an item of content offers a bonus: its flag, or the first of its words that names one; null when nowhere. */
export function findBonusOffer(item: ContentForLicence): { field: string; word?: string } | null {
  if (item.bonusOffer) return { field: 'bonusOffer' };
  for (const [language, words] of Object.entries(item.translations)) {
    for (const part of ['title', 'bodyHtml'] as const) {
      const word = findBonusWording(words[part]);
      if (word) return { field: `translations.${language}.${part}`, word };
    }
  }
  return null;
}

/** An item of content the licence forbids: flagged a bonus offer, or whose words name one (the first found). */
export function contentBreach(rules: LicenceRules, item: ContentForLicence): LicenceBreach | null {
  if (rules.bonusAdvertising) return null;
  const found = findBonusOffer(item);
  return found ? { rule: 'bonusAdvertising', ...found } : null;
}

/** A mission the licence forbids: a step that counts deposits makes its reward conditioned on a deposit. */
export function missionBreach(
  rules: LicenceRules,
  mission: { steps: readonly { kind: string }[] },
): LicenceBreach | null {
  if (rules.depositConditions) return null;
  const i = mission.steps.findIndex((s) => s.kind === 'deposit');
  return i < 0 ? null : { rule: 'depositConditions', field: `steps.${i}.kind` };
}

/** A VIP level as the check reads it: amounts in minor units (or points), bonus kinds. */
export type VipLevelForLicence = {
  depositMinor: bigint;
  upgradeBonusKind: 'cash' | 'points';
  upgradeBonus: bigint;
  monthlyBonusKind: 'cash' | 'points';
  monthlyBonus: bigint;
};

/**
 * A VIP level the licence forbids: one reached by depositing (a deposit threshold above 0) that pays
 * money (an upgrade or monthly bonus of kind cash above 0). A level with points, or with money on
 * turnover alone, stays: it is non-monetary loyalty, or a reward for play already made.
 */
export function vipLevelBreach(rules: LicenceRules, level: VipLevelForLicence): LicenceBreach | null {
  if (rules.depositConditions || level.depositMinor <= 0n) return null;
  if (level.upgradeBonusKind === 'cash' && level.upgradeBonus > 0n)
    return { rule: 'depositConditions', field: 'upgradeBonus' };
  if (level.monthlyBonusKind === 'cash' && level.monthlyBonus > 0n)
    return { rule: 'depositConditions', field: 'monthlyBonus' };
  return null;
}

/** A promotion's reward (what an approved application pays) the licence forbids (BR: bonus money). */
export function promoRewardBreach(rules: LicenceRules, settings: { rewardKind: string | null }): LicenceBreach | null {
  return settings.rewardKind !== null && rules.forbiddenRewardKinds.includes(settings.rewardKind)
    ? { rule: 'forbiddenRewardKinds', field: 'rewardKind' }
    : null;
}

/** A raffle prize the licence forbids: a reward kind it does not let the operator give (BR: bonus money). */
export function rafflePrizesBreach(
  rules: LicenceRules,
  prizes: readonly { rewardKind: string }[],
): LicenceBreach | null {
  const i = prizes.findIndex((p) => rules.forbiddenRewardKinds.includes(p.rewardKind));
  return i < 0 ? null : { rule: 'forbiddenRewardKinds', field: `prizes.${i}.rewardKind` };
}
