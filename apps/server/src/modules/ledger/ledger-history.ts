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
 * A member's ledger entries over all their accounts (or one), newest first. Each account is walked
 * backwards on `ledger_entries_account_idx (account_id, id)` for at most `limit + 1` rows, then
 * the accounts' walks are merged: no sort of a player's whole history, no OFFSET.
 */
export async function findLedgerEntries(db: Db, memberId: string, f: LedgerFilter): Promise<LedgerRow[]> {
  return (await ledgerEntriesQuery(memberId, f).execute(db)).rows;
}

/** The statement `findLedgerEntries` runs (compiled by the plan test to EXPLAIN it). */
export function ledgerEntriesQuery(memberId: string, f: LedgerFilter) {
  // The date bounds are built apart so no SQL text sits inside another template's substitution,
  // where the row-name guard (test/repository-hygiene.test.ts) would read it as code.
  const from = and(f.from !== undefined, sql`AND t.created_at >= ${f.from}`);
  const to = and(f.to !== undefined, sql`AND t.created_at <= ${f.to}`);
  return sql<LedgerRow>`
    SELECT w.id::text AS "entryId", w.transaction_id::text AS "transactionId", a.id::text AS "accountId", a.purpose,
           w.kind, w.amount::text AS amount, w.balance_after AS "balanceAfter", w.reference, w.created_at AS "createdAt"
    FROM ledger_accounts a
    CROSS JOIN LATERAL (
      SELECT e.id, e.transaction_id, e.amount, t.kind, t.reference, t.created_at,
             t.result->'balances'->>(e.account_id::text) AS balance_after
      FROM ledger_entries e
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE e.account_id = a.id
        ${and(f.cursor !== undefined, sql`AND e.id < ${f.cursor}::bigint`)}
        ${and(f.kind !== undefined, sql`AND t.kind = ${f.kind}`)}
        ${from}
        ${to}
      ORDER BY e.id DESC
      LIMIT ${f.limit + 1}
    ) w
    WHERE a.member_id = ${memberId}::bigint
      ${and(f.accountId !== undefined, sql`AND a.id = ${f.accountId}::bigint`)}
    ORDER BY w.id DESC
    LIMIT ${f.limit + 1}`;
}
