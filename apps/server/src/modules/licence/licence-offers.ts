import type { LicenceBreach } from '@wps/shared/bonus-offers';
import { ErrorCode } from '@wps/shared/error-codes';
import { ruleSource, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import { AppError } from '../../http/app-error';

/**
 * A set-up the licence forbids, refused on save (a mission, a VIP level, a raffle, an item of
 * content; packages/shared/src/bonus-offers.ts decides what breaks a rule). LICENCE_REFUSED, as the
 * port's refusals, with the rule, the profile and its source, and the field it concerns (the back
 * office shows the refusal under it) and the word that broke it where words did.
 */
export function refuseBreach(profile: JurisdictionProfile, breach: LicenceBreach | null, fieldPrefix = ''): void {
  if (!breach) return;
  throw new AppError(ErrorCode.LICENCE_REFUSED, `The ${profile} licence refuses this (${breach.rule})`, {
    rule: breach.rule,
    profile,
    source: ruleSource(profile, breach.rule),
    field: `${fieldPrefix}${breach.field}`,
    ...(breach.word === undefined ? {} : { word: breach.word }),
  });
}

/** A live set-up that stands in the way of a switch, as the licence's list names it. */
export function blockerOf(kind: string, id: string, label: string, breach: LicenceBreach): LicenceBlocker {
  return { kind, id, label, rule: breach.rule };
}
