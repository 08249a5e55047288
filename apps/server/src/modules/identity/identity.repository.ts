import { sql, type Kysely } from 'kysely';
import type { BarredCheckKind, BarredHitStatus, BarredReason } from '../../db/tables/identity';
import type { Gender, ResidentialAddress } from '@wps/shared/registration-details';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Whether an account exists for a CPF (the friendly pre-check; the unique index decides). */
export async function isCpfTaken(db: Db, cpf: string): Promise<boolean> {
  const row = await db.selectFrom('member_identities').select('member_id').where('cpf', '=', cpf).executeTakeFirst();
  return row !== undefined;
}

/** What a registration under a licence that asks for them adds to the identity (migration 0670). */
export type RegistrationDetailsRow = {
  address: ResidentialAddress | null;
  gender: Gender | null;
  /** The account must confirm a contact before it stakes or moves money. */
  contactConfirmationRequired: boolean;
  /** The registration confirmed one itself (a mobile number with its SMS code). */
  contactConfirmedAt: Date | null;
};

/** Write a new member's identity in the account's transaction; a taken CPF raises 23505 on member_identities_cpf_key. */
export async function insertIdentity(
  trx: Db,
  row: { memberId: string; cpf: string; birthDate: string; checkedOn: string | null; details?: RegistrationDetailsRow },
): Promise<void> {
  const d = row.details;
  await trx
    .insertInto('member_identities')
    .values({
      member_id: row.memberId,
      cpf: row.cpf,
      birth_date: row.birthDate,
      full_name: null,
      barred_checked_on: row.checkedOn,
      address_street: d?.address?.street ?? null,
      address_number: d?.address?.number ?? null,
      address_complement: d?.address?.complement ?? null,
      address_district: d?.address?.district ?? null,
      address_city: d?.address?.city ?? null,
      address_state: d?.address?.state ?? null,
      address_cep: d?.address?.cep ?? null,
      gender: d?.gender ?? null,
      contact_confirmation_required: d?.contactConfirmationRequired ?? false,
      contact_confirmed_at: d?.contactConfirmedAt ?? null,
      contact_confirmed_by: d?.contactConfirmedAt ? 'registration_sms' : null,
    })
    .execute();
}

/** A member's CPF and the operator day it was last found clear at login; none once anonymised (no CPF left). */
export async function findLoginIdentity(
  db: Db,
  memberId: string,
): Promise<{ cpf: string; checkedOn: string | null } | undefined> {
  return db
    .selectFrom('member_identities')
    .select(['cpf', sql<string | null>`to_char(barred_checked_on, 'YYYY-MM-DD')`.as('checkedOn')])
    .where('member_id', '=', memberId)
    .where('cpf', 'is not', null)
    .$narrowType<{ cpf: string }>()
    .executeTakeFirst();
}

/**
 * The operator day a member's CPF was last found clear, read under a share lock in the
 * transaction that opens a session: a hit written meanwhile (the sweep, another login) clears the
 * day under the row's lock, so it waits for this transaction or is seen by it. Undefined without an identity.
 */
export async function findCheckedOnForShare(
  trx: Db,
  memberId: string,
): Promise<{ checkedOn: string | null } | undefined> {
  return trx
    .selectFrom('member_identities')
    .select(sql<string | null>`to_char(barred_checked_on, 'YYYY-MM-DD')`.as('checkedOn'))
    .where('member_id', '=', memberId)
    .forShare()
    .executeTakeFirst();
}

/** Forget a member's clear day (a hit): the next session asks the list again. Takes the identity row's lock. */
export async function clearCheckedOn(trx: Db, memberId: string): Promise<void> {
  await trx
    .updateTable('member_identities')
    .set({ barred_checked_on: null })
    .where('member_id', '=', memberId)
    .execute();
}

