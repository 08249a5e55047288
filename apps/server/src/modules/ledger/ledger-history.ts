import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// One member's ledger history for the back office's player page, keyset-paged (no OFFSET).

export type Keyset = { cursor?: string | undefined; limit: number };

const none = sql``;
const and = (cond: boolean, fragment: RawBuilder<unknown>) => (cond ? fragment : none);

/** Every ledger account a member owns, with its balance. */
export async function findMemberAccounts(db: Db, memberId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id as accountId', 'purpose', 'currency', 'balance'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

export type LedgerFilter = Keyset & {
  from?: Date | undefined;
  to?: Date | undefined;
  accountId?: string | undefined;
  kind?: string | undefined;
};

export type LedgerRow = {
  entryId: string;
  transactionId: string;
  accountId: string;
  purpose: string;
  kind: string;
  amount: string;
  balanceAfter: string | null;
  reference: string | null;
  createdAt: Date;
};

/**
 * A member's ledger entries over all their accounts (or one), newest first: the member's accounts
 * first, then one statement whose every account is its own arm (`ledger_entries_account_idx
 * (account_id, id)` walked backwards in each month for at most `limit + 1` rows, the months merged
 * by id), the arms merged by id: no sort of a player's history, no OFFSET.
 *
 * The account is a bound value in its arm, not a column of an outer row: `ledger_entries` is
 * partitioned by month (migration 0765), and PostgreSQL plans an outer row's account as the
 * average account (a few entries), for which appending the months and sorting looks as cheap as
 * merging them in id order; a `LATERAL` per account (this page's first form) so read and sorted a
 * heavy account's whole history. A bound account is planned with its own frequency from the
 * column's statistics (docs/decisions.md, "Monthly partitions of the rounds and the ledger").
 */
export async function findLedgerEntries(db: Db, memberId: string, f: LedgerFilter): Promise<LedgerRow[]> {
  let accounts = db.selectFrom('ledger_accounts').select(['id', 'purpose']).where('member_id', '=', memberId);
  if (f.accountId !== undefined) accounts = accounts.where('id', '=', f.accountId);
  const owned = await accounts.orderBy('id').execute();
  if (owned.length === 0) return [];
  return (await ledgerEntriesQuery(owned, f).execute(db)).rows;
}

/** The statement `findLedgerEntries` runs over the member's accounts (compiled by the plan test to EXPLAIN it). */
export function ledgerEntriesQuery(accounts: readonly { id: string; purpose: string }[], f: LedgerFilter) {
  // The date bounds are built apart so no SQL text sits inside another template's substitution,
  // where the row-name guard (test/repository-hygiene.test.ts) would read it as code. They are on
  // the entry's created_at (its transaction's, written with one now()), so only their months are read.
  const from = and(f.from !== undefined, sql`AND e.created_at >= ${f.from}`);
  const to = and(f.to !== undefined, sql`AND e.created_at <= ${f.to}`);
  const arms = accounts.map(
    (a) => sql`(
      SELECT e.id, e.transaction_id, e.amount, t.kind, t.reference, t.created_at,
             ${a.id}::bigint AS account_id, ${a.purpose}::text AS purpose,
             t.result->'balances'->>(e.account_id::text) AS balance_after
      FROM ledger_entries e
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE e.account_id = ${a.id}::bigint
        ${and(f.cursor !== undefined, sql`AND e.id < ${f.cursor}::bigint`)}
        ${and(f.kind !== undefined, sql`AND t.kind = ${f.kind}`)}
        ${from}
        ${to}
      ORDER BY e.id DESC
      LIMIT ${f.limit + 1})`,
  );
  return sql<LedgerRow>`
    SELECT w.id::text AS "entryId", w.transaction_id::text AS "transactionId", w.account_id::text AS "accountId", w.purpose,
           w.kind, w.amount::text AS amount, w.balance_after AS "balanceAfter", w.reference, w.created_at AS "createdAt"
    FROM (${sql.join(arms, sql` UNION ALL `)}) w
    ORDER BY w.id DESC
    LIMIT ${f.limit + 1}`;
}
