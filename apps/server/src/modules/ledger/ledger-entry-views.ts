import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PLAYER_MAIN } from './ledger.service';

// Views of the ledger's entries for other modules' statements (see member/member-views.ts): the
// agent centre lists its team's main-wallet movements and sums the bonuses paid to them.

/** Cash the house gives players on top of their play: rewards and rebates, converted bonuses and points. */
export const PLAYER_CASH_BONUS_KINDS = [
  'reward_cash',
  'bonus_conversion',
  'points_conversion',
  'points_redeem_cash',
] as const;

export function createLedgerEntryViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Every entry on a player's main wallet, with its transaction's kind and time and the balance after it. */
    mainWalletEntries: () =>
      db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select([
          'e.id',
          'e.transaction_id',
          'a.member_id',
          't.kind',
          'e.amount',
          't.created_at',
          sql<string | null>`t.result->'balances'->>(e.account_id::text)`.as('balance_after'),
        ])
        .where('a.purpose', '=', PLAYER_MAIN),
    /**
     * Every entry with its account and transaction, and the account's balance after it: the records
     * module shows a round's money and writes the regulator's daily files from it (docs/compliance.md).
     */
    entries: () =>
      db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select([
          'e.id',
          'e.transaction_id',
          'e.account_id',
          'e.amount',
          'e.currency',
          'a.purpose',
          'a.member_id',
          'a.is_player',
          't.kind',
          't.reference',
          't.created_at',
          sql<string | null>`t.result->'balances'->>(e.account_id::text)`.as('balance_after'),
        ]),
    /** Player accounts with their balance now (the regulator's wallets file works back from it to a day's end). */
    playerAccounts: () =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'member_id', 'purpose', 'currency', 'balance'])
        .where('is_player', '=', true),
  };
}

export type LedgerEntryViews = ReturnType<typeof createLedgerEntryViews>;
