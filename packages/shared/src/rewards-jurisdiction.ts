/**
 * Jurisdiction profiles of the rewards engine: what a licence lets an operator give, and on what
 * conditions. The engine refuses to save or run a rule, or issue a grant, that the operator's
 * profile forbids, with the reason's code (shown in the back office in the operator's language).
 *
 * - `permissive`: every reward kind and condition (licences that allow deposit bonuses with wagering).
 * - `BR` (Brazil, Law 14.790/2023 art. 29 I; the 2024 advertising ordinance arts. 42–43): no advance
 *   or sign-up bonus and no promotion conditioned on a deposit. So no bonus money, no rule triggered
 *   by registration or by a deposit, no deposit condition, and no registration bonus (the site
 *   setting that credits every new account). Loyalty points are allowed: they sit in their own
 *   ledger, apart from the money wallet.
 */
export const JURISDICTION_PROFILES = ['permissive', 'BR'] as const;
export type JurisdictionProfile = (typeof JURISDICTION_PROFILES)[number];

export type JurisdictionRefusal =
  | 'REWARD_KIND_FORBIDDEN'
  | 'TRIGGER_FORBIDDEN'
  | 'DEPOSIT_CONDITION_FORBIDDEN'
  | 'SIGN_UP_BONUS_FORBIDDEN';

type ProfileRules = {
  forbiddenKinds: readonly string[];
  forbiddenTriggers: readonly string[];
  /** Conditions on deposits (first deposit, amounts deposited). */
  depositConditions: boolean;
  /** The registration bonus: money credited to every new account when it is created. */
  signUpBonus: boolean;
};

const PROFILES: Record<JurisdictionProfile, ProfileRules> = {
  permissive: { forbiddenKinds: [], forbiddenTriggers: [], depositConditions: true, signUpBonus: true },
  BR: {
    forbiddenKinds: ['bonus'],
    forbiddenTriggers: ['registered', 'deposit_credited'],
    depositConditions: false,
    signUpBonus: false,
  },
};

/** The reasons a profile refuses a rule (empty: allowed). */
export function jurisdictionRefusals(
  profile: JurisdictionProfile,
  rule: { rewardKind: string; trigger?: string | undefined; usesDepositCondition?: boolean | undefined },
): JurisdictionRefusal[] {
  const p = PROFILES[profile];
  const out: JurisdictionRefusal[] = [];
  if (p.forbiddenKinds.includes(rule.rewardKind)) out.push('REWARD_KIND_FORBIDDEN');
  if (rule.trigger && p.forbiddenTriggers.includes(rule.trigger)) out.push('TRIGGER_FORBIDDEN');
  if (rule.usesDepositCondition && !p.depositConditions) out.push('DEPOSIT_CONDITION_FORBIDDEN');
  return out;
}

/** Whether the profile lets the operator credit a registration bonus to new accounts. */
export function allowsSignUpBonus(profile: JurisdictionProfile): boolean {
  return PROFILES[profile].signUpBonus;
}

/** Whether the profile lets a reward depend on deposits (first deposit, amounts deposited). */
export function allowsDepositConditions(profile: JurisdictionProfile): boolean {
  return PROFILES[profile].depositConditions;
}
