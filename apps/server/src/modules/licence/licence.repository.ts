import type { Kysely, Selectable } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { LicenceChangeStatus } from '../../db/tables/licence';

type Db = Kysely<Database>;
export type LicenceRow = CamelRow<Selectable<Database['operator_licence']>>;
export type LicenceChangeRow = CamelRow<Selectable<Database['licence_changes']>>;

const toChange = (row: Selectable<Database['licence_changes']>): LicenceChangeRow => camelRow(row);

/** The profile in force, read without a lock (what the back office and the site show). */
export async function findLicence(db: Db): Promise<LicenceRow> {
  return camelRow(await db.selectFrom('operator_licence').selectAll().executeTakeFirstOrThrow());
}

/**
 * The profile in force under a share lock: a door decides with it inside the transaction that
 * acts, and a switch (lockLicence) waits for every such transaction and they for it.
 */
export async function shareLicence(trx: Db): Promise<JurisdictionProfile> {
  const row = await trx.selectFrom('operator_licence').select('profile').forShare().executeTakeFirstOrThrow();
  return row.profile;
}

/** The licence row under an update lock, for a switch. */
export async function lockLicence(trx: Db): Promise<LicenceRow> {
  return camelRow(await trx.selectFrom('operator_licence').selectAll().forUpdate().executeTakeFirstOrThrow());
}

export async function writeLicence(trx: Db, profile: JurisdictionProfile, by: string | null): Promise<void> {
  const at = new Date();
  await trx.updateTable('operator_licence').set({ profile, changed_at: at, changed_by: by, chosen_at: at }).execute();
}

/** The console kept the profile in force: it is chosen from now on, though nothing changed. */
export async function markLicenceChosen(trx: Db): Promise<void> {
  await trx.updateTable('operator_licence').set({ chosen_at: new Date() }).where('chosen_at', 'is', null).execute();
}

export async function insertLicenceChange(
  trx: Db,
  change: { from: JurisdictionProfile; to: JurisdictionProfile; reason: string; requestedBy: string },
): Promise<LicenceChangeRow> {
  return trx
    .insertInto('licence_changes')
    .values({
      profile_from: change.from,
      profile_to: change.to,
      reason: change.reason,
      status: 'pending',
      requested_by: change.requestedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toChange);
}

export async function findPendingLicenceChange(db: Db): Promise<LicenceChangeRow | undefined> {
  const row = await db.selectFrom('licence_changes').selectAll().where('status', '=', 'pending').executeTakeFirst();
  return row && toChange(row);
}

export async function lockLicenceChange(trx: Db, id: string): Promise<LicenceChangeRow | undefined> {
  const row = await trx.selectFrom('licence_changes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toChange(row);
}

export async function decideLicenceChange(
  trx: Db,
  id: string,
  decision: {
    status: Exclude<LicenceChangeStatus, 'pending'>;
    by: string;
    reason: string | null;
    blockers: LicenceBlocker[];
  },
): Promise<LicenceChangeRow> {
  return trx
    .updateTable('licence_changes')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: new Date(),
      decision_reason: decision.reason,
      blockers: JSON.stringify(decision.blockers),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toChange);
}

export async function findRecentLicenceChanges(db: Db, limit: number): Promise<LicenceChangeRow[]> {
  const rows = await db.selectFrom('licence_changes').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toChange);
}
