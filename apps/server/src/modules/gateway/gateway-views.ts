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
        .select(['id', 'round_id', 'member_id', 'vassalage', 'node_id', 'total_bet', 'total_win', 'total_refund', 'status', 'created_at', 'settled_at']),
    /**
     * Settled rounds with when and by which transaction they were settled (settled_tx, migration
     * 0302): the agent settlement counts each once by these two (docs/agents.md, "Settlement").
     */
    settledRounds: () =>
      db.selectFrom('game_rounds').select(['member_id', 'total_bet', 'total_win', 'total_refund', 'settled_at', 'settled_tx']).where('status', '=', 'settled'),
  };
}

export type GatewayViews = ReturnType<typeof createGatewayViews>;
