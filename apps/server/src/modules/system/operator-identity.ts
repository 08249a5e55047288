import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import {
  OPERATOR_IDENTITY_FIELDS,
  findMissingIdentityFields,
  isUnderDomain,
  operatorIdentityRules,
  type OperatorIdentity,
} from '@wps/shared/operator-identity';
import type { LicenceNotes, PublicOperatorIdentity } from '@wps/shared/schemas/operator-identity';

/*
 * The operator's identification as the licence asks the site to show it (docs/compliance.md,
 * "Operator identification"): what the player site receives, and what the back office is told.
 * The profile is passed in by the caller, which reads it through its one `profile()` dependency.
 */

/**
 * The permission call's `operatorIdentity`: each field that is filled, null for a blank one (the
 * footer draws no "CNPJ:" line without a number), and the self-exclusion platform's link only where
 * the licence asks for it. Under any profile the filled fields are shown.
 */
export function toPublicOperatorIdentity(
  identity: OperatorIdentity,
  selfExclusionUrl: string,
  profile: JurisdictionProfile,
): PublicOperatorIdentity {
  const shown = Object.fromEntries(
    OPERATOR_IDENTITY_FIELDS.map((field) => [field, identity[field].trim() || null]),
  ) as Record<(typeof OPERATOR_IDENTITY_FIELDS)[number], string | null>;
  return { ...shown, selfExclusionUrl: operatorIdentityRules(profile).hasSelfExclusionLink ? selfExclusionUrl : null };
}

/**
 * What the back office warns about under the profile: the required identification fields left
 * blank, and the public address (`PUBLIC_URL`) and listed domains that are not under the licence's
 * domain. Warnings only: the site keeps running (a staging copy lives elsewhere by design).
 */
export function describeLicenceNotes({
  profile,
  identity,
  publicUrl,
  domains,
}: {
  profile: JurisdictionProfile;
  identity: OperatorIdentity;
  publicUrl: string;
  domains: readonly string[];
}): LicenceNotes {
  const rules = operatorIdentityRules(profile);
  const domain = rules.publicDomain;
  const addresses = [...new Set([publicUrl, ...domains])];
  return {
    profile,
    isIdentityRequired: rules.isIdentityRequired,
    missingIdentity: findMissingIdentityFields(identity, profile),
    hasSelfExclusionLink: rules.hasSelfExclusionLink,
    publicDomain: domain,
    publicUrl,
    outsideDomain: domain === null ? [] : addresses.filter((address) => !isUnderDomain(address, domain)),
  };
}
