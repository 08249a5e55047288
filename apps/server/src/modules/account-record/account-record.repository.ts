import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type AccountRecordRow = {
  id: string;
  transactionId: string;
  kind: string;
  amount: bigint;
  /** The account's balance right after the transaction, from the ledger's stored result. */
  balanceAfter: bigint;
  reference: string | null;
  createdAt: Date;
};

export type AccountRecordFilter = { memberId: string; kind?: string | undefined; from?: Date | undefined; to?: Date | undefined };

function filtered(db: Db, f: AccountRecordFilter) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('a.member_id', '=', f.memberId);
  if (f.kind) q = q.where('t.kind', '=', f.kind);
  if (f.from) q = q.where('t.created_at', '>=', f.from);
  if (f.to) q = q.where('t.created_at', '<=', f.to);
  return q;
}

/** One page of a member's ledger entries (all their accounts), newest first, and the total count. */
export async function findAccountRecord(
  db: Db,
  f: AccountRecordFilter,
  offset: number,
  limit: number,
): Promise<{ rows: AccountRecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select([
        'e.id as id',
        'e.transaction_id as transactionId',
        't.kind as kind',
        'e.amount as amount',
        // Every ledger transaction stores each touched account's balance after it (result.balances).
        sql<string | null>`t.result->'balances'->>(e.account_id::text)`.as('balanceAfter'),
        't.reference as reference',
        't.created_at as createdAt',
      ])
      .orderBy('e.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    filtered(db, f).select(sql<string>`count(*)::text`.as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      transactionId: String(r.transactionId),
      kind: r.kind,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balanceAfter ?? '0'),
      reference: r.reference,
      createdAt: r.createdAt,
    })),
    total: Number(count?.n ?? 0),
  };
}
