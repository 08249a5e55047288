import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The holder of a member's bound bank accounts is their payee name: when an operator corrects the
 * name, the accounts follow in the same transaction. Withdrawal orders keep the holder they were
 * made with.
 */
export async function setBankAccountHolders(trx: Db, memberId: string, holderName: string): Promise<number> {
  const result = await trx
    .updateTable('member_bank_accounts')
    .set({ holder_name: holderName })
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
