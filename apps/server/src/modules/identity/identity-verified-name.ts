import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The name an identity check read from the player's document, kept on their identity in the
 * check's transaction (docs/compliance.md, "KYC"): under a profile that identifies players it is
 * the only payee name a withdrawal may carry. False when the member has no identity (registered
 * under a profile that asks for none).
 */
export async function setVerifiedName(trx: Kysely<Database>, memberId: string, fullName: string): Promise<boolean> {
  const r = await trx
    .updateTable('member_identities')
    .set({ full_name: fullName, updated_at: new Date() })
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
