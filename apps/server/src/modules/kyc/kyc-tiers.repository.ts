import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type KycTierSettings = { capMinor: bigint; reverifyDays: number };
export type KycMemberRow = { faceCheckedAt: Date | null; reverifyDueAt: Date | null };

/** The operator's tier settings (one row, seeded by migration 0370). */
export async function findTierSettings(db: Db): Promise<KycTierSettings> {
  const row = await db
    .selectFrom('kyc_settings')
    .select(['unverified_deposit_cap_minor', 'reverify_days'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { capMinor: BigInt(row.unverified_deposit_cap_minor), reverifyDays: row.reverify_days };
}

/** The settings row locked for a change. */
export async function lockTierSettings(db: Db): Promise<KycTierSettings> {
  const row = await db
    .selectFrom('kyc_settings')
    .select(['unverified_deposit_cap_minor', 'reverify_days'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { capMinor: BigInt(row.unverified_deposit_cap_minor), reverifyDays: row.reverify_days };
}

export async function updateTierSettings(db: Db, settings: KycTierSettings, at: Date): Promise<void> {
  await db
    .updateTable('kyc_settings')
    .set({ unverified_deposit_cap_minor: settings.capMinor, reverify_days: settings.reverifyDays, updated_at: at })
    .where('id', '=', 1)
    .execute();
}

export async function findKycMember(db: Db, memberId: string): Promise<KycMemberRow | undefined> {
  return db
    .selectFrom('kyc_members')
    .select(['face_checked_at as faceCheckedAt', 'reverify_due_at as reverifyDueAt'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Lock the player's row (made on first use): what counts one player's deposit orders against the
 * unverified cap one at a time, and what a re-verification's start and end are decided under.
 */
export async function lockKycMember(db: Db, memberId: string): Promise<KycMemberRow> {
  await db
    .insertInto('kyc_members')
    .values({ member_id: memberId, face_checked_at: null, reverify_due_at: null })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  return db
    .selectFrom('kyc_members')
    .select(['face_checked_at as faceCheckedAt', 'reverify_due_at as reverifyDueAt'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A re-verification found due (the row is locked by the caller). */
export async function setReverifyDue(db: Db, memberId: string, at: Date): Promise<void> {
  await db.updateTable('kyc_members').set({ reverify_due_at: at }).where('member_id', '=', memberId).execute();
}

/** A face check passed: remembered, and any re-verification due is done. */
export async function recordFaceCheck(db: Db, memberId: string, at: Date): Promise<void> {
  await db
    .insertInto('kyc_members')
    .values({ member_id: memberId, face_checked_at: at, reverify_due_at: null })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ face_checked_at: at, reverify_due_at: null }))
    .execute();
}
