import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's deposit orders for the back office's player page, newest first, keyset-paged by id. */
export type DepositHistoryFilter = {
  cursor?: string | undefined;
  limit: number;
  from?: Date | undefined;
  to?: Date | undefined;
  status?: string | undefined;
};

export async function findMemberDeposits(db: Db, memberId: string, f: DepositHistoryFilter) {
  let q = db
    .selectFrom('deposit_orders')
    .select([
      'id',
      'channel_type as channelType',
      'provider',
      'amount_minor as amount',
      'credit_minor as credit',
      'status',
      'reference_code as referenceCode',
      'failure_reason as failureReason',
      'created_at as createdAt',
      'resolved_at as resolvedAt',
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
