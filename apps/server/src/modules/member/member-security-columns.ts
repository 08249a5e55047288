import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The member row's security columns (payment password, payee name, e-mail, mobile), read and
// written for the security module, which owns the rules and its own tables (member_security,
// banks, bank accounts, payment password tries). Each call runs on what it is given: the pool or
// the caller's transaction. Statements that also read a security table join `selectSecurityColumns`
// as a derived table (see member-views.ts), so they stay one statement.

type Db = Kysely<Database>;

/** View: every member's security columns with the login password hash (re-authentication). */
export function selectSecurityColumns(db: Db) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'password_hash', 'payment_password_hash', 'payee_name', 'email', 'dialing_code', 'mobile']);
}

/** The stored payment password hash (null when none is set; undefined for an unknown member). */
export async function findPaymentPasswordHash(db: Db, memberId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('members')
    .select('payment_password_hash as paymentPasswordHash')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? row.paymentPasswordHash : undefined;
}

/** The payee name (null when none is bound). */
export async function findPayeeName(db: Db, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('payee_name as payeeName')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.payeeName ?? null;
}

/**
 * Store a payment password hash. `expected` guards against a concurrent set or change: the row is
 * updated only while the stored hash is still the one the caller checked (null for a first set).
 */
export async function updatePaymentPasswordHash(
  db: Db,
  memberId: string,
  hash: string,
  expected: string | null,
): Promise<boolean> {
  let query = db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', memberId);
  query =
    expected === null
      ? query.where('payment_password_hash', 'is', null)
      : query.where('payment_password_hash', '=', expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remove the payment password hash (the security module clears its tries and lock with it). */
export async function clearPaymentPasswordHash(db: Db, memberId: string): Promise<void> {
  await db.updateTable('members').set({ payment_password_hash: null }).where('id', '=', memberId).execute();
}

/** Bind the payee name unless one is already bound; false when it was. */
export async function setPayeeNameOnce(db: Db, memberId: string, payeeName: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ payee_name: payeeName })
    .where('id', '=', memberId)
    .where('payee_name', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The payee name an identity check read from the player's document (docs/compliance.md, "KYC"):
 * it replaces a typed one when `replace` (the player is identified by the licence's identity),
 * else it is bound only where none is. True when the name is now the member's payee name.
 */
export async function bindVerifiedPayeeName(
  db: Db,
  memberId: string,
  payeeName: string,
  replace: boolean,
): Promise<boolean> {
  let q = db.updateTable('members').set({ payee_name: payeeName }).where('id', '=', memberId);
  if (!replace) q = q.where('payee_name', 'is', null);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 || (await findPayeeName(db, memberId)) === payeeName;
}

/** Store the member's e-mail address (the security module confirms it in the same transaction). */
export async function updateEmail(db: Db, memberId: string, email: string): Promise<void> {
  await db.updateTable('members').set({ email }).where('id', '=', memberId).execute();
}

/** Whether a mobile number (E.164) belongs to another member. */
export async function isMobileUsedElsewhere(db: Db, memberId: string, e164: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('mobile_e164', '=', e164)
    .where('id', '!=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Link a mobile number unless the member already has one; a taken number raises 23505 members_mobile_key. */
export async function setMobileOnce(db: Db, memberId: string, dialingCode: string, mobile: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ dialing_code: dialingCode, mobile })
    .where('id', '=', memberId)
    .where('mobile', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A member by account name (case-insensitive) with the payment password hash, its row locked for update. */
export async function findPaymentPasswordForUpdate(
  db: Db,
  account: string,
): Promise<{ id: string; paymentPasswordHash: string | null } | undefined> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'payment_password_hash as paymentPasswordHash'])
    .where(sql<string>`lower(account)`, '=', account.trim().toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, paymentPasswordHash: row.paymentPasswordHash } : undefined;
}
