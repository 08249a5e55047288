import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RoundBetKind, RoundBetStatus, RoundStatus } from '../../db/tables/gateway';

type Db = Kysely<Database>;

// The seamless wallet's rows: game rounds, and every vendor transaction id (bet, win, rollback)
// with its first answer.

/**
 * A row of the month-partitioned game_rounds or round_bets (migration 0765): its primary key is
 * (id, created_at), and a write by id alone would look for the id in every month's index. The
 * time is PostgreSQL's text of it (a JavaScript Date keeps milliseconds, the column microseconds).
 */
export type RowKey = { id: string; createdAt: string };

export type RoundRow = RowKey & {
  vassalage: string;
  roundId: string;
  memberId: string;
  nodeId: string;
  status: RoundStatus;
  totalBet: bigint;
  totalWin: bigint;
  totalRefund: bigint;
  bonusBet: bigint;
  bonusRefund: bigint;
  refundKept: bigint;
  /** The bonus whose money first staked the round (migration 0496); null without bonus stake. */
  bonusId: string | null;
};

export type RoundBetRow = RowKey & {
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
  /** bet: the stake's bonus part (migration 0251). */
  bonusAmount: bigint;
  /** bet: the bonus whose money the stake spent (migration 0496); null without a bonus part. */
  bonusId: string | null;
};

/** A vendor transaction to claim: its row without the id; `status` defaults to pending, `response` to none. */
export type NewRoundBet = Omit<RoundBetRow, 'id' | 'createdAt' | 'status' | 'response' | 'bonusAmount' | 'bonusId'> &
  Partial<Pick<RoundBetRow, 'status' | 'response'>>;

/**
 * Claim a vendor transaction id. Returns the new row's key, or undefined when the id exists (waits for a concurrent holder).
 * The id is claimed in round_bet_keys by the statement that writes the row (migration 0765: the
 * partitioned round_bets can hold no unique key on it across months).
 */
export async function insertRoundBet(db: Db, input: NewRoundBet): Promise<RowKey | undefined> {
  const { rows } = await sql<{ id: string; created_at: string }>`
    WITH k AS (
      INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
      VALUES (${input.vassalage}::text, ${input.vendorTxId}::text, nextval('round_bets_id_seq'), now())
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
      RETURNING id, created_at
    )
    INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id,
      status, request_hash, response) OVERRIDING SYSTEM VALUE
    SELECT k.id, k.created_at, ${input.vassalage}::text, ${input.vendorTxId}::text, ${input.kind}::text, ${input.roundId}::text,
      ${input.memberId}::bigint, ${input.nodeId}::text, ${input.amount.toString()}::bigint, ${input.refTxId}::text,
      ${input.status ?? 'pending'}::text, ${input.requestHash}::text,
      ${input.response ? JSON.stringify(input.response) : null}::jsonb
    FROM k
    RETURNING id, created_at::text`.execute(db);
  return rows[0] === undefined ? undefined : { id: String(rows[0].id), createdAt: rows[0].created_at };
}

/** A vendor transaction by id, optionally locked: through its key, in its month only. */
export async function findRoundBet(
  db: Db,
  vassalage: string,
  vendorTxId: string,
  opts: { lock?: boolean } = {},
): Promise<RoundBetRow | undefined> {
  const { rows } = await sql<RoundBetSelect>`
    SELECT b.*, b.created_at::text AS created_at_text FROM round_bet_keys AS k
    CROSS JOIN LATERAL (
      SELECT x.* FROM round_bets AS x WHERE x.id = k.id AND x.created_at = k.created_at OFFSET 0 ${opts.lock ? sql`FOR UPDATE` : sql``}
    ) AS b
    WHERE k.vassalage = ${vassalage} AND k.vendor_tx_id = ${vendorTxId}`.execute(db);
  return rows[0] ? toRoundBet(rows[0]) : undefined;
}

