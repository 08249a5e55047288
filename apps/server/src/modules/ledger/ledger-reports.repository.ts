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

export type TopRoundWinRow = {
  account: string;
  /** What the round paid the player less what it staked (after refunds): always above zero. */
  net: bigint;
  /** When the round's last win was posted. */
  createdAt: Date;
  nodeId: string | null;
};

/**
 * The biggest net round wins of players since a time, largest first, among the members `members`
 * lists (a view of the member module: id and account name, joined in this statement).
 *
 * A payout is a win only when it is more than the stake: a R$ 1 bet paid R$ 0,10 lost R$ 0,90.
 * So a round is ranked by its net, the sum of the player's entries under the round's reference
 * (`round:<vassalage>:<roundId>`, which the seamless wallet puts on every bet, win and rollback
 * of the round): wins minus stakes plus refunds. Only rounds with a win credit in the window and
 * a net above zero are returned. A win without a round reference cannot be set against its stake,
 * so it is never listed. The game is read from the win's metadata (gameId, or nodeId).
 */
export async function findTopRoundWins(
  db: Db,
  q: { since: Date; limit: number; members: AliasableExpression<{ id: string; account: string }> },
): Promise<TopRoundWinRow[]> {
  const rows = await db
    .with('won', (w) =>
      w
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .innerJoin(q.members.as('m'), 'm.id', 'a.member_id')
        .where('t.kind', '=', 'win')
        .where('a.is_player', '=', true)
        .where(sql<boolean>`e.amount > 0`)
        .where('t.created_at', '>=', q.since)
        .where('t.reference', 'is not', null)
        .groupBy(['t.reference', 'a.member_id', 'm.account'])
        .select([
          't.reference as reference',
          'a.member_id as memberId',
          'm.account as account',
          sql<Date>`max(t.created_at)`.as('wonAt'),
          sql<string>`max(t.id)`.as('lastId'),
          // The gateway's seamless wins carry the game as metadata.gameId; other writers may use nodeId.
          sql<string | null>`max(coalesce(t.metadata->>'nodeId', t.metadata->>'gameId'))`.as('nodeId'),
        ]),
    )
    .selectFrom('won as w')
    .innerJoin('ledger_transactions as t', 't.reference', 'w.reference')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', (j) =>
      j.onRef('a.id', '=', 'e.account_id').onRef('a.member_id', '=', 'w.memberId').on('a.is_player', '=', true),
    )
    .where('t.kind', 'in', ['bet', 'win', 'rollback'])
    .groupBy(['w.reference', 'w.memberId', 'w.account', 'w.wonAt', 'w.lastId', 'w.nodeId'])
    .having(sql<boolean>`sum(e.amount) > 0`)
    .select([
      'w.account as account',
      sql<string>`sum(e.amount)::text`.as('net'),
      'w.wonAt as createdAt',
      'w.nodeId as nodeId',
    ])
    .orderBy(sql`sum(e.amount)`, 'desc')
    .orderBy('w.lastId', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({ account: r.account, net: BigInt(r.net), createdAt: r.createdAt, nodeId: r.nodeId }));
}
