import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PLAYER_MAIN } from './ledger.service';

// Views of the ledger's tables for other modules' statements (see member/member-views.ts).

/** What the house gives players on top of their play: rewards and rebates in cash, bonuses converted, points turned into cash. */
export const PLAYER_BONUS_KINDS = [
  'reward_cash',
  'bonus_conversion',
  'points_conversion',
  'points_redeem_cash',
] as const;

export function createLedgerViews({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Every credit of a bonus kind to a player's main wallet, with when and by which transaction it
     * was written (settle_tx, migration 0302): a dividend's base subtracts them from the net loss.
     */
    playerBonusCredits: () =>
      db
        .selectFrom('ledger_transactions as t')
        .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select(['a.member_id', 'e.amount', 't.created_at', 't.settle_tx'])
        .where('t.kind', 'in', PLAYER_BONUS_KINDS)
        .where('a.purpose', '=', PLAYER_MAIN)
        .where('e.amount', '>', '0'),
  };
}

export type LedgerViews = ReturnType<typeof createLedgerViews>;
