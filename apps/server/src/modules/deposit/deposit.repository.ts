import { sql, type Kysely } from 'kysely';
import type { DepositPayer } from '@wps/shared/schemas/deposit';
import type { Database } from '../../db/schema';
import type { DepositChannelType, DepositMethod, DepositOrderStatus } from '../../db/tables/deposit';

type Db = Kysely<Database>;

export type ChannelRow = {
  id: string;
  name: string;
  type: DepositChannelType;
  currency: string;
  minMinor: bigint;
  maxMinor: bigint;
  feeFixedMinor: bigint;
  feeBps: number;
  enabled: boolean;
  sort: number;
  bankName: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
  provider: string | null;
  method: DepositMethod;
  updatedAt: Date;
};

export type ChannelValues = Omit<ChannelRow, 'id' | 'updatedAt'>;

export type OrderRow = {
  id: string;
  memberId: string;
  channelId: string;
  channelName: string;
  channelType: DepositChannelType;
  provider: string | null;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  creditMinor: bigint;
  referenceCode: string;
  idempotencyKey: string;
  status: DepositOrderStatus;
  providerRef: string | null;
  payUrl: string | null;
  failureReason: string | null;
  ledgerTransactionId: string | null;
  createdAt: Date;
  expiresAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  bankName: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
  method: DepositMethod;
  pixCode: string | null;
  payerCpfMasked: string | null;
  returnedAt: Date | null;
  /** A confirmed manual transfer's payer (deposit_order_payers), null for any other order. */
  payer: DepositPayer | null;
};

// ---------------------------------------------------------------------------------------------
// Channels
// ---------------------------------------------------------------------------------------------

function toChannel(r: {
  id: string;
  name: string;
  type: DepositChannelType;
  currency: string;
  min_minor: string;
  max_minor: string;
  fee_fixed_minor: string;
  fee_bps: number;
  enabled: boolean;
  sort: number;
  bank_name: string | null;
  account_number: string | null;
  account_holder: string | null;
  provider: string | null;
  method: DepositMethod;
  updated_at: Date;
}): ChannelRow {
  return {
    id: String(r.id),
    name: r.name,
    type: r.type,
    currency: r.currency,
    minMinor: BigInt(r.min_minor),
    maxMinor: BigInt(r.max_minor),
    feeFixedMinor: BigInt(r.fee_fixed_minor),
    feeBps: Number(r.fee_bps),
    enabled: r.enabled,
    sort: Number(r.sort),
    bankName: r.bank_name,
    accountNumber: r.account_number,
    accountHolder: r.account_holder,
    provider: r.provider,
    method: r.method,
    updatedAt: r.updated_at,
  };
}

function channelColumns(v: ChannelValues) {
  return {
    name: v.name,
    type: v.type,
    currency: v.currency,
    min_minor: v.minMinor.toString(),
    max_minor: v.maxMinor.toString(),
    fee_fixed_minor: v.feeFixedMinor.toString(),
    fee_bps: v.feeBps,
    enabled: v.enabled,
    sort: v.sort,
    bank_name: v.bankName,
    account_number: v.accountNumber,
    account_holder: v.accountHolder,
    provider: v.provider,
    method: v.method,
  };
}

/** Every channel (or only enabled ones), in display order. */
export async function findChannels(db: Db, opts: { enabledOnly: boolean; currency?: string }): Promise<ChannelRow[]> {
  let query = db.selectFrom('deposit_channels').selectAll();
  if (opts.enabledOnly) query = query.where('enabled', '=', true);
  if (opts.currency) query = query.where('currency', '=', opts.currency);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map(toChannel);
}

/** One channel; `forUpdate` locks it for an audited change. */
export async function findChannel(db: Db, id: string, forUpdate = false): Promise<ChannelRow | undefined> {
  let query = db.selectFrom('deposit_channels').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toChannel(row) : undefined;
}

/** Insert a channel; returns it. */
export async function insertChannel(db: Db, v: ChannelValues): Promise<ChannelRow> {
  const row = await db
    .insertInto('deposit_channels')
    .values(channelColumns(v))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChannel(row);
}

