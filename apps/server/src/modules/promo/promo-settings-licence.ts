import type { Kysely } from 'kysely';
import { promoRewardBreach } from '@wps/shared/bonus-offers';
import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { blockerOf, refuseBreach } from '../licence/licence-offers';
import { findAllSettings } from './promo.repository';

type Db = Kysely<Database>;

/*
 * A promotion's participation settings under a licence that forbids bonuses (BR: Law 14.790/2023
 * art. 29 I; docs/compliance.md, "Bonuses and advances"): the reward an approved application pays
 * may not be bonus money. Cash and points stay (an application is judged by an operator, on what the
 * player did, not on a deposit).
 */

/** Refuse settings whose reward the licence forbids, in the saving transaction (field `rewardKind`). */
export async function refusePromoReward(
  trx: Db,
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>,
  settings: { rewardKind: string | null },
): Promise<void> {
  const profile = await licenceProfile(trx);
  refuseBreach(profile, promoRewardBreach(licenceRules(profile), settings));
}

/** The promotions' settings a profile would forbid: a switch to it is refused while they stand. */
export async function promoSettingsLicenceBlockers(trx: Db, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
  const rules = licenceRules(to);
  const blockers: LicenceBlocker[] = [];
  for (const row of await findAllSettings(trx)) {
    const breach = promoRewardBreach(rules, { rewardKind: row.rewardKind });
    if (breach) blockers.push(blockerOf('promotion_settings', row.promotionId, `#${row.promotionId}`, breach));
  }
  return blockers;
}
