import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RoundBetKind, RoundBetStatus, RoundStatus, VendorWalletModel } from '../../db/tables/gateway';

type Db = Kysely<Database>;

export type AdapterRow = {
  vassalage: string;
  walletModel: VendorWalletModel;
  launchUrl: string;
  apiUrl: string | null;
  secret: string;
  requestTimeoutMs: number;
};

export type RoundRow = {
  id: string;
  vassalage: string;
  roundId: string;
  memberId: string;
  nodeId: string;
  status: RoundStatus;
  totalBet: bigint;
  totalWin: bigint;
  totalRefund: bigint;
};

export type RoundBetRow = {
  id: string;
  vassalage: string;
  vendorTxId: string;
  kind: RoundBetKind;
  roundId: string;
  memberId: string;
  nodeId: string;
  amount: bigint;
  refTxId: string | null;
  status: RoundBetStatus;
  requestHash: string;
  response: Record<string, unknown> | null;
};

// ---------------------------------------------------------------------------------------------
// Adapters and sessions
// ---------------------------------------------------------------------------------------------

/** Every configured adapter. */
export async function findAdapters(db: Db): Promise<AdapterRow[]> {
  const rows = await db.selectFrom('vendor_adapters').selectAll().orderBy('vassalage').execute();
  return rows.map((r) => ({
    vassalage: r.vassalage,
    walletModel: r.wallet_model,
    launchUrl: r.launch_url,
    apiUrl: r.api_url,
    secret: r.secret,
    requestTimeoutMs: r.request_timeout_ms,
  }));
}

