import type { Kysely } from 'kysely';
import { vipLevelBreach } from '@wps/shared/bonus-offers';
import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { blockerOf, refuseBreach } from '../licence/licence-offers';
import { findVipLevels, type VipLevelRow } from './vip.repository';

type Db = Kysely<Database>;

/*
 * VIP levels under a licence that forbids deposit-conditioned rewards (BR: Law 14.790/2023 art. 29 I;
 * docs/compliance.md, "Bonuses and advances"). A level reached by depositing (a deposit threshold)
 * that pays money (a cash upgrade or monthly bonus) is a reward conditioned on a deposit. Levels,
 * their names and colours, points multipliers and points bonuses stay: non-monetary loyalty.
 */

/** Refuse the levels being saved when one breaks the licence; the field is the level's in the list as sent. */
export function refuseVipBreach(profile: JurisdictionProfile, levels: readonly VipLevelRow[]): void {
  const rules = licenceRules(profile);
  for (const [i, level] of levels.entries()) refuseBreach(profile, vipLevelBreach(rules, level), `levels.${i}.`);
}

/** The VIP levels a profile would forbid (levels are always in force): a switch to it is refused while they stand. */
export async function vipLicenceBlockers(trx: Db, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
  const rules = licenceRules(to);
  const blockers: LicenceBlocker[] = [];
  for (const level of await findVipLevels(trx)) {
    const breach = vipLevelBreach(rules, level);
    if (breach) blockers.push(blockerOf('vip_level', String(level.rankLevel), level.labelName, breach));
  }
  return blockers;
}
