import { licenceRules, type JurisdictionProfile, type LicenceRules } from './licence';

export type { JurisdictionProfile } from './licence';
export { JURISDICTION_PROFILES } from './licence';

/**
 * What a licence asks of registration, identity and payments: the part of the operator's licence
 * (licence.ts, one object per profile with each rule's source) that the site and the identity,
 * deposit and withdrawal modules read. docs/compliance.md names each rule's source.
 */
export type JurisdictionRules = Pick<
  LicenceRules,
  | 'identity'
  | 'minimumAge'
  | 'kyc'
  | 'barredList'
  | 'limitsAtSignUp'
  | 'addressAtSignUp'
  | 'genderAtSignUp'
  | 'contactConfirmation'
  | 'depositMethods'
  | 'ownAccountsOnly'
>;

/** The rules of a profile. */
export function jurisdictionRules(profile: JurisdictionProfile): JurisdictionRules {
  const r = licenceRules(profile);
  return {
    identity: r.identity,
    minimumAge: r.minimumAge,
    kyc: r.kyc,
    barredList: r.barredList,
    limitsAtSignUp: r.limitsAtSignUp,
    addressAtSignUp: r.addressAtSignUp,
    genderAtSignUp: r.genderAtSignUp,
    contactConfirmation: r.contactConfirmation,
    depositMethods: r.depositMethods,
    ownAccountsOnly: r.ownAccountsOnly,
  };
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD), as a birthday counts them. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
