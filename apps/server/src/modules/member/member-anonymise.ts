import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The personal columns of a member row that anonymisation clears (the account name is replaced). */
export const PERSONAL_COLUMNS = [
  'nickname',
  'dialing_code',
  'mobile',
  'email',
  'payee_name',
  'qq',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'id_number',
  'register_ip',
  'register_domain',
  'avatar_id',
  'payment_password_hash',
] as const;

/** The account name an anonymised member keeps: unique, and says what happened. */
export const anonymousAccount = (memberId: string) => `anon-${memberId}`;

/**
 * Replace a closed (disabled) member's personal fields in the caller's transaction (LGPD; the
 * records module decides who, docs/compliance.md "Retention"): the personal columns become null
 * and the account name `anon-<id>`. The row is locked first; a member that is not disabled, or is
 * anonymised already, is left alone (null). Returns the names of the fields that held a value, so
 * the audit entry can say what was cleared without repeating it.
 */
export async function anonymiseClosedMember(db: Kysely<Database>, memberId: string): Promise<string[] | null> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'account', 'status', ...PERSONAL_COLUMNS])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status !== 'disabled' || row.account === anonymousAccount(memberId)) return null;
  const held = PERSONAL_COLUMNS.filter((c) => row[c] !== null);
  await db
    .updateTable('members')
    .set({ ...Object.fromEntries(PERSONAL_COLUMNS.map((c) => [c, null])), account: anonymousAccount(memberId) })
    .where('id', '=', memberId)
    .execute();
  // The account name is personal too: a player chose it.
  return ['account', ...held];
}
