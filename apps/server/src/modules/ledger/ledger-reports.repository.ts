import { sql, type AliasableExpression, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Reads of the ledger that other modules show (the account statement, the winners board). They
// live here so the ledger stays the only module that knows its tables; the callers get rows.

type Db = Kysely<Database>;

export type StatementRow = {
  id: string;
  transactionId: string;
  kind: string;
  amount: bigint;
  /** The account's balance right after the transaction, from the ledger's stored result. */
  balanceAfter: bigint;
  reference: string | null;
  createdAt: Date;
};

export type StatementFilter = {
  memberId: string;
  kind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function filteredEntries(db: Db, f: StatementFilter) {
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
export async function findMemberStatement(
  db: Db,
  f: StatementFilter,
  offset: number,
  limit: number,
): Promise<{ rows: StatementRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filteredEntries(db, f)
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
    filteredEntries(db, f).select(sql<string>`count(*)::text`.as('n')).executeTakeFirst(),
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

export type TopCreditRow = { account: string; amount: bigint; createdAt: Date; nodeId: string | null };

/**
 * The biggest credits of one transaction kind to player accounts since a time, largest first,
 * among the members `members` lists (a view of the member module: id and account name, joined
 * in this statement). The game is read from the transaction's metadata (nodeId or gameId) when
 * the writer put it there.
 */
export async function findTopPlayerCredits(
  db: Db,
  q: { kind: string; since: Date; limit: number; members: AliasableExpression<{ id: string; account: string }> },
): Promise<TopCreditRow[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin(q.members.as('m'), 'm.id', 'a.member_id')
    .where('t.kind', '=', q.kind)
    .where('a.is_player', '=', true)
    .where(sql<boolean>`e.amount > 0`)
    .where('t.created_at', '>=', q.since)
    .select([
      'm.account as account',
      'e.amount as amount',
      't.created_at as createdAt',
      // The gateway's seamless wins carry the game as metadata.gameId; other writers may use nodeId.
      sql<string | null>`coalesce(t.metadata->>'nodeId', t.metadata->>'gameId')`.as('nodeId'),
    ])
    .orderBy('e.amount', 'desc')
    .orderBy('t.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({ account: r.account, amount: BigInt(r.amount), createdAt: r.createdAt, nodeId: r.nodeId }));
}
