import type { Kysely } from 'kysely';
import type { DepositPayer } from '@wps/shared/schemas/deposit';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// Who paid a manual bank transfer (docs/compliance.md, "Manual bank transfers"): one row per
// order, written in the transaction that resolves the order, never changed (migration 0682).

/** Record an order's payer, in the transaction that resolves the order (once: the order resolves once). */
export async function insertOrderPayer(trx: Db, orderId: string, payer: DepositPayer, at: Date): Promise<void> {
  await trx
    .insertInto('deposit_order_payers')
    .values({
      order_id: orderId,
      payer_name: payer.name,
      payer_cpf_masked: payer.cpfMasked,
      payer_is_player: payer.isPlayer,
      bank_reference: payer.bankReference,
      recorded_at: at,
    })
    .execute();
}