/** Replace a channel's settings; returns it. */
export async function updateChannel(db: Db, id: string, v: ChannelValues, at: Date): Promise<ChannelRow> {
  const row = await db
    .updateTable('deposit_channels')
    .set({ ...channelColumns(v), updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChannel(row);
}

/** Whether any channel exists (the demo seed runs only on an empty table). */
export async function hasAnyChannel(db: Db): Promise<boolean> {
  const row = await db.selectFrom('deposit_channels').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export function orderQuery(db: Db) {
  return db
    .selectFrom('deposit_orders as o')
    .innerJoin('deposit_channels as c', 'c.id', 'o.channel_id')
    .leftJoin('deposit_order_payers as p', 'p.order_id', 'o.id')
    .select([
      'o.id',
      'o.member_id as memberId',
      'o.channel_id as channelId',
      'c.name as channelName',
      'o.channel_type as channelType',
      'o.provider',
      'o.currency',
      'o.amount_minor as amountMinor',
      'o.fee_minor as feeMinor',
      'o.credit_minor as creditMinor',
      'o.reference_code as referenceCode',
      'o.idempotency_key as idempotencyKey',
      'o.status',
      'o.provider_ref as providerRef',
      'o.pay_url as payUrl',
      'o.failure_reason as failureReason',
      'o.ledger_transaction_id as ledgerTransactionId',
      'o.created_at as createdAt',
      'o.expires_at as expiresAt',
      'o.resolved_at as resolvedAt',
      'o.resolved_by as resolvedBy',
      'c.bank_name as bankName',
      'c.account_number as accountNumber',
      'c.account_holder as accountHolder',
      'o.method',
      'o.pix_code as pixCode',
      'o.payer_cpf_masked as payerCpfMasked',
      'o.returned_at as returnedAt',
      'p.order_id as payerOrderId',
      'p.payer_name as payerName',
      'p.payer_cpf_masked as payerStatementCpfMasked',
      'p.payer_is_player as payerIsPlayer',
      'p.bank_reference as payerBankReference',
    ]);
}

type RawOrder = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

export function toOrder(raw: RawOrder): OrderRow {
  const { payerOrderId, payerName, payerStatementCpfMasked, payerIsPlayer, payerBankReference, ...r } = raw;
  return {
    ...r,
    payer:
      payerOrderId === null
        ? null
        : {
            name: payerName,
            cpfMasked: payerStatementCpfMasked,
            isPlayer: payerIsPlayer,
            bankReference: payerBankReference,
          },
    id: String(r.id),
    memberId: String(r.memberId),
    channelId: String(r.channelId),
    amountMinor: BigInt(r.amountMinor),
    feeMinor: BigInt(r.feeMinor),
    creditMinor: BigInt(r.creditMinor),
    ledgerTransactionId: r.ledgerTransactionId === null ? null : String(r.ledgerTransactionId),
  };
}

/** Insert an order unless the member already used this idempotency key; returns the new id or undefined. */
export async function insertOrder(
  db: Db,
  input: {
    memberId: string;
    channelId: string;
    channelType: DepositChannelType;
    provider: string | null;
    currency: string;
    amountMinor: bigint;
    feeMinor: bigint;
    creditMinor: bigint;
    referenceCode: string;
    idempotencyKey: string;
    method: DepositMethod;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('deposit_orders')
    .values({
      member_id: input.memberId,
      channel_id: input.channelId,
      channel_type: input.channelType,
      provider: input.provider,
      currency: input.currency,
      amount_minor: input.amountMinor.toString(),
      fee_minor: input.feeMinor.toString(),
      credit_minor: input.creditMinor.toString(),
      reference_code: input.referenceCode,
      idempotency_key: input.idempotencyKey,
      method: input.method,
      created_at: input.createdAt,
      expires_at: input.expiresAt,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : undefined;
}

/** Whether a reference code is already taken. */
export async function isReferenceCodeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('deposit_orders').select('id').where('reference_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** One order with its channel's name and receiving account. */
export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const row = await orderQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** The member's order with this idempotency key. */
export async function findOrderByIdempotencyKey(db: Db, memberId: string, key: string): Promise<OrderRow | undefined> {
  const row = await orderQuery(db)
    .where('o.member_id', '=', memberId)
    .where('o.idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** Lock an order row for a resolution; concurrent resolutions wait here and then see its new status. */
/**
 * The amounts of a member's orders created since `since` that count against a deposit limit: the
 * credited ones, and (with `pendingAt`) the pending ones still payable at that instant, which
 * hold their room until they are paid, fail or expire. `exceptId` leaves one order out.
 */
export async function sumMemberOrders(
  db: Db,
  memberId: string,
  since: Date,
  opts: { pendingAt?: Date; exceptId?: string },
): Promise<bigint> {
  let q = db
    .selectFrom('deposit_orders')
    .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where((eb) => {
      const credited = eb('status', '=', 'credited');
      return opts.pendingAt
        ? eb.or([credited, eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', opts.pendingAt)])])
        : credited;
    });
  if (opts.exceptId) q = q.where('id', '!=', opts.exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function lockOrder(db: Db, id: string): Promise<{ status: DepositOrderStatus } | undefined> {
  const row = await db
    .selectFrom('deposit_orders')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row;
}

/**
 * Move an order out of one of `from` into its final status; true when exactly this call did it
 * (the guard on status makes a second resolution a no-op).
 */
export async function resolveOrder(
  db: Db,
  id: string,
  from: readonly DepositOrderStatus[],
  to: {
    status: Exclude<DepositOrderStatus, 'pending'>;
    ledgerTransactionId?: string | null;
    failureReason?: string | null;
    payerCpfMasked?: string | null;
    resolvedBy: string;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('deposit_orders')
    .set({
      status: to.status,
      ledger_transaction_id: to.ledgerTransactionId ?? null,
      failure_reason: to.failureReason ?? null,
      payer_cpf_masked: to.payerCpfMasked ?? null,
      resolved_by: to.resolvedBy,
      resolved_at: to.at,
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remember the gateway's payment for an order (once), with its BR Code when it is a PIX charge. */
export async function setOrderPayment(
  db: Db,
  id: string,
  providerRef: string,
  payUrl: string,
  pixCode: string | null,
): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ provider_ref: providerRef, pay_url: payUrl, pix_code: pixCode })
    .where('id', '=', id)
    .where('provider_ref', 'is', null)
    .execute();
}

/** A page of orders, newest first, filtered by member, status and type; plus the total. */
export async function findOrders(
  db: Db,
  filter: {
    memberId?: string;
    status?: DepositOrderStatus | undefined;
    type?: DepositChannelType | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  let list = orderQuery(db);
  let count = db.selectFrom('deposit_orders as o').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.memberId) {
    list = list.where('o.member_id', '=', filter.memberId);
    count = count.where('o.member_id', '=', filter.memberId);
  }
  if (filter.status) {
    list = list.where('o.status', '=', filter.status);
    count = count.where('o.status', '=', filter.status);
  }
  if (filter.type) {
    list = list.where('o.channel_type', '=', filter.type);
    count = count.where('o.channel_type', '=', filter.type);
  }
  const [rows, total] = await Promise.all([
    list.orderBy('o.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toOrder), total: Number(total.n) };
}

/** Ids of pending orders past their expiry, oldest first. */
export async function findOverdueOrderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.id));
}

/** Test and ops support: move an order's expiry (e.g. to make it overdue now). */
export async function setOrderExpiry(db: Db, id: string, expiresAt: Date): Promise<void> {
  await sql`UPDATE deposit_orders SET expires_at = ${expiresAt} WHERE id = ${id}`.execute(db);
}

/** A back-office queue: how many items wait and since when the oldest has (reporting's dashboard). */
export type QueueStats = { count: number; oldestAt: Date | null };

function toQueue(r: { n: string | number; oldest: Date | string | null }): QueueStats {
  return { count: Number(r.n), oldestAt: r.oldest ? new Date(r.oldest) : null };
}

/** Manual bank-transfer orders waiting for an operator's confirmation. */
export async function pendingManualQueue(db: Db): Promise<QueueStats> {
  const r = await db
    .selectFrom('deposit_orders')
    .where('status', '=', 'pending')
    .where('channel_type', '=', 'manual_bank')
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
    .executeTakeFirstOrThrow();
  return toQueue(r);
}
