import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's withdrawal orders for the back office's player page, newest first, keyset-paged by id. */
export type WithdrawalHistoryFilter = {
  cursor?: string | undefined;
  limit: number;
  from?: Date | undefined;
  to?: Date | undefined;
  status?: string | undefined;
};

export async function findMemberWithdrawals(db: Db, memberId: string, f: WithdrawalHistoryFilter) {
  let q = db
    .selectFrom('withdrawal_orders')
    .select([
      'id',
      'amount',
      'status',
      'bank_name as bankName',
      'account_number as accountNumber',
      'holder_name as holderName',
      'reject_reason as rejectReason',
      'created_at as createdAt',
      'decided_at as decidedAt',
    ])
    .where('member_id', '=', memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  if (f.status) q = q.where('status', '=', f.status as never);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}