/** A member's newest hit (its id), null without one: read before the list is asked (see markCheckedOn). */
export async function findLatestHitId(db: Db, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('barred_hits')
    .select(sql<string | null>`max(id)::text`.as('id'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Mark a member's CPF clear for an operator day (the day's first login asked the list), unless a
 * hit was recorded after `noHitAfter`, the newest one before the list was asked: the sweep (or
 * another login) may have found the CPF barred meanwhile, and a clear answer older than that hit
 * must not stand over it. Answers whether the day was marked.
 */
export async function markCheckedOn(
  db: Db,
  memberId: string,
  day: string,
  noHitAfter: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('member_identities')
    .set({ barred_checked_on: day })
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('barred_hits')
            .select('barred_hits.id')
            .where('barred_hits.member_id', '=', memberId)
            .where('barred_hits.id', '>', noHitAfter ?? '0'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The identities after a member id, in id order: the sweep's pages. */
export async function findIdentitiesAfter(
  db: Db,
  afterMemberId: string,
  limit: number,
): Promise<{ memberId: string; cpf: string }[]> {
  // An anonymised identity has no CPF to ask about (and its account is closed).
  return db
    .selectFrom('member_identities')
    .select(['member_id as memberId', 'cpf'])
    .where('member_id', '>', afterMemberId)
    .where('cpf', 'is not', null)
    .$narrowType<{ cpf: string }>()
    .orderBy('member_id')
    .limit(limit)
    .execute();
}

export type NewHit = {
  memberId: string | null;
  cpf: string;
  reason: BarredReason;
  check: BarredCheckKind;
  day: string;
};

/** Record a hit; a member's hit is once per check and day (answers its id, or null when it was there already). */
export async function insertHit(db: Db, hit: NewHit): Promise<string | null> {
  const row = await db
    .insertInto('barred_hits')
    .values({
      member_id: hit.memberId,
      cpf: hit.cpf,
      reason: hit.reason,
      check_kind: hit.check,
      check_day: hit.day,
      status: hit.memberId === null ? 'refused' : 'open',
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'check_kind', 'check_day']).where('member_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether a member has an open hit whose withdrawal window was opened (the episode the member was told of). */
export async function hasOpenWindow(trx: Db, memberId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('barred_hits')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .where('withdraw_until', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Open a hit's withdrawal window: when it ends and when the refund is due. */
export async function setHitWindow(trx: Db, hitId: string, window: { withdrawUntil: Date; refundDueAt: Date }) {
  await trx
    .updateTable('barred_hits')
    .set({ withdraw_until: window.withdrawUntil, refund_due_at: window.refundDueAt })
    .where('id', '=', hitId)
    .execute();
}

export type HitRow = {
  id: string;
  memberId: string | null;
  cpf: string;
  reason: BarredReason;
  check: BarredCheckKind;
  checkDay: string;
  checkedAt: Date;
  status: BarredHitStatus;
  settledAt: Date | null;
  settledBy: string | null;
  settlementNote: string | null;
  withdrawUntil: Date | null;
  refundDueAt: Date | null;
  /** Migration 0630: the withdrawal paying the balance back to a PIX key of the member's. */
  refundWithdrawalId: string | null;
};

const HIT_COLUMNS = [
  'id',
  'member_id as memberId',
  'cpf',
  'reason',
  'check_kind as check',
  sql<string>`to_char(check_day, 'YYYY-MM-DD')`.as('checkDay'),
  'checked_at as checkedAt',
  'status',
  'settled_at as settledAt',
  'settled_by as settledBy',
  'settlement_note as settlementNote',
  'withdraw_until as withdrawUntil',
  'refund_due_at as refundDueAt',
  'refund_withdrawal_id as refundWithdrawalId',
] as const;

export type HitFilter = { check?: BarredCheckKind | undefined; status?: BarredHitStatus | undefined };

/** A page of hits, newest first (or oldest), with how many match. */
export async function findHits(
  db: Db,
  filter: HitFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: HitRow[]; total: number }> {
  let query = db.selectFrom('barred_hits');
  if (filter.check) query = query.where('check_kind', '=', filter.check);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query.select(HIT_COLUMNS).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One hit, locked for its settlement. */
export async function lockHit(trx: Db, id: string): Promise<HitRow | undefined> {
  return trx.selectFrom('barred_hits').select(HIT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Settle every open hit of a member (one balance, however many checks found it); answers how many. */
export async function settleMemberHits(
  trx: Db,
  memberId: string,
  by: { operatorId: string; note: string; at: Date },
): Promise<number> {
  const rows = await trx
    .updateTable('barred_hits')
    .set({ status: 'settled', settled_by: by.operatorId, settled_at: by.at, settlement_note: by.note })
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.length;
}

/** Point every open hit of a member at the withdrawal that refunds their balance (one balance, however many hits). */
export async function linkRefund(trx: Db, memberId: string, withdrawalId: string): Promise<number> {
  const rows = await trx
    .updateTable('barred_hits')
    .set({ refund_withdrawal_id: withdrawalId })
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.length;
}

// The sandbox provider's list (sandbox-barred-list.ts).

export async function findSandboxListed(
  db: Db,
  cpfs: readonly string[],
): Promise<{ cpf: string; reason: BarredReason }[]> {
  if (cpfs.length === 0) return [];
  return db.selectFrom('barred_list_sandbox').select(['cpf', 'reason']).where('cpf', 'in', cpfs).execute();
}

export type SandboxEntryRow = { id: string; cpf: string; reason: BarredReason; note: string | null; addedAt: Date };

export async function findSandboxEntries(db: Db, limit: number): Promise<SandboxEntryRow[]> {
  return db
    .selectFrom('barred_list_sandbox')
    .select(['id', 'cpf', 'reason', 'note', 'added_at as addedAt'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** List a CPF; answers the new entry's id, or null when the CPF is listed already. */
export async function insertSandboxEntry(
  trx: Db,
  row: { cpf: string; reason: BarredReason; note: string; operatorId: string },
): Promise<string | null> {
  const inserted = await trx
    .insertInto('barred_list_sandbox')
    .values({ cpf: row.cpf, reason: row.reason, note: row.note, added_by: row.operatorId })
    .onConflict((oc) => oc.column('cpf').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function deleteSandboxEntry(
  trx: Db,
  id: string,
): Promise<{ cpf: string; reason: BarredReason } | undefined> {
  return trx.deleteFrom('barred_list_sandbox').where('id', '=', id).returning(['cpf', 'reason']).executeTakeFirst();
}
