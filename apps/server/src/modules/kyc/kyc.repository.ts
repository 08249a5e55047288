import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { KycCheckStatus } from '../../db/tables/kyc';

type Db = Kysely<Database>;

export type KycCheckRow = {
  id: string;
  memberId: string;
  provider: string;
  providerRef: string;
  purpose: 'onboarding' | 'reverification';
  status: KycCheckStatus;
  fullName: string | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  identityBound: boolean;
};

const COLUMNS = [
  'id',
  'member_id as memberId',
  'provider',
  'provider_ref as providerRef',
  'purpose',
  'status',
  'full_name as fullName',
  'reason',
  'decided_by as decidedBy',
  'decided_at as decidedAt',
  'created_at as createdAt',
  'identity_bound as identityBound',
] as const;

/** A new check, open; null when the player has one open already (the partial unique index decides). */
export async function insertCheck(
  db: Db,
  check: { memberId: string; provider: string; providerRef: string; purpose: 'onboarding' | 'reverification' },
): Promise<KycCheckRow | null> {
  const row = await db
    .insertInto('kyc_checks')
    .values({
      member_id: check.memberId,
      provider: check.provider,
      provider_ref: check.providerRef,
      purpose: check.purpose,
      full_name: null,
      reason: null,
      decided_by: null,
      decided_at: null,
    })
    .onConflict((oc) => oc.column('member_id').where('status', 'in', ['pending', 'review']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** The player's newest check. */
export async function findLatestCheck(db: Db, memberId: string): Promise<KycCheckRow | undefined> {
  return db
    .selectFrom('kyc_checks')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every check of the player, newest first. */
export async function findMemberChecks(db: Db, memberId: string): Promise<KycCheckRow[]> {
  return db.selectFrom('kyc_checks').select(COLUMNS).where('member_id', '=', memberId).orderBy('id', 'desc').execute();
}

/** The player's newest passed identity check (the document's; a re-verification reads no name). */
export async function findLatestPassedCheck(
  db: Db,
  memberId: string,
  boundOnly = false,
): Promise<KycCheckRow | undefined> {
  return db
    .selectFrom('kyc_checks')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .where('status', '=', 'passed')
    .where('purpose', '=', 'onboarding')
    .$if(boundOnly, (q) => q.where('identity_bound', '=', true))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether any check of the player passed; `boundOnly`: an onboarding check bound to the registered identity. */
export async function hasPassedCheck(db: Db, memberId: string, boundOnly = false): Promise<boolean> {
  const r = await db
    .selectFrom('kyc_checks')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'passed')
    .$if(boundOnly, (q) => q.where('purpose', '=', 'onboarding').where('identity_bound', '=', true))
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function findCheck(db: Db, id: string): Promise<KycCheckRow | undefined> {
  return db.selectFrom('kyc_checks').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The check behind a provider's reference, locked for its decision. */
export async function lockCheckByRef(db: Db, provider: string, providerRef: string): Promise<KycCheckRow | undefined> {
  return db
    .selectFrom('kyc_checks')
    .select(COLUMNS)
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockCheck(db: Db, id: string): Promise<KycCheckRow | undefined> {
  return db.selectFrom('kyc_checks').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Move a check on from the status it was read in (the row is locked by the caller). */
export async function decideCheck(
  db: Db,
  id: string,
  from: KycCheckStatus,
  to: {
    status: KycCheckStatus;
    fullName: string | null;
    reason: string | null;
    decidedBy: string | null;
    at: Date | null;
    /** Set when the provider's result was compared with the registered identity; an operator's decision leaves it. */
    identityBound?: boolean;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('kyc_checks')
    .set({
      status: to.status,
      full_name: to.fullName,
      reason: to.reason,
      decided_by: to.decidedBy,
      decided_at: to.at,
      ...(to.identityBound === undefined ? {} : { identity_bound: to.identityBound }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A page of checks for the back office, newest (or oldest) first, with how many match. */
export async function listChecks(
  db: Db,
  filter: { status?: KycCheckStatus | undefined; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: KycCheckRow[]; total: number }> {
  let q = db.selectFrom('kyc_checks');
  if (filter.status) q = q.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q.select(COLUMNS).orderBy('id', filter.order).offset(filter.offset).limit(filter.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
