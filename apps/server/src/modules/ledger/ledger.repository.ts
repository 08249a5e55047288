import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { HoldStatus } from '../../db/tables/ledger';
import { compareIds } from '../../db/ids';

type Db = Kysely<Database>;

export type AccountRow = {
  id: string;
  currency: string;
  purpose: string;
  memberId: string | null;
  isPlayer: boolean;
  balance: bigint;
};
export type TransactionRow = {
  id: string;
  kind: string;
  idempotencyKey: string;
  requestHash: string;
  currency: string;
  reference: string | null;
  result: Record<string, unknown> | null;
};
export type HoldRow = {
  id: string;
  sourceAccountId: string;
  holdAccountId: string;
  amount: bigint;
  currency: string;
  status: HoldStatus;
  createTransactionId: string;
  resolveTransactionId: string | null;
};

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/**
 * Create a member-owned account unless it exists; returns its id either way. Looked up first: an
 * account is made once and then found on every later payment, so the lookup is one round trip
 * where an insert that conflicts would be two.
 */
export async function upsertMemberAccount(
  db: Db,
  input: { memberId: string; purpose: string; currency: string; isPlayer: boolean },
): Promise<string> {
  const existing = await findMemberAccountId(db, input.memberId, input.purpose, input.currency);
  if (existing) return existing;
  const inserted = await db
    .insertInto('ledger_accounts')
    .values({ member_id: input.memberId, purpose: input.purpose, currency: input.currency, is_player: input.isPlayer })
    .onConflict((oc) => oc.columns(['member_id', 'purpose', 'currency']).where('member_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const found = await findMemberAccountId(db, input.memberId, input.purpose, input.currency);
  if (!found) throw new Error(`ledger account for member ${input.memberId} vanished after conflict`);
  return found;
}

/** Several members' accounts of one purpose and currency, created when missing (two statements for all): member id → account id. */
export async function upsertMemberAccounts(
  db: Db,
  memberIds: string[],
  purpose: string,
  currency: string,
  isPlayer: boolean,
): Promise<Map<string, string>> {
  const ids = [...new Set(memberIds)].sort(compareIds);
  if (ids.length === 0) return new Map();
  await sql`
    INSERT INTO ledger_accounts (member_id, purpose, currency, is_player)
    SELECT m, ${purpose}, ${currency}, ${isPlayer} FROM unnest(${sql.val(ids)}::bigint[]) AS m ORDER BY m
    ON CONFLICT (member_id, purpose, currency) WHERE member_id IS NOT NULL DO NOTHING`.execute(db);
  const { rows } = await sql<{ member_id: string; id: string }>`
    SELECT member_id::text AS member_id, id::text AS id FROM ledger_accounts
    WHERE member_id = ANY(${sql.val(ids)}::bigint[]) AND purpose = ${purpose} AND currency = ${currency}`.execute(db);
  return new Map(rows.map((r) => [r.member_id, r.id]));
}

/** Create a system (ownerless) account unless it exists; returns its id either way (looked up first, as above). */
export async function upsertSystemAccount(db: Db, purpose: string, currency: string): Promise<string> {
  const existing = await findSystemAccountId(db, purpose, currency);
  if (existing) return existing;
  const inserted = await db
    .insertInto('ledger_accounts')
    .values({ member_id: null, purpose, currency, is_player: false })
    .onConflict((oc) => oc.columns(['purpose', 'currency']).where('member_id', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const found = await findSystemAccountId(db, purpose, currency);
  if (!found) throw new Error(`system ledger account ${purpose}/${currency} vanished after conflict`);
  return found;
}

async function findSystemAccountId(db: Db, purpose: string, currency: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', 'is', null)
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.id;
}

/** The id of a member's account of this purpose and currency, if it exists. */
export async function findMemberAccountId(
  db: Db,
  memberId: string,
  purpose: string,
  currency: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.id;
}

/** A member's account of this purpose (any currency, oldest first). */
export async function findMemberAccount(
  db: Db,
  memberId: string,
  purpose: string,
  currency?: string,
): Promise<AccountRow | undefined> {
  let q = db.selectFrom('ledger_accounts').selectAll().where('member_id', '=', memberId).where('purpose', '=', purpose);
  if (currency) q = q.where('currency', '=', currency);
  const row = await q.orderBy('id').limit(1).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** A member's accounts of these purposes in one currency, those that exist (one indexed statement). */
export async function findMemberAccountsOf(
  db: Db,
  memberId: string,
  purposes: readonly string[],
  currency: string,
): Promise<AccountRow[]> {
  if (purposes.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('purpose', 'in', [...purposes])
    .where('currency', '=', currency)
    .execute();
  return rows.map(toAccount);
}

/** Read accounts without locking (currency and kind never change). */
export async function findAccounts(db: Db, ids: string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('ledger_accounts').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toAccount);
}

/** Lock accounts in id order, the order ledger_post locks them in, so lockers never deadlock each other. */
export async function lockAccountsInOrder(db: Db, accountIds: string[]): Promise<void> {
  await sql`SELECT 1 FROM ledger_accounts WHERE id = ANY(${accountIds}::bigint[]) ORDER BY id FOR UPDATE`.execute(db);
}

// ---------------------------------------------------------------------------------------------
// Transactions and entries
// ---------------------------------------------------------------------------------------------

/** What ledger_post (migrations 0008, 0009) answers. */
export type PostOutcome =
  | {
      status: 'posted' | 'replayed';
      transactionId: string;
      result: { transactionId: string; balances: Record<string, string> } | null;
    }
  | { status: 'conflict' };

/**
 * SQLSTATEs ledger_post raises; the statement is rolled back. `keyRace`: a concurrent post with
 * the same key committed first, so calling again finds it (a replay or a conflict).
 */
export const LEDGER_POST_ERRORS = {
  unknownAccount: 'LE001',
  mixedCurrency: 'LE002',
  insufficientFunds: 'LE003',
  keyRace: 'LE004',
} as const;

/**
 * Post a transaction in one statement: find a replay by its key, move the balances in id order
 * (refusing a negative player balance), claim the key with the result and append the entries
 * (migration 0009).
 */
export async function postLedgerTransaction(
  db: Db,
  input: {
    kind: string;
    idempotencyKey: string;
    requestHash: string;
    reference: string | null;
    metadata: Record<string, unknown>;
    entries: { accountId: string; amount: bigint }[];
  },
): Promise<PostOutcome> {
  const accountIds = input.entries.map((e) => e.accountId);
  const amounts = input.entries.map((e) => e.amount.toString());
  const { rows } = await sql<{ outcome: PostOutcome }>`SELECT ledger_post(
    ${input.kind}, ${input.idempotencyKey}, ${input.requestHash}, ${input.reference},
    ${JSON.stringify(input.metadata)}::jsonb, ${accountIds}::bigint[], ${amounts}::bigint[]
  ) AS outcome`.execute(db);
  const outcome = rows[0]?.outcome;
  if (!outcome) throw new Error('ledger: ledger_post returned nothing');
  return typeof outcome === 'string' ? (JSON.parse(outcome) as PostOutcome) : outcome;
}

/** One post of a ledger_post_batch call (migration 0012). */
export type BatchPost = {
  kind: string;
  key: string;
  hash: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  accounts: string[];
  amounts: string[];
};

/** ledger_post_batch's answer for one post: ledger_post's, or a refusal for want of funds. */
export type BatchPostOutcome = PostOutcome | { status: 'insufficient'; balance: string };

/** Post many transactions in one statement (one commit); answers in input order (migration 0012). */
export async function postLedgerBatch(db: Db, posts: BatchPost[]): Promise<BatchPostOutcome[]> {
  const { rows } = await sql<{
    outcomes: BatchPostOutcome[] | string;
  }>`SELECT ledger_post_batch(${JSON.stringify(posts)}::jsonb) AS outcomes`.execute(db);
  const outcomes = rows[0]?.outcomes;
  if (!outcomes) throw new Error('ledger: ledger_post_batch returned nothing');
  return typeof outcomes === 'string' ? (JSON.parse(outcomes) as BatchPostOutcome[]) : outcomes;
}

/** A transaction by id, if any. */
export async function findTransactionById(db: Db, id: string): Promise<TransactionRow | undefined> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'idempotency_key', 'request_hash', 'currency', 'reference', 'result'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Holds
// ---------------------------------------------------------------------------------------------

/** Record a new pending hold. */
export async function insertHold(
  db: Db,
  input: {
    sourceAccountId: string;
    holdAccountId: string;
    amount: bigint;
    currency: string;
    createTransactionId: string;
    reference: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('ledger_holds')
    .values({
      source_account_id: input.sourceAccountId,
      hold_account_id: input.holdAccountId,
      amount: input.amount.toString(),
      currency: input.currency,
      create_transaction_id: input.createTransactionId,
      reference: input.reference,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The hold created by a transaction, if any. */
export async function findHoldByCreateTransaction(db: Db, transactionId: string): Promise<HoldRow | undefined> {
  const row = await db
    .selectFrom('ledger_holds')
    .selectAll()
    .where('create_transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row ? toHold(row) : undefined;
}

/** Lock a hold row so only one resolver proceeds at a time. */
export async function lockHold(db: Db, holdId: string): Promise<HoldRow | undefined> {
  const row = await db.selectFrom('ledger_holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirst();
  return row ? toHold(row) : undefined;
}

/** Resolve a pending hold; returns whether exactly this call resolved it. */
export async function resolveHold(
  db: Db,
  holdId: string,
  status: 'posted' | 'voided',
  transactionId: string,
): Promise<boolean> {
  const res = await db
    .updateTable('ledger_holds')
    .set({ status, resolve_transaction_id: transactionId, resolved_at: new Date() })
    .where('id', '=', holdId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

// ---------------------------------------------------------------------------------------------

type AccountSelect = {
  id: string;
  currency: string;
  purpose: string;
  member_id: string | null;
  is_player: boolean;
  balance: string;
};

function toAccount(row: AccountSelect): AccountRow {
  return {
    id: String(row.id),
    currency: row.currency,
    purpose: row.purpose,
    memberId: row.member_id === null ? null : String(row.member_id),
    isPlayer: row.is_player,
    balance: BigInt(row.balance),
  };
}

function toTransaction(row: {
  id: string;
  kind: string;
  idempotency_key: string;
  request_hash: string;
  currency: string;
  reference: string | null;
  result: Record<string, unknown> | null;
}): TransactionRow {
  return {
    id: String(row.id),
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    currency: row.currency,
    reference: row.reference,
    result: row.result,
  };
}

function toHold(row: {
  id: string;
  source_account_id: string;
  hold_account_id: string;
  amount: string;
  currency: string;
  status: HoldStatus;
  create_transaction_id: string;
  resolve_transaction_id: string | null;
}): HoldRow {
  return {
    id: String(row.id),
    sourceAccountId: String(row.source_account_id),
    holdAccountId: String(row.hold_account_id),
    amount: BigInt(row.amount),
    currency: row.currency,
    status: row.status,
    createTransactionId: String(row.create_transaction_id),
    resolveTransactionId: row.resolve_transaction_id === null ? null : String(row.resolve_transaction_id),
  };
}
