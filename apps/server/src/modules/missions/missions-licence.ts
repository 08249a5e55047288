import type { Kysely } from 'kysely';
import { missionBreach } from '@wps/shared/bonus-offers';
import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { blockerOf, refuseBreach } from '../licence/licence-offers';
import { findLiveMissions } from './missions.repository';

type Db = Kysely<Database>;

/** The licence profile in force, read in the caller's transaction (the licence module owns it). */
export type LicenceProfileSource = (db: Db) => Promise<JurisdictionProfile>;

/*
 * Missions under a licence that forbids deposit-conditioned rewards (BR: Law 14.790/2023 art. 29 I;
 * docs/compliance.md, "Bonuses and advances"): a mission pays money once its steps are done, so a
 * step that counts deposits makes that money conditioned on a deposit. Stake, games and login
 * steps stay: they reward play already made.
 */

/** Refuse a mission with a deposit step where the licence forbids it (on save, and on every switch to live). */
export async function refuseMissionBreach(
  trx: Db,
  licenceProfile: LicenceProfileSource,
  mission: { steps: readonly { kind: string }[] },
): Promise<void> {
  const profile = await licenceProfile(trx);
  refuseBreach(profile, missionBreach(licenceRules(profile), mission));
}

/** The live missions a profile would forbid: a switch of licence to it is refused while they are live. */
export async function missionLicenceBlockers(trx: Db, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
  const rules = licenceRules(to);
  const blockers: LicenceBlocker[] = [];
  for (const m of await findLiveMissions(trx)) {
    const breach = missionBreach(rules, m);
    if (breach) blockers.push(blockerOf('mission', String(m.id), m.titlePt, breach));
  }
  return blockers;
}
