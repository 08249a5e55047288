import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VendorTransferStatus } from '../../db/tables/gateway';
import type { BetLimits } from './seamless.repository';

type Db = Kysely<Database>;

/*
 * The transfer wallet's SQL (migrations 0050 and 0080).
 *
 * Lock order, in every transaction that touches a player's wallet at a vendor: that wallet's
 * `vendor_wallets` row first (lockWallet or claimWalletAtVersion, always the transaction's first
 * lock), then the transfer row, then its ledger hold, then ledger accounts in id order (ledger_post
 * takes those). Everything that writes the player's vendor account holds the wallet row, so two
 * such transactions queue on it instead of locking accounts in opposite orders (deadlock 40P01).
 */

export type TransferRow = {
  id: string;
  transferRef: string;
  memberId: string;
  vassalage: string;
  direction: 'in' | 'out';
  amount: bigint;
  currency: string;
  idempotencyKey: string;
  holdId: string;
  status: VendorTransferStatus;
  attempts: number;
  createdAt: Date;
};

/** What a client's idempotency key asked for: vassalage null = out of every vendor; requestedAmount minor units or 'all'. */
export type TransferRequest = {
  direction: 'in' | 'out';
  vassalage: string | null;
  /** null only on requests recorded before migration 0080 (the amount asked was not kept). */
  requestedAmount: string | null;
};

/**
 * Claim a client key for a request. Returns what the key was first claimed for: this request when
 * the key is new, or the earlier request (which the caller compares) when it was used before.
 */