/** Write a vendor transaction's outcome and first answer (in its month only). */
export async function completeRoundBet(
  db: Db,
  row: RowKey,
  input: {
    status: RoundBetStatus;
    amount?: bigint;
    bonusAmount?: bigint;
    /** A rollback's bonus part the house kept (the bet's bonus had ended). */
    bonusKept?: bigint;
    ledgerTransactionId: string | null;
    response: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .updateTable('round_bets')
    .set({
      status: input.status,
      ...(input.amount !== undefined ? { amount: input.amount.toString() } : {}),
      ...(input.bonusAmount !== undefined ? { bonus_amount: input.bonusAmount.toString() } : {}),
      ...(input.bonusKept !== undefined ? { bonus_kept: input.bonusKept.toString() } : {}),
      ledger_transaction_id: input.ledgerTransactionId,
      response: JSON.stringify(input.response),
    })
    .where('id', '=', row.id)
    .where('created_at', '=', sql<Date>`${row.createdAt}::timestamptz`)
    .execute();
}

/** Mark an accepted bet rolled back (in its month only); true when this call did it. */
export async function markBetRolledBack(db: Db, bet: RowKey): Promise<boolean> {
  const res = await db
    .updateTable('round_bets')
    .set({ status: 'rolled_back' })
    .where('id', '=', bet.id)
    .where('created_at', '=', sql<Date>`${bet.createdAt}::timestamptz`)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** A round, locked for the rest of the transaction: through its key, in its month only. */
export async function lockRound(db: Db, vassalage: string, roundId: string): Promise<RoundRow | undefined> {
  const { rows } = await sql<RoundSelect>`
    SELECT r.*, r.created_at::text AS created_at_text FROM game_round_keys AS k
    CROSS JOIN LATERAL (
      SELECT g.* FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0 FOR UPDATE
    ) AS r
    WHERE k.vassalage = ${vassalage} AND k.round_id = ${roundId}`.execute(db);
  return rows[0] ? toRound(rows[0]) : undefined;
}

/** Move a round's win or refund totals and optionally settle it (in its month only). */
export async function updateRound(
  db: Db,
  round: RowKey,
  input: { addWin?: bigint; addRefund?: bigint; addBonusRefund?: bigint; addRefundKept?: bigint; settle?: boolean },
): Promise<RoundRow> {
  const r = await db
    .updateTable('game_rounds')
    .set({
      total_win: sql<string>`total_win + ${(input.addWin ?? 0n).toString()}::bigint`,
      total_refund: sql<string>`total_refund + ${(input.addRefund ?? 0n).toString()}::bigint`,
      bonus_refund: sql<string>`bonus_refund + ${(input.addBonusRefund ?? 0n).toString()}::bigint`,
      refund_kept: sql<string>`refund_kept + ${(input.addRefundKept ?? 0n).toString()}::bigint`,
      updated_at: new Date(),
      ...(input.settle ? { status: 'settled' as const, settled_at: new Date() } : {}),
    })
    .where('id', '=', round.id)
    .where('created_at', '=', sql<Date>`${round.createdAt}::timestamptz`)
    .returningAll()
    .returning(sql<string>`created_at::text`.as('created_at_text'))
    .executeTakeFirstOrThrow();
  return toRound(r);
}

// ---------------------------------------------------------------------------------------------

type RoundSelect = (Database['game_rounds'] extends infer T ? { [K in keyof T]: unknown } : never) & {
  created_at_text: unknown;
};

function toRound(r: RoundSelect): RoundRow {
  return {
    id: String(r.id),
    createdAt: String(r.created_at_text),
    vassalage: String(r.vassalage),
    roundId: String(r.round_id),
    memberId: String(r.member_id),
    nodeId: String(r.node_id),
    status: r.status as RoundStatus,
    totalBet: BigInt(r.total_bet as string),
    totalWin: BigInt(r.total_win as string),
    totalRefund: BigInt(r.total_refund as string),
    bonusBet: BigInt(r.bonus_bet as string),
    bonusRefund: BigInt(r.bonus_refund as string),
    refundKept: BigInt(r.refund_kept as string),
    bonusId: r.bonus_id === null || r.bonus_id === undefined ? null : String(r.bonus_id),
  };
}

type RoundBetSelect = (Database['round_bets'] extends infer T ? { [K in keyof T]: unknown } : never) & {
  created_at_text: unknown;
};

function toRoundBet(r: RoundBetSelect): RoundBetRow {
  return {
    id: String(r.id),
    createdAt: String(r.created_at_text),
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
    bonusAmount: BigInt(r.bonus_amount as string),
    bonusId: r.bonus_id === null || r.bonus_id === undefined ? null : String(r.bonus_id),
  };
}

/**
 * Whether the bonus that staked a bet or round still runs, so the bonus part of its refund or win
 * goes back to the bonus account: the bonus module's rule (SQL function bonus_takes_round_money,
 * migration 0496). False for no bonus: the house keeps that part.
 */
export async function isStakingBonusRunning(db: Db, bonusId: string | null): Promise<boolean> {
  if (bonusId === null) return false;
  const { rows } = await sql<{
    takes: boolean;
  }>`SELECT bonus_takes_round_money(${bonusId}::bigint) AS takes`.execute(db);
  return rows[0]?.takes === true;
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
  /** The player's bonus account (migration 0251): locked with the batch, spent and paid as the bonus rules say. */
  bonusWalletId: string;
  houseId: string;
  currency: string;
  scale: number;
  nodeId?: string;
  betTxId?: string | null;
  settle?: boolean;
  /** (win) the cap: at most winMultiple × the round's stake and at most winMax; null = no such bound. */
  winMultiple?: string | null;
  winMax?: string | null;
  /** (bet) The player's stake and loss limits, decided by rg_bet_refusal under the wallet's lock (migration 0500). */
  rg?: BetLimits;
};

/**
 * A player's limits as a bet's transaction decides them (responsible gaming): the largest stake,
 * and each loss limit with the start of its period. The limits come from the player's settings;
 * what the period has lost is read in the transaction, after the wallet's row lock.
 */
export type BetLimits = {
  stakeMaxMinor: string | null;
  loss: { period: string; since: string; limitMinor: string }[];
};

/**
 * A bet or win before its batch picks the house shard (the demo house for trial players): what
 * the wallet's queues, its product bets and the bets applied in a caller's transaction build.
 */
export type UnshardedOp = Omit<SeamlessOp, 'houseId'> & { demo: boolean };

/** seamless_apply's answer for one callback (`plain`: seamless_win_many or seamless_bet_many wrote it set-based). */
export type SeamlessOpAnswer =
  | { ok: Record<string, unknown>; replayed: boolean; plain?: boolean }
  | { error: { errorCode: string; message: string; value?: unknown }; replayed?: boolean };

/** Apply a batch of bet and win callbacks in one statement (one commit); answers in input order. */
export async function applySeamlessOps(db: Db, ops: SeamlessOp[]): Promise<SeamlessOpAnswer[]> {
  const { rows } = await sql<{
    answers: SeamlessOpAnswer[] | string;
  }>`SELECT seamless_apply(${JSON.stringify(ops)}::jsonb) AS answers`.execute(db);
  const answers = rows[0]?.answers;
  if (!answers) throw new Error('seamless_apply returned nothing');
  return typeof answers === 'string' ? (JSON.parse(answers) as SeamlessOpAnswer[]) : answers;
}

/**
 * Apply a batch of win callbacks (migration 0317): the plain ones set-based, one statement per
 * table, the rest through seamless_apply in the same transaction; answers in input order, each as
 * seamless_apply would have given it.
 */
export async function applySeamlessWins(db: Db, ops: SeamlessOp[]): Promise<SeamlessOpAnswer[]> {
  const { rows } = await sql<{
    answers: SeamlessOpAnswer[] | string;
  }>`SELECT seamless_win_many(${JSON.stringify(ops)}::jsonb) AS answers`.execute(db);
  const answers = rows[0]?.answers;
  if (!answers) throw new Error('seamless_win_many returned nothing');
  return typeof answers === 'string' ? (JSON.parse(answers) as SeamlessOpAnswer[]) : answers;
}

/**
 * Apply a batch of bets (migration 0390): the plain ones set-based, one statement per table, the
 * rest through seamless_apply in the same transaction; answers in input order, each as
 * seamless_apply would have given it.
 */
export async function applySeamlessBets(db: Db, ops: SeamlessOp[]): Promise<SeamlessOpAnswer[]> {
  // A bet under the player's own limits is decided by seamless_apply (rg_bet_refusal), which the
  // set-based path does not call: a batch holding one goes the careful way whole.
  if (ops.some((o) => o.rg)) return applySeamlessOps(db, ops);
  const { rows } = await sql<{
    answers: SeamlessOpAnswer[] | string;
  }>`SELECT seamless_bet_many(${JSON.stringify(ops)}::jsonb) AS answers`.execute(db);
  const answers = rows[0]?.answers;
  if (!answers) throw new Error('seamless_bet_many returned nothing');
  return typeof answers === 'string' ? (JSON.parse(answers) as SeamlessOpAnswer[]) : answers;
}

/**
 * Close many rounds at once, as an end of round closes one (status settled, no money moves):
 * each round named with its player, only while open. Returns how many this call closed; a round
 * closed before (a repeated batch) is left as it is. The rounds are found through their keys, and
 * only the months between the batch's first and last round are read (game_rounds is partitioned
 * by month, migration 0765): by vendor id alone every month's index would be probed per round.
 */
export async function closeRounds(
  db: Db,
  vassalage: string,
  rounds: { roundId: string; memberId: string }[],
): Promise<number> {
  if (rounds.length === 0) return 0;
  const ids = sql.val(rounds.map((r) => r.roundId));
  const members = sql.val(rounds.map((r) => r.memberId));
  const r = await sql`
    WITH v AS MATERIALIZED (
      SELECT k.id, k.created_at, v.member_id
      FROM unnest(${ids}::text[], ${members}::bigint[]) AS v(round_id, member_id)
      JOIN game_round_keys AS k ON k.vassalage = ${vassalage} AND k.round_id = v.round_id
    )
    UPDATE game_rounds r SET status = 'settled', settled_at = now(), updated_at = now()
    FROM v
    WHERE r.id = v.id AND r.created_at = v.created_at AND r.member_id = v.member_id AND r.status = 'open'
      AND r.created_at >= (SELECT min(created_at) FROM v) AND r.created_at <= (SELECT max(created_at) FROM v)`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0n);
}
