import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the withdrawal module's tables for other modules' statements (see member/member-views.ts).

export function createWithdrawalViews({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Every withdrawal order with why it was made and how it is paid (the PIX key's type, never the
     * key): the records module writes the regulator's daily payouts file from it, so a closed
     * account's payout and a barred player's refund are traceable by the order's id
     * (docs/compliance.md, "The daily regulator export").
     */
    payouts: () =>
      db
        .selectFrom('withdrawal_orders')
        .select([
          'id',
          'member_id',
          'amount',
          'currency',
          'status',
          'origin',
          'pix_key_type',
          'created_at',
          'decided_at',
        ]),
  };
}

export type WithdrawalViews = ReturnType<typeof createWithdrawalViews>;