export async function claimTransferRequest(
  db: Db,
  memberId: string,
  idempotencyKey: string,
  request: TransferRequest,
): Promise<TransferRequest> {
  const inserted = await db
    .insertInto('vendor_transfer_requests')
    .values({
      member_id: memberId,
      idempotency_key: idempotencyKey,
      direction: request.direction,
      vassalage: request.vassalage,
      requested_amount: request.requestedAmount,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  if (inserted) return request;
  const r = await db
    .selectFrom('vendor_transfer_requests')
    .select(['direction', 'vassalage', 'requested_amount'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
  return { direction: r.direction, vassalage: r.vassalage, requestedAmount: r.requested_amount };
}

/** Insert a transfer intent; undefined when this member already used the idempotency key. */
export async function insertTransfer(
  db: Db,
  input: {
    transferRef: string;
    memberId: string;
    vassalage: string;
    direction: 'in' | 'out';
    amount: bigint;
    currency: string;
    idempotencyKey: string;
    holdId: string;
  },
): Promise<TransferRow | undefined> {
  const r = await db
    .insertInto('vendor_transfers')
    .values({
      transfer_ref: input.transferRef,
      member_id: input.memberId,
      vassalage: input.vassalage,
      direction: input.direction,
      amount: input.amount.toString(),
      currency: input.currency,
      idempotency_key: input.idempotencyKey,
      hold_id: input.holdId,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return r ? toTransfer(r) : undefined;
}

/** A member's transfer by its idempotency key (the client's, or a per-vendor one). */
export async function findTransferByKey(
  db: Db,
  memberId: string,
  idempotencyKey: string,
): Promise<TransferRow | undefined> {
  const r = await db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return r ? toTransfer(r) : undefined;
}

/** A transfer by id, optionally locked (after its wallet row: see the lock order above). */
export async function findTransfer(
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<TransferRow | undefined> {
  let q = db.selectFrom('vendor_transfers').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toTransfer(r) : undefined;
}

/** The member's pending transfer at a vendor, if any. */
export async function findPendingTransfer(
  db: Db,
  memberId: string,
  vassalage: string,
): Promise<TransferRow | undefined> {
  const r = await db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('vassalage', '=', vassalage)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r ? toTransfer(r) : undefined;
}

/** Pending transfers older than `before`, oldest first (for the status-check job). */
export async function findStalePendingTransfers(db: Db, before: Date, limit: number): Promise<TransferRow[]> {
  const rows = await db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toTransfer);
}

/** Count one more vendor call for a pending transfer and remember the last error (one row, no other lock). */
export async function noteTransferAttempt(db: Db, id: string, error: string | null): Promise<void> {
  await db
    .updateTable('vendor_transfers')
    .set({ attempts: sql<number>`attempts + 1`, last_error: error?.slice(0, 500) ?? null })
    .where('id', '=', id)
    .execute();
}

/** Resolve a pending transfer; true when this call did it. */
export async function resolveTransfer(
  db: Db,
  id: string,
  status: 'succeeded' | 'failed',
  error: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable('vendor_transfers')
    .set({ status, resolved_at: new Date(), last_error: error?.slice(0, 500) ?? null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** The version of a member's wallet at a vendor (0 when never used), read before a vendor balance call. */
export async function findWalletVersion(db: Db, memberId: string, vassalage: string): Promise<string> {
  const r = await db
    .selectFrom('vendor_wallets')
    .select('version')
    .where('member_id', '=', memberId)
    .where('vassalage', '=', vassalage)
    .executeTakeFirst();
  return r?.version ?? '0';
}

/**
 * The first lock of a transaction that moves money of a vendor wallet: lock its row (creating it)
 * and move its version on, so a balance read taken before this is never applied after it.
 */
export async function lockWallet(db: Db, memberId: string, vassalage: string): Promise<string> {
  const r = await db
    .insertInto('vendor_wallets')
    .values({ member_id: memberId, vassalage, version: '1' })
    .onConflict((oc) =>
      oc.columns(['member_id', 'vassalage']).doUpdateSet({ version: sql<string>`vendor_wallets.version + 1` }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return r.version;
}

/**
 * The first lock of a balance sync: compare-and-set on the version read before the vendor call.
 * When nothing moved the wallet since (no transfer, outcome or other sync), lock the row, move the
 * version on and stamp the sync; false when something did, and the answer is stale. Under READ
 * COMMITTED a sync that waited for a concurrent writer re-reads its version after that commit.
 */
export async function claimWalletAtVersion(
  db: Db,
  memberId: string,
  vassalage: string,
  version: string,
): Promise<boolean> {
  if (version === '0') {
    await db
      .insertInto('vendor_wallets')
      .values({ member_id: memberId, vassalage })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const r = await db
    .updateTable('vendor_wallets')
    .set({ version: sql<string>`version + 1`, synced_at: new Date() })
    .where('member_id', '=', memberId)
    .where('vassalage', '=', vassalage)
    .where('version', '=', version)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

type TransferSelect = Database['vendor_transfers'] extends infer T ? { [K in keyof T]: unknown } : never;

function toTransfer(r: TransferSelect): TransferRow {
  return {
    id: String(r.id),
    transferRef: String(r.transfer_ref),
    memberId: String(r.member_id),
    vassalage: String(r.vassalage),
    direction: r.direction as 'in' | 'out',
    amount: BigInt(r.amount as string),
    currency: String(r.currency),
    idempotencyKey: String(r.idempotency_key),
    holdId: String(r.hold_id),
    status: r.status as VendorTransferStatus,
    attempts: Number(r.attempts),
    createdAt: r.created_at as Date,
  };
}

/** A back-office queue: how many items wait and since when the oldest has (reporting's dashboard). */
export type QueueStats = { count: number; oldestAt: Date | null };

function toQueue(r: { n: string | number; oldest: Date | string | null }): QueueStats {
  return { count: Number(r.n), oldestAt: r.oldest ? new Date(r.oldest) : null };
}

/** Transfers whose outcome is not known yet (the status job resolves them), how many and the oldest. */
export async function pendingTransferQueue(db: Db): Promise<QueueStats> {
  const r = await db
    .selectFrom('vendor_transfers')
    .where('status', '=', 'pending')
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
    .executeTakeFirstOrThrow();
  return toQueue(r);
}

/**
 * Whether the player's loss limits refuse sending `amount` to a vendor: rg_bet_refusal (migration
 * 0500), the bets' own decision, asked inside the transfer's transaction after the hold locked the
 * player's wallet row, so transfers and bets sent together count each other. The refusal as
 * seamless_apply stores it, or null.
 */
export async function lossLimitRefusal(
  db: Db,
  memberId: string,
  amount: bigint,
  limits: BetLimits,
  scale: number,
): Promise<{ error: { errorCode: string; message: string; value?: unknown } } | null> {
  const { rows } = await sql<{ refusal: { error: { errorCode: string; message: string; value?: unknown } } | null }>`
    SELECT rg_bet_refusal(${memberId}::bigint, ${amount.toString()}::bigint, ${JSON.stringify(limits)}::jsonb, ${scale}::integer) AS refusal`.execute(
    db,
  );
  const refusal = rows[0]?.refusal ?? null;
  return typeof refusal === 'string' ? JSON.parse(refusal) : refusal;
}
