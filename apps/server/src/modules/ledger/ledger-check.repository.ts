import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The ledger's invariant checks: read-only queries that ledger:check and the tests run after
// every change. Kept apart from the posting queries, which are on every money path.

/** Currencies whose entries do not sum to zero. */
export async function findUnbalancedCurrencies(db: Db): Promise<{ currency: string; total: string }[]> {
  const { rows } = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(amount)::text AS total FROM ledger_entries GROUP BY currency HAVING sum(amount) <> 0 ORDER BY currency
  `.execute(db);
  return rows;
}

/** Transactions whose entries do not sum to zero, have fewer than two entries, or lack a result. */
export async function findBadTransactions(
  db: Db,
  limit: number,
): Promise<{ id: string; entries: string; total: string; hasResult: boolean }[]> {
  const { rows } = await sql<{ id: string; entries: string; total: string; has_result: boolean }>`
    SELECT t.id::text AS id, count(e.id)::text AS entries, coalesce(sum(e.amount), 0)::text AS total, (t.result IS NOT NULL) AS has_result
    FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id
    HAVING count(e.id) < 2 OR coalesce(sum(e.amount), 0) <> 0 OR t.result IS NULL
    ORDER BY t.id LIMIT ${limit}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, entries: r.entries, total: r.total, hasResult: r.has_result }));
}

/** Accounts whose cached balance differs from the sum of their entries, or whose entries use another currency. */
export async function findDriftedAccounts(
  db: Db,
  limit: number,
): Promise<{ id: string; balance: string; entriesSum: string }[]> {
  const { rows } = await sql<{ id: string; balance: string; entries_sum: string }>`
    SELECT a.id::text AS id, a.balance::text AS balance, coalesce(s.total, 0)::text AS entries_sum
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
    WHERE a.balance <> coalesce(s.total, 0)
    ORDER BY a.id LIMIT ${limit}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, balance: r.balance, entriesSum: r.entries_sum }));
}

/** Entries whose currency differs from their account's or their transaction's. */
export async function countCurrencyMismatches(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE e.currency <> a.currency OR e.currency <> t.currency
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Player accounts below zero. */
export async function findNegativePlayerAccounts(db: Db, limit: number): Promise<{ id: string; balance: string }[]> {
  const { rows } = await sql<{ id: string; balance: string }>`
    SELECT a.id::text AS id, a.balance::text AS balance FROM ledger_accounts AS a WHERE a.is_player AND a.balance < 0 ORDER BY a.id LIMIT ${limit}
  `.execute(db);
  return rows;
}

/**
 * Holds whose status disagrees with the transactions that name them: a resolved hold must point
 * at exactly one resolving transaction (post or void, matching its status) and no hold may be
 * named by two resolving transactions; a pending hold has none.
 */
export async function findInconsistentHolds(
  db: Db,
  limit: number,
): Promise<{ id: string; status: string; resolutions: string; problem: string }[]> {
  const { rows } = await sql<{ id: string; status: string; resolutions: string; problem: string }>`
    WITH r AS (
      SELECT (metadata->>'holdId') AS hold_id, count(*) AS n,
             min(id) AS first_id, min(metadata->>'holdAction') AS action
      FROM ledger_transactions
      WHERE metadata->>'holdAction' IN ('post', 'void')
      GROUP BY metadata->>'holdId'
    )
    SELECT h.id::text AS id, h.status, coalesce(r.n, 0)::text AS resolutions,
      CASE
        WHEN coalesce(r.n, 0) > 1 THEN 'resolved more than once'
        WHEN h.status = 'pending' AND coalesce(r.n, 0) <> 0 THEN 'pending but has a resolving transaction'
        WHEN h.status <> 'pending' AND coalesce(r.n, 0) = 0 THEN 'resolved without a resolving transaction'
        WHEN h.status <> 'pending' AND r.first_id <> h.resolve_transaction_id THEN 'resolving transaction mismatch'
        WHEN h.status = 'posted' AND r.action <> 'post' THEN 'posted by a void transaction'
        WHEN h.status = 'voided' AND r.action <> 'void' THEN 'voided by a post transaction'
        ELSE 'create transaction missing'
      END AS problem
    FROM ledger_holds h
    LEFT JOIN r ON r.hold_id = h.id::text
    LEFT JOIN ledger_transactions c ON c.id = h.create_transaction_id
    WHERE coalesce(r.n, 0) > 1
       OR (h.status = 'pending' AND coalesce(r.n, 0) <> 0)
       OR (h.status <> 'pending' AND (coalesce(r.n, 0) = 0 OR r.first_id <> h.resolve_transaction_id))
       OR (h.status = 'posted' AND r.action <> 'post')
       OR (h.status = 'voided' AND r.action <> 'void')
       OR c.id IS NULL
    ORDER BY h.id LIMIT ${limit}
  `.execute(db);
  return rows;
}

/** Resolving transactions that name a hold which does not exist. */
export async function countOrphanHoldResolutions(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ledger_transactions t
    WHERE t.metadata->>'holdAction' IN ('post', 'void')
      AND NOT EXISTS (SELECT 1 FROM ledger_holds h WHERE h.id::text = t.metadata->>'holdId')
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Row counts and per-currency totals for the check's summary. */
export async function findLedgerStats(db: Db): Promise<{
  accounts: number;
  transactions: number;
  entries: number;
  holds: number;
  pendingHolds: number;
  playerBalances: Record<string, string>;
}> {
  const { rows } = await sql<{
    accounts: string;
    transactions: string;
    entries: string;
    holds: string;
    pending_holds: string;
  }>`
    SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts,
           (SELECT count(*) FROM ledger_transactions)::text AS transactions,
           (SELECT count(*) FROM ledger_entries)::text AS entries,
           (SELECT count(*) FROM ledger_holds)::text AS holds,
           (SELECT count(*) FROM ledger_holds WHERE status = 'pending')::text AS pending_holds
  `.execute(db);
  const totals = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(balance)::text AS total FROM ledger_accounts WHERE is_player GROUP BY currency ORDER BY currency
  `.execute(db);
  const r = rows[0];
  return {
    accounts: Number(r?.accounts ?? 0),
    transactions: Number(r?.transactions ?? 0),
    entries: Number(r?.entries ?? 0),
    holds: Number(r?.holds ?? 0),
    pendingHolds: Number(r?.pending_holds ?? 0),
    playerBalances: Object.fromEntries(totals.rows.map((t) => [t.currency, t.total])),
  };
}
