import type { Kysely } from 'kysely';
import type { ClosureHeldReason, ClosurePayout } from '../../db/tables/privacy';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

type NewClosure = {
  memberId: string;
  closedAt: Date;
  currency: string;
  balanceMinor: bigint;
  payout: ClosurePayout;
  withdrawalId: string | null;
  heldReason: ClosureHeldReason | null;
  payoutDueBy: Date | null;
};

/** Record a closing and what became of the balance, in the closing's transaction; answers its id. */
export async function insertClosure(trx: Db, c: NewClosure): Promise<string> {
  const row = await trx
    .insertInto('account_closures')
    .values({
      member_id: c.memberId,
      closed_at: c.closedAt,
      currency: c.currency,
      balance_minor: c.balanceMinor.toString(),
      payout: c.payout,
      withdrawal_id: c.withdrawalId,
      held_reason: c.heldReason,
      payout_due_by: c.payoutDueBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export type ClosureRow = NewClosure & { id: string };

/** A member's closings, newest first (the back office's player page, the data copy). */
export async function findClosures(db: Db, memberId: string): Promise<ClosureRow[]> {
  const rows = await db
    .selectFrom('account_closures')
    .select([
      'id',
      'member_id',
      'closed_at',
      'currency',
      'balance_minor',
      'payout',
      'withdrawal_id',
      'held_reason',
      'payout_due_by',
    ])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    memberId: String(r.member_id),
    closedAt: r.closed_at,
    currency: r.currency,
    balanceMinor: BigInt(r.balance_minor),
    payout: r.payout,
    withdrawalId: r.withdrawal_id === null ? null : String(r.withdrawal_id),
    heldReason: r.held_reason,
    payoutDueBy: r.payout_due_by,
  }));
}
