import { licenceRules, type JurisdictionProfile } from './licence';

/**
 * The rewards engine's view of the operator's licence (licence.ts): what a licence lets an operator
 * give, and on what conditions. The engine refuses to save or run a rule, or issue a grant, that the
 * operator's profile forbids, with the reason's code (shown in the back office in the operator's
 * language).
 *
 * - `permissive`: every reward kind and condition (licences that allow deposit bonuses with wagering).
 * - `BR` (Brazil, Law 14.790/2023 art. 29 I; the 2024 advertising ordinance arts. 42–43): no advance
 *   or sign-up bonus and no promotion conditioned on a deposit. So no bonus money, no rule triggered
 *   by registration or by a deposit, no deposit condition, and no registration bonus (the site
 *   setting that credits every new account). Loyalty points are allowed: they sit in their own
 *   ledger, apart from the money wallet.
 */
export { JURISDICTION_PROFILES, type JurisdictionProfile } from './licence';

export type JurisdictionRefusal =
  | 'REWARD_KIND_FORBIDDEN'
  | 'TRIGGER_FORBIDDEN'
  | 'DEPOSIT_CONDITION_FORBIDDEN'
  | 'SIGN_UP_BONUS_FORBIDDEN'
  | 'LEVEL_CHANGE_MONEY_FORBIDDEN';

/** Reward kinds paid in the operator's money (cash, bonus money), as against points, tickets and mission steps. */
const MONEY_REWARD_KINDS: readonly string[] = ['cash', 'bonus'];

/** The reasons a profile refuses a rule (empty: allowed). */
export function jurisdictionRefusals(
  profile: JurisdictionProfile,
  rule: { rewardKind: string; trigger?: string | undefined; usesDepositCondition?: boolean | undefined },
): JurisdictionRefusal[] {
  const p = licenceRules(profile);
  const out: JurisdictionRefusal[] = [];
  if (p.forbiddenRewardKinds.includes(rule.rewardKind)) out.push('REWARD_KIND_FORBIDDEN');
  if (rule.trigger && p.forbiddenRewardTriggers.includes(rule.trigger)) out.push('TRIGGER_FORBIDDEN');
  if (rule.usesDepositCondition && !p.depositConditions) out.push('DEPOSIT_CONDITION_FORBIDDEN');
  // A level is reached by deposits as well as play, so money on a level change is a deposit-conditioned reward.
  if (rule.trigger === 'level_changed' && MONEY_REWARD_KINDS.includes(rule.rewardKind) && !p.moneyOnLevelChange)
    out.push('LEVEL_CHANGE_MONEY_FORBIDDEN');
  return out;
}

/** Whether the profile lets the operator credit a registration bonus to new accounts. */
export function allowsSignUpBonus(profile: JurisdictionProfile): boolean {
  return licenceRules(profile).signUpBonus;
}

/** Whether the profile lets a reward depend on deposits (first deposit, amounts deposited). */
export function allowsDepositConditions(profile: JurisdictionProfile): boolean {
  return licenceRules(profile).depositConditions;
}
