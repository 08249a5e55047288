import { sql, type Kysely } from 'kysely';
import type { WithdrawalConfirmation, WithdrawalOrigin, WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import type { PixKeyType } from '@wps/shared/pix-key';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Arbitrary but fixed namespace of the per-member advisory lock that serialises withdrawal requests. */
const WITHDRAWAL_LOCK_NAMESPACE = 727_274_030;

export type WithdrawalRow = {
  id: string;
  memberId: string;
  idempotencyKey: string;
  amount: bigint;
  currency: string;
  holdId: string;
  status: WithdrawalStatus;
  confirmation: WithdrawalConfirmation | null;
  bankAccountId: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  /** Sent to a PIX key: its type and the key. */
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  rejectReason: string | null;
  resolutionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  confirmDeadline: Date | null;
  confirmedAt: Date | null;
  resolvedAt: Date | null;
  proofCount: number;
  /** An approval waiting for (or completed by) a second operator: who asked, when, which thresholds it passed. */
  approvalAskedBy: string | null;
  approvalAskedAt: Date | null;
  approvalWaitReasons: MoneyWaitReason[];
  /** Why the order was made (migration 0630). */
  origin: WithdrawalOrigin;
  /** When the operator's decision is due (migration 0680; null before it). */
  reviewDueAt: Date | null;
};

export type NewWithdrawal = {
  memberId: string;
  idempotencyKey: string;
  amount: bigint;
  currency: string;
  holdId: string;
  bankAccountId: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  createdAt: Date;
  /** The player's request when absent; the closure payout and the barred refund name theirs (withdrawal-payout.ts). */
  origin?: WithdrawalOrigin;
  /** When the operator's decision is due: createdAt plus the setting withdrawal.reviewDeadlineHours. */
  reviewDueAt: Date;
};

export function selectOrders(db: Db) {
  return db
    .selectFrom('withdrawal_orders as w')
    .selectAll('w')
    .select((eb) =>
      eb
        .selectFrom('withdrawal_proofs as p')
        .select(sql<string>`count(*)::text`.as('n'))
        .whereRef('p.withdrawal_id', '=', 'w.id')
        .as('proof_count'),
    );
}

type OrderSelect = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

export function toRow(r: OrderSelect): WithdrawalRow {
  return {
    id: String(r.id),
    memberId: String(r.member_id),
    idempotencyKey: r.idempotency_key,
    amount: BigInt(r.amount),
    currency: r.currency,
    holdId: String(r.hold_id),
    status: r.status,
    confirmation: r.confirmation,
    bankAccountId: r.bank_account_id,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    accountNumber: r.account_number,
    holderName: r.holder_name,
    pixKeyType: r.pix_key_type,
    pixKey: r.pix_key,
    rejectReason: r.reject_reason,
    resolutionNote: r.resolution_note,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    confirmDeadline: r.confirm_deadline,
    confirmedAt: r.confirmed_at,
    resolvedAt: r.resolved_at,
    proofCount: Number(r.proof_count ?? 0),
    approvalAskedBy: r.approval_asked_by === null ? null : String(r.approval_asked_by),
    approvalAskedAt: r.approval_asked_at,
    approvalWaitReasons: r.approval_wait_reasons as MoneyWaitReason[],
    origin: r.origin,
    reviewDueAt: r.review_due_at,
  };
}

/**
 * Serialise one member's withdrawal requests until the transaction ends, so the daily count
 * read next cannot be raced by a parallel request of the same member. Other members never wait.
 */
export async function lockMemberWithdrawals(trx: Db, memberId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${WITHDRAWAL_LOCK_NAMESPACE}::int4, hashtext(${String(memberId)}))`.execute(
    trx,
  );
}

/** Orders the member created since `since` that still count against the daily limit (not rejected). */
export async function countOrdersSince(db: Db, memberId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The order a member created with an idempotency key, if any. */
export async function findOrderByKey(
  db: Db,
  memberId: string,
  idempotencyKey: string,
): Promise<WithdrawalRow | undefined> {
  const row = await selectOrders(db)
    .where('w.member_id', '=', memberId)
    .where('w.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Insert a new pending order. */
export async function insertOrder(db: Db, o: NewWithdrawal): Promise<string> {
  const row = await db
    .insertInto('withdrawal_orders')
    .values({
      member_id: o.memberId,
      idempotency_key: o.idempotencyKey,
      amount: o.amount.toString(),
      currency: o.currency,
      hold_id: o.holdId,
      bank_account_id: o.bankAccountId,
      bank_code: o.bankCode,
      bank_name: o.bankName,
      account_number: o.accountNumber,
      holder_name: o.holderName,
      pix_key_type: o.pixKeyType,
      pix_key: o.pixKey,
      created_at: o.createdAt,
      origin: o.origin ?? 'request',
      review_due_at: o.reviewDueAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An order by id, if any. */
export async function findOrder(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  const row = await selectOrders(db).where('w.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Lock an order row for the rest of the transaction; every state change goes through this. */
export async function lockOrder(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  const locked = await db
    .selectFrom('withdrawal_orders')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findOrder(db, id) : undefined;
}

/** A member's newest orders. */
export async function findMemberOrders(db: Db, memberId: string, limit: number): Promise<WithdrawalRow[]> {
  const rows = await selectOrders(db)
    .where('w.member_id', '=', memberId)
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** Move a locked order from one status to another; returns whether exactly this call changed it. */
export async function updateOrderStatus(
  db: Db,
  id: string,
  from: WithdrawalStatus,
  change: {
    status: WithdrawalStatus;
    confirmation?: WithdrawalConfirmation;
    rejectReason?: string;
    resolutionNote?: string;
    decidedAt?: Date;
    decidedBy?: string;
    confirmDeadline?: Date;
    confirmedAt?: Date;
    resolvedAt?: Date;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('withdrawal_orders')
    .set({
      status: change.status,
      ...(change.confirmation !== undefined ? { confirmation: change.confirmation } : {}),
      ...(change.rejectReason !== undefined ? { reject_reason: change.rejectReason } : {}),
      ...(change.resolutionNote !== undefined ? { resolution_note: change.resolutionNote } : {}),
      ...(change.decidedAt !== undefined ? { decided_at: change.decidedAt } : {}),
      ...(change.decidedBy !== undefined ? { decided_by: change.decidedBy } : {}),
      ...(change.confirmDeadline !== undefined ? { confirm_deadline: change.confirmDeadline } : {}),
      ...(change.confirmedAt !== undefined ? { confirmed_at: change.confirmedAt } : {}),
      ...(change.resolvedAt !== undefined ? { resolved_at: change.resolvedAt } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * A locked pending order whose approval waits for a second operator: it stays pending (in the
 * queue, its money held), marked with the asking operator and the thresholds it passed.
 */
export async function markApprovalWaiting(
  db: Db,
  id: string,
  w: { askedBy: string; at: Date; waitReasons: MoneyWaitReason[] },
): Promise<void> {
  await db
    .updateTable('withdrawal_orders')
    .set({ approval_asked_by: w.askedBy, approval_asked_at: w.at, approval_wait_reasons: w.waitReasons })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('approval_asked_by', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Approved orders whose confirmation deadline has passed, oldest first. */
export async function findOverdueApprovedIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('withdrawal_orders')
    .select('id')
    .where('status', '=', 'approved')
    .where('confirm_deadline', '<=', now)
    .orderBy('confirm_deadline', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.id));
}

/** Record a stored proof image of an order. */
export async function insertProof(
  db: Db,
  proof: { withdrawalId: string; storedName: string; contentType: 'image/png' | 'image/jpeg'; sizeBytes: number },
): Promise<void> {
  await db
    .insertInto('withdrawal_proofs')
    .values({
      withdrawal_id: proof.withdrawalId,
      stored_name: proof.storedName,
      content_type: proof.contentType,
      size_bytes: proof.sizeBytes,
    })
    .execute();
}

/** The proofs of an order. */
export async function findProofs(
  db: Db,
  withdrawalId: string,
): Promise<{ storedName: string; contentType: 'image/png' | 'image/jpeg'; sizeBytes: number; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('withdrawal_proofs')
    .select(['stored_name', 'content_type', 'size_bytes', 'created_at'])
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    storedName: r.stored_name,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    createdAt: r.created_at,
  }));
}

/** Sum of a member's pending withdrawals (money held, not yet approved or rejected). */
export async function sumPendingAmount(db: Db, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

/** A back-office queue: how many items wait and since when the oldest has (reporting's dashboard). */
export type QueueStats = { count: number; oldestAt: Date | null; overdue?: number };

function toQueue(r: { n: string | number; oldest: Date | string | null }): QueueStats {
  return { count: Number(r.n), oldestAt: r.oldest ? new Date(r.oldest) : null };
}

/**
 * Orders in one status (pending: awaiting review; disputed: "not received" answers), how many and
 * the oldest; for pending ones also how many are past their review deadline at `now`.
 */
export async function statusQueue(db: Db, status: 'pending' | 'disputed', now: Date): Promise<QueueStats> {
  const r = await db
    .selectFrom('withdrawal_orders')
    .where('status', '=', status)
    .select([
      sql<string>`count(*)`.as('n'),
      sql<Date | null>`min(created_at)`.as('oldest'),
      sql<string>`count(*) FILTER (WHERE review_due_at < ${now})`.as('overdue'),
    ])
    .executeTakeFirstOrThrow();
  return status === 'pending' ? { ...toQueue(r), overdue: Number(r.overdue) } : toQueue(r);
}

/** Pending orders past their review deadline at `now` (the metric wps_withdrawals_review_overdue). */
export async function countReviewOverdue(db: Db, now: Date): Promise<number> {
  const r = await db
    .selectFrom('withdrawal_orders')
    .where('status', '=', 'pending')
    .where('review_due_at', '<', now)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
