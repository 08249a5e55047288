// The soak's reckoning of the money load's answers (soak-money-load.ts) against the ledger, as the
// failover drill's reckoning does for the callbacks: every acknowledged deposit, withdrawal,
// lottery ticket, agent transfer and vendor transfer must be one ledger transaction, present
// exactly once, moving the amount the client was told. Read after the load stopped, on the soak's
// own cluster (a script, not a server module: it reads the tables as the ledger check does).
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import type { MoneyAnswer, MoneyOp } from './soak-money-load';

type MoneyReckoning = {
  acknowledged: Record<MoneyOp, number>;
  /** Acknowledged but with no ledger transaction, or with more than one. */
  missing: number;
  wrongAmount: number;
  /** The first few problems, for the summary. */
  examples: string[];
  /** Vendor transfers still unresolved at the end (an unknown outcome left for the status check). */
  vendorPending: number;
};

const OPS: MoneyOp[] = ['deposit', 'withdrawal', 'ticket', 'agent-transfer', 'vendor-in', 'vendor-out'];

export function readMoneyAnswers(file: string): MoneyAnswer[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MoneyAnswer);
}

type Posted = { ref: string; copies: number; moved: string | null };

/**
 * Each acknowledgement's ledger key: deposits by their order (`deposit:<order>`), withdrawals and
 * agent transfers by the key the load recorded, vendor transfers by their transfer's reference
 * (`vendor-transfer:<ref>:post`, the hold posted to its destination).
 */
async function ledgerKeys(db: Kysely<Database>, acks: MoneyAnswer[]): Promise<Map<MoneyAnswer, string>> {
  const keys = new Map<MoneyAnswer, string>();
  const vendorIds = acks.filter((a) => a.op.startsWith('vendor-')).map((a) => a.ref);
  const refs = vendorIds.length
    ? await db.selectFrom('vendor_transfers').select(['id', 'transfer_ref']).where('id', 'in', vendorIds).execute()
    : [];
  const refOf = new Map(refs.map((r) => [String(r.id), r.transfer_ref]));
  for (const a of acks) {
    if (a.op === 'deposit') keys.set(a, `deposit:${a.ref}`);
    else if (a.op === 'withdrawal' || a.op === 'agent-transfer') keys.set(a, a.ref);
    else if (a.op !== 'ticket') {
      const ref = refOf.get(a.ref);
      if (ref) keys.set(a, `vendor-transfer:${ref}:post`);
    }
  }
  return keys;
}

export async function reckonMoney(db: Kysely<Database>, answers: MoneyAnswer[]): Promise<MoneyReckoning> {
  const acks = answers.filter((a) => a.acknowledged);
  const keys = await ledgerKeys(db, acks);
  // What a transaction moved: the sum of its credits (equal to its debits in a balanced ledger).
  const byKey = keys.size
    ? (
        await sql<Posted>`
          SELECT t.idempotency_key AS ref, count(DISTINCT t.id)::int AS copies,
                 (sum(e.amount) FILTER (WHERE e.amount > 0))::text AS moved
            FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
           WHERE t.idempotency_key = ANY(${[...new Set(keys.values())]})
           GROUP BY t.idempotency_key`.execute(db)
      ).rows
    : [];
  // A ticket's stake is a bet in the round records (the seamless wallet's), posted by its own ledger transaction.
  const tickets = acks.filter((a) => a.op === 'ticket').map((a) => a.ref);
  const byTicket = tickets.length
    ? (
        await sql<Posted>`
          SELECT rb.vendor_tx_id AS ref, count(lt.id)::int AS copies, min(rb.amount)::text AS moved
            FROM round_bets rb LEFT JOIN ledger_transactions lt ON lt.id = rb.ledger_transaction_id
           WHERE rb.vendor_tx_id = ANY(${tickets})
           GROUP BY rb.vendor_tx_id`.execute(db)
      ).rows
    : [];
  const posted = new Map([...byKey, ...byTicket].map((r) => [r.ref, r]));
  const result: MoneyReckoning = {
    acknowledged: Object.fromEntries(OPS.map((op) => [op, 0])) as Record<MoneyOp, number>,
    missing: 0,
    wrongAmount: 0,
    examples: [],
    vendorPending: 0,
  };
  for (const a of acks) {
    result.acknowledged[a.op]++;
    const row = posted.get(a.op === 'ticket' ? a.ref : (keys.get(a) ?? ''));
    if (!row || row.copies !== 1) {
      result.missing++;
      if (result.examples.length < 5) result.examples.push(`${a.op} ${a.ref}: ${row ? row.copies : 0} copies`);
    } else if (row.moved !== a.amount) {
      result.wrongAmount++;
      if (result.examples.length < 5) result.examples.push(`${a.op} ${a.ref}: ${row.moved} moved, ${a.amount} told`);
    }
  }
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM vendor_transfers WHERE status = 'pending'`.execute(db);
  result.vendorPending = rows[0]?.n ?? 0;
  return result;
}
