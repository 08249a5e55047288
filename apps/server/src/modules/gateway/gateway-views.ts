import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the gateway's tables for other modules' statements (see member/member-views.ts): the
// bet record pages through the round records with the catalogue's names in one query.

export function createGatewayViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Every round of every vendor with its totals (moved in the same transaction as their ledger entries). */
    gameRounds: () =>
      db
        .selectFrom('game_rounds')
        .select([
          'id',
          'round_id',
          'member_id',
          'vassalage',
          'node_id',
          'total_bet',
          'total_win',
          'total_refund',
          'status',
          'created_at',
          'settled_at',
        ]),
    /**
     * Every round's whole record, bonus parts and currency included: the records module rebuilds a
     * round from it and writes the regulator's daily file of bets (docs/compliance.md).
     */
    roundRecords: () =>
      db
        .selectFrom('game_rounds')
        .select([
          'id',
          'round_id',
          'member_id',
          'vassalage',
          'node_id',
          'currency',
          'status',
          'total_bet',
          'total_win',
          'total_refund',
          'bonus_bet',
          'bonus_win',
          'bonus_refund',
          'refund_kept',
          'created_at',
          'settled_at',
        ]),
    /** Every stake, win and refund a vendor sent (refused ones too), with the ledger transaction it moved. */
    roundBets: () =>
      db
        .selectFrom('round_bets')
        .select([
          'id',
          'vassalage',
          'vendor_tx_id',
          'kind',
          'round_id',
          'member_id',
          'node_id',
          'amount',
          'ref_tx_id',
          'status',
          'ledger_transaction_id',
          'bonus_amount',
          'bonus_kept',
          'created_at',
        ]),
    /**
     * Settled rounds with when and by which transaction they were settled (settled_tx, migration
     * 0302): the agent settlement counts each once by these two (docs/agents.md, "Settlement").
     */
    settledRounds: () =>
      db
        .selectFrom('game_rounds')
        .select(['member_id', 'total_bet', 'total_win', 'total_refund', 'settled_at', 'settled_tx'])
        .where('status', '=', 'settled'),
  };
}

export type GatewayViews = ReturnType<typeof createGatewayViews>;
