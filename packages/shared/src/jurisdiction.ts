import type { JurisdictionProfile } from './rewards-jurisdiction';

export type { JurisdictionProfile } from './rewards-jurisdiction';
export { JURISDICTION_PROFILES } from './rewards-jurisdiction';

/**
 * What a licence asks of the whole site, beyond the rewards engine's rules
 * (rewards-jurisdiction.ts): who may play, how they are identified, how they pay, and which
 * player protections are on. One profile per operator, stored where the rewards engine keeps it
 * (`reward_settings.jurisdiction`) and read by every module through the composition root.
 * docs/compliance.md names each rule's source.
 *
 * - `permissive`: the generic site (no national identity, no mandatory protections).
 * - `BR`: Brazil, Law 14.790/2023 and the Ministry of Finance's ordinances (SPA/MF), with the UK
 *   Gambling Commission's rules (RTS 12, RTS 13, LCCP) where Brazil's are silent.
 */
export type JurisdictionRules = {
  /** The national identity every player registers with ('cpf': Brazil's taxpayer number, one account per CPF). */
  identity: 'none' | 'cpf';
  /** Registration asks for the date of birth and refuses anyone younger than this. */
  minimumAge: number | null;
  /** Identity checked by a KYC provider before a withdrawal (and before deposits past a low limit). */
  kyc: boolean;
  /** Every CPF checked against the regulator's barred-persons list (at sign-up, daily login, every 15 days). */
  barredList: boolean;
  /** Registration asks for deposit and time limits. */
  limitsAtSignUp: boolean;
  /** Deposit methods allowed (Brazil: PIX and bank transfer from the player's own CPF; no cards, crypto or cash). */
  depositMethods: readonly ('pix' | 'bank_transfer' | 'card' | 'crypto' | 'cash' | 'other')[] | 'any';
  /** Withdrawals only to accounts and PIX keys under the player's own identity. */
  ownAccountsOnly: boolean;
};

const RULES: Record<JurisdictionProfile, JurisdictionRules> = {
  permissive: {
    identity: 'none',
    minimumAge: null,
    kyc: false,
    barredList: false,
    limitsAtSignUp: false,
    depositMethods: 'any',
    ownAccountsOnly: false,
  },
  BR: {
    identity: 'cpf',
    minimumAge: 18,
    kyc: true,
    barredList: true,
    limitsAtSignUp: true,
    depositMethods: ['pix', 'bank_transfer'],
    ownAccountsOnly: true,
  },
};

/** The rules of a profile. */
export function jurisdictionRules(profile: JurisdictionProfile): JurisdictionRules {
  return RULES[profile];
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD), as a birthday counts them. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
