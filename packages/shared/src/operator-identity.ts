import type { JurisdictionProfile } from './jurisdiction';

/**
 * Who runs the site, as a licence asks the site to say it (docs/compliance.md, "Operator
 * identification"): the operator's legal name, company number (CNPJ), registered address and
 * licence number, a link to the regulator's central self-exclusion platform, and the domain the
 * licensed site must live under. One object per profile, read by the server (the site settings'
 * check, the public answer, the back office's notes) and by nothing else, so a rule has one home.
 * It sits beside the licence's rules (licence.ts) and can join them there.
 */

/** The identification fields, in the order the site shows them. */
export const OPERATOR_IDENTITY_FIELDS = ['legalName', 'cnpj', 'registeredAddress', 'authorisationNumber'] as const;
export type OperatorIdentityField = (typeof OPERATOR_IDENTITY_FIELDS)[number];
export type OperatorIdentity = Record<OperatorIdentityField, string>;

export type OperatorIdentityRules = {
  /** Every identification field must be filled before the settings are saved. */
  isIdentityRequired: boolean;
  /** The footer links to the regulator's central self-exclusion platform. */
  hasSelfExclusionLink: boolean;
  /** The domain the site's public addresses must be under (`bet.br`), or null for any. */
  publicDomain: string | null;
};

const RULES: Record<JurisdictionProfile, OperatorIdentityRules> = {
  permissive: { isIdentityRequired: false, hasSelfExclusionLink: false, publicDomain: null },
  // SPA/MF Ordinance 1.231/2024 (identification on the site), the central self-exclusion platform
  // (SPA/MF, December 2025), IN SPA/MF 11/2024 with Ordinance 722/2024 (only bet.br domains):
  // read from summaries, see docs/compliance.md.
  BR: { isIdentityRequired: true, hasSelfExclusionLink: true, publicDomain: 'bet.br' },
};

/** The identification rules of a profile. */
export function operatorIdentityRules(profile: JurisdictionProfile): OperatorIdentityRules {
  return RULES[profile];
}

/** The identification fields left blank that the profile asks for (none under a profile that asks none). */
export function findMissingIdentityFields(
  identity: OperatorIdentity,
  profile: JurisdictionProfile,
): OperatorIdentityField[] {
  if (!operatorIdentityRules(profile).isIdentityRequired) return [];
  return OPERATOR_IDENTITY_FIELDS.filter((field) => identity[field].trim() === '');
}

/** Whether an address's host is the domain or under it (`https://lumen.bet.br` is under `bet.br`; `bet.br.example` is not). */
export function isUnderDomain(url: string, domain: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return host === domain || host.endsWith(`.${domain}`);
}