/** Create or replace a vendor's adapter configuration. */
export async function upsertAdapter(db: Db, a: AdapterRow): Promise<void> {
  await db
    .insertInto('vendor_adapters')
    .values({
      vassalage: a.vassalage,
      wallet_model: a.walletModel,
      launch_url: a.launchUrl,
      api_url: a.apiUrl,
      secret: a.secret,
      request_timeout_ms: a.requestTimeoutMs,
    })
    .onConflict((oc) =>
      oc.column('vassalage').doUpdateSet({
        wallet_model: a.walletModel,
        launch_url: a.launchUrl,
        api_url: a.apiUrl,
        secret: a.secret,
        request_timeout_ms: a.requestTimeoutMs,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Store a new launch token (hashed), bound to the login session that launched the game. */
export async function insertLaunchToken(
  db: Db,
  input: { tokenHash: string; memberId: string; loginSessionId: string; vassalage: string; nodeId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('game_launch_tokens')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      login_session_id: input.loginSessionId,
      vassalage: input.vassalage,
      node_id: input.nodeId,
      expires_at: input.expiresAt,
    })
    .execute();
}

/**
 * Use a launch token once: only an unused, unexpired token of this vendor matches, and only while
 * the login session that launched it is live (not revoked, not past its absolute expiry) and the
 * account is active.
 */
export async function consumeLaunchToken(
  db: Db,
  tokenHash: string,
  vassalage: string,
): Promise<{ memberId: string; nodeId: string; loginSessionId: string } | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('game_launch_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('vassalage', '=', vassalage)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('member_sessions as s')
          .innerJoin('members as m', 'm.id', 's.member_id')
          .select('s.id')
          .whereRef('s.id', '=', 'game_launch_tokens.login_session_id')
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .where('m.status', '=', 'active'),
      ),
    )
    .returning(['member_id', 'node_id', 'login_session_id'])
    .executeTakeFirst();
  return row?.login_session_id ? { memberId: String(row.member_id), nodeId: row.node_id, loginSessionId: String(row.login_session_id) } : undefined;
}

/** Forget launch tokens that can no longer be used. */
export async function deleteExpiredLaunchTokens(db: Db, before: Date): Promise<number> {
  const res = await db.deleteFrom('game_launch_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Store a vendor session (hashed), bound to the login session that launched the game. */
export async function insertVendorSession(
  db: Db,
  input: { tokenHash: string; memberId: string; loginSessionId: string; vassalage: string; nodeId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('vendor_sessions')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      login_session_id: input.loginSessionId,
      vassalage: input.vassalage,
      node_id: input.nodeId,
      expires_at: input.expiresAt,
    })
    .execute();
}

export type VendorSessionRow = { memberId: string; nodeId: string; loginSessionId: string; expiresAt: Date };

/**
 * A live vendor session of this vendor: unexpired, its login session live (not revoked, before its
 * absolute expiry) and its account active. One statement: the joins are on primary keys. The
 * answer's `expiresAt` is the earlier of the two sessions' expiries.
 */
export async function findVendorSession(db: Db, tokenHash: string, vassalage: string): Promise<VendorSessionRow | undefined> {
  const now = new Date();
  const row = await db
    .selectFrom('vendor_sessions as v')
    .innerJoin('member_sessions as s', 's.id', 'v.login_session_id')
    .innerJoin('members as m', 'm.id', 'v.member_id')
    .select(['v.member_id', 'v.node_id', 'v.login_session_id', 'v.expires_at', 's.expires_at as login_expires_at'])
    .where('v.token_hash', '=', tokenHash)
    .where('v.vassalage', '=', vassalage)
    .where('v.expires_at', '>', now)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
  if (!row?.login_session_id) return undefined;
  const expiresAt = row.login_expires_at < row.expires_at ? row.login_expires_at : row.expires_at;
  return { memberId: String(row.member_id), nodeId: row.node_id, loginSessionId: String(row.login_session_id), expiresAt };
}

/** A member's login name and account type, for the authenticate answer. */
export async function findMemberBrief(db: Db, memberId: string): Promise<{ account: string; nickname: string | null; type: number; status: string } | undefined> {
  const row = await sql<{ account: string; nickname: string | null; type: number; status: string }>`
    SELECT account, nickname, type, status FROM members WHERE id = ${memberId}::bigint`.execute(db);
  return row.rows[0];
}

// ---------------------------------------------------------------------------------------------
// Seamless rounds
// ---------------------------------------------------------------------------------------------

/** Claim a vendor transaction id. Returns the new row id, or undefined when the id exists (waits for a concurrent holder). */
export async function insertRoundBet(
  db: Db,
  input: {
    vassalage: string;
    vendorTxId: string;
    kind: RoundBetKind;
    roundId: string;
    memberId: string;
    nodeId: string;
    amount: bigint;
    refTxId: string | null;
    status?: RoundBetStatus;
    requestHash: string;
    response?: Record<string, unknown>;
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('round_bets')
    .values({
      vassalage: input.vassalage,
      vendor_tx_id: input.vendorTxId,
      kind: input.kind,
      round_id: input.roundId,
      member_id: input.memberId,
      node_id: input.nodeId,
      amount: input.amount.toString(),
      ref_tx_id: input.refTxId,
      status: input.status ?? 'pending',
      request_hash: input.requestHash,
      response: input.response ? JSON.stringify(input.response) : null,
    })
    .onConflict((oc) => oc.columns(['vassalage', 'vendor_tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A vendor transaction by id, optionally locked. */
export async function findRoundBet(db: Db, vassalage: string, vendorTxId: string, opts: { lock?: boolean } = {}): Promise<RoundBetRow | undefined> {
  let q = db.selectFrom('round_bets').selectAll().where('vassalage', '=', vassalage).where('vendor_tx_id', '=', vendorTxId);
  if (opts.lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toRoundBet(r) : undefined;
}

/** Write a vendor transaction's outcome and first answer. */
export async function completeRoundBet(
  db: Db,
  id: string,
  input: { status: RoundBetStatus; amount?: bigint; ledgerTransactionId: string | null; response: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('round_bets')
    .set({
      status: input.status,
      ...(input.amount !== undefined ? { amount: input.amount.toString() } : {}),
      ledger_transaction_id: input.ledgerTransactionId,
      response: JSON.stringify(input.response),
    })
    .where('id', '=', id)
    .execute();
}

/** Mark an accepted bet rolled back; true when this call did it. */
export async function markBetRolledBack(db: Db, id: string): Promise<boolean> {
  const res = await db.updateTable('round_bets').set({ status: 'rolled_back' }).where('id', '=', id).where('status', '=', 'accepted').executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** A round, locked for the rest of the transaction. */
export async function lockRound(db: Db, vassalage: string, roundId: string): Promise<RoundRow | undefined> {
  const r = await db.selectFrom('game_rounds').selectAll().where('vassalage', '=', vassalage).where('round_id', '=', roundId).forUpdate().executeTakeFirst();
  return r ? toRound(r) : undefined;
}

/** Move a round's win or refund totals and optionally settle it. */
export async function updateRound(db: Db, id: string, input: { addWin?: bigint; addRefund?: bigint; settle?: boolean }): Promise<RoundRow> {
  const r = await db
    .updateTable('game_rounds')
    .set({
      total_win: sql<string>`total_win + ${(input.addWin ?? 0n).toString()}::bigint`,
      total_refund: sql<string>`total_refund + ${(input.addRefund ?? 0n).toString()}::bigint`,
      updated_at: new Date(),
      ...(input.settle ? { status: 'settled' as const, settled_at: new Date() } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRound(r);
}

// ---------------------------------------------------------------------------------------------

type RoundSelect = Database['game_rounds'] extends infer T ? { [K in keyof T]: unknown } : never;

function toRound(r: RoundSelect): RoundRow {
  return {
    id: String(r.id),
    vassalage: String(r.vassalage),
    roundId: String(r.round_id),
    memberId: String(r.member_id),
    nodeId: String(r.node_id),
    status: r.status as RoundStatus,
    totalBet: BigInt(r.total_bet as string),
    totalWin: BigInt(r.total_win as string),
    totalRefund: BigInt(r.total_refund as string),
  };
}

type RoundBetSelect = Database['round_bets'] extends infer T ? { [K in keyof T]: unknown } : never;

function toRoundBet(r: RoundBetSelect): RoundBetRow {
  return {
    id: String(r.id),
    vassalage: String(r.vassalage),
    vendorTxId: String(r.vendor_tx_id),
    kind: r.kind as RoundBetKind,
    roundId: String(r.round_id),
    memberId: String(r.member_id),
    nodeId: String(r.node_id),
    amount: BigInt(r.amount as string),
    refTxId: (r.ref_tx_id as string | null) ?? null,
    status: r.status as RoundBetStatus,
    requestHash: String(r.request_hash),
    response: (r.response as Record<string, unknown> | null) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Seamless bets and wins, applied in batches (migration 0051, replaced by 0070)
// ---------------------------------------------------------------------------------------------

/** One bet or win callback as seamless_apply takes it. */
export type SeamlessOp = {
  op: 'bet' | 'win';
  vassalage: string;
  txId: string;
  roundId: string;
  memberId: string;
  amount: string;
  hash: string;
  walletId: string;
  houseId: string;
  currency: string;
  scale: number;
  nodeId?: string;
  betTxId?: string | null;
  settle?: boolean;
  /** (win) the cap: at most winMultiple × the round's stake and at most winMax; null = no such bound. */
  winMultiple?: string | null;
  winMax?: string | null;
};

/** seamless_apply's answer for one callback. */
export type SeamlessOpAnswer =
  | { ok: Record<string, unknown>; replayed: boolean }
  | { error: { errorCode: string; message: string; value?: unknown }; replayed?: boolean };

/** Apply a batch of bet and win callbacks in one statement (one commit); answers in input order. */
export async function applySeamlessOps(db: Db, ops: SeamlessOp[]): Promise<SeamlessOpAnswer[]> {
  const { rows } = await sql<{ answers: SeamlessOpAnswer[] | string }>`SELECT seamless_apply(${JSON.stringify(ops)}::jsonb) AS answers`.execute(db);
  const answers = rows[0]?.answers;
  if (!answers) throw new Error('seamless_apply returned nothing');
  return typeof answers === 'string' ? (JSON.parse(answers) as SeamlessOpAnswer[]) : answers;
}

/** Lock ledger accounts in id order: every seamless path locks its accounts before its round. */
export async function lockAccountsInOrder(db: Db, accountIds: string[]): Promise<void> {
  await sql`SELECT 1 FROM ledger_accounts WHERE id = ANY(${accountIds}::bigint[]) ORDER BY id FOR UPDATE`.execute(db);
}
