import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  countCurrencyMismatches,
  countOrphanHoldResolutions,
  findBadTransactions,
  findDriftedAccounts,
  findInconsistentHolds,
  findLedgerStats,
  findNegativePlayerAccounts,
  findUnbalancedCurrencies,
} from './ledger-check.repository';

export type LedgerStats = Awaited<ReturnType<typeof findLedgerStats>>;
export type LedgerCheckResult = { ok: boolean; problems: string[]; stats: LedgerStats };

/** Most offending rows listed per invariant; the check still fails on any. */
const LIST_LIMIT = 20;

/**
 * Verify the ledger invariants on any database: every currency and
 * every transaction sums to zero, cached balances equal their entries, no player is below zero,
 * and every hold is resolved at most once, consistently with its resolving transaction.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerCheckResult> {
  // One snapshot for all queries, so a running server cannot make the check see half a transaction.
  if (db.isTransaction) return checkWithin(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(checkWithin);
}

async function checkWithin(trx: Kysely<Database>): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  for (const c of await findUnbalancedCurrencies(trx)) {
    problems.push(`currency ${c.currency}: entries sum to ${c.total}, not 0`);
  }
  for (const t of await findBadTransactions(trx, LIST_LIMIT)) {
    if (t.total !== '0') problems.push(`transaction ${t.id}: entries sum to ${t.total}, not 0`);
    if (Number(t.entries) < 2) problems.push(`transaction ${t.id}: ${t.entries} entries (needs at least 2)`);
    if (!t.hasResult) problems.push(`transaction ${t.id}: no stored result`);
  }
  for (const a of await findDriftedAccounts(trx, LIST_LIMIT)) {
    problems.push(`account ${a.id}: cached balance ${a.balance} but entries sum to ${a.entriesSum}`);
  }
  const mismatches = await countCurrencyMismatches(trx);
  if (mismatches > 0) problems.push(`${mismatches} entries use a currency other than their account's or transaction's`);
  for (const a of await findNegativePlayerAccounts(trx, LIST_LIMIT)) {
    problems.push(`player account ${a.id}: negative balance ${a.balance}`);
  }
  for (const h of await findInconsistentHolds(trx, LIST_LIMIT)) {
    problems.push(`hold ${h.id} (${h.status}, ${h.resolutions} resolving transactions): ${h.problem}`);
  }
  const orphans = await countOrphanHoldResolutions(trx);
  if (orphans > 0) problems.push(`${orphans} resolving transactions name a hold that does not exist`);
  const stats = await findLedgerStats(trx);
  return { ok: problems.length === 0, problems, stats };
}
