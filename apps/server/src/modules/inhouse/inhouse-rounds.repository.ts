import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { InhouseGame, InhouseRoundStatus } from '../../db/tables/inhouse';

// The rounds (table inhouse_rounds): written at placement with their outcome fixed, finished
// when their money went through, read by key, for the fairness panel and by the recovery job.
// A stepped round's steps are in inhouse-steps.repository.ts.

type Db = Kysely<Database>;

export type RoundRow = {
  id: string;
  roundId: string;
  memberId: string;
  nodeId: string;
  game: InhouseGame;
  idempotencyKey: string;
  seedId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  stake: bigint;
  payout: bigint;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  status: InhouseRoundStatus;
  errorCode: string | null;
  createdAt: Date;
  /** The RTP in basis points the round was placed at (null: placed before it was kept). */
  rtpBps: number | null;
  /** The seed's text once it is revealed, else null. */
  revealedServerSeed: string | null;
};

/** What placement writes: the round's fields it fixes; the status and the times are the table's. */
export type NewRound = Omit<RoundRow, 'id' | 'status' | 'errorCode' | 'createdAt' | 'rtpBps' | 'revealedServerSeed'> & {
  rtpBps: number;
};

export function roundQuery(db: Db) {
  return db
    .selectFrom('inhouse_rounds as r')
    .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
    .select([
      'r.id',
      'r.round_id',
      'r.member_id',
      'r.node_id',
      'r.game',
      'r.idempotency_key',
      'r.seed_id',
      'r.server_seed_hash',
      'r.client_seed',
      'r.nonce',
      'r.stake',
      'r.payout',
      'r.params',
      'r.outcome',
      'r.status',
      'r.error_code',
      'r.created_at',
      'r.rtp_bps',
      sql<string | null>`CASE WHEN s.status = 'revealed' THEN s.server_seed END`.as('revealed_seed'),
    ]);
}

export type RoundDbRow = Awaited<ReturnType<ReturnType<typeof roundQuery>['executeTakeFirstOrThrow']>>;

export function toRound(r: RoundDbRow): RoundRow {
  return {
    id: r.id,
    roundId: r.round_id,
    memberId: r.member_id,
    nodeId: r.node_id,
    game: r.game,
    idempotencyKey: r.idempotency_key,
    seedId: r.seed_id,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    nonce: Number(r.nonce),
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    params: r.params,
    outcome: r.outcome,
    status: r.status,
    errorCode: r.error_code,
    createdAt: r.created_at,
    rtpBps: r.rtp_bps,
    revealedServerSeed: r.revealed_seed,
  };
}

/** A player's round by their idempotency key. */
export async function findRoundByKey(db: Db, memberId: string, idempotencyKey: string): Promise<RoundRow | undefined> {
  const row = await roundQuery(db)
    .where('r.member_id', '=', memberId)
    .where('r.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? toRound(row) : undefined;
}

/**
 * Insert a pending round and return it as stored; undefined when the player already used this
 * idempotency key. Its seed is the player's active one, locked by the caller, so not revealed.
 */
export async function insertRound(db: Db, r: NewRound): Promise<RoundRow | undefined> {
  const row = await db
    .insertInto('inhouse_rounds')
    .values({
      round_id: r.roundId,
      member_id: r.memberId,
      node_id: r.nodeId,
      game: r.game,
      idempotency_key: r.idempotencyKey,
      seed_id: r.seedId,
      server_seed_hash: r.serverSeedHash,
      client_seed: r.clientSeed,
      nonce: String(r.nonce),
      stake: r.stake.toString(),
      payout: r.payout.toString(),
      params: JSON.stringify(r.params),
      outcome: JSON.stringify(r.outcome),
      rtp_bps: r.rtpBps,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returning([
      'id',
      'round_id',
      'member_id',
      'node_id',
      'game',
      'idempotency_key',
      'seed_id',
      'server_seed_hash',
      'client_seed',
      'nonce',
      'stake',
      'payout',
      'params',
      'outcome',
      'status',
      'error_code',
      'created_at',
      'rtp_bps',
    ])
    .executeTakeFirst();
  return row ? toRound({ ...row, revealed_seed: null }) : undefined;
}

/** Record a pending round's end: settled, or refused with the wallet's error code. Only pending rows move. */
export async function finishRound(
  db: Db,
  roundId: string,
  status: 'settled' | 'refused',
  errorCode: string | null,
  at: Date,
): Promise<void> {
  await db
    .updateTable('inhouse_rounds')
    .set({ status, error_code: errorCode, settled_at: at })
    .where('round_id', '=', roundId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The player's latest settled rounds, newest first. A round's outcome is fixed before its money
 * moves; until the round is settled nobody may see it, or a player could keep the wins and walk
 * away from the losses (e.g. empty the wallet before a pending bet is retried).
 */
export async function listRecentSettledRounds(db: Db, memberId: string, limit: number): Promise<RoundRow[]> {
  const rows = await roundQuery(db)
    .where('r.member_id', '=', memberId)
    .where('r.status', '=', 'settled')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRound);
}

/** The member's rounds that are not settled yet (the money step was interrupted or is running), oldest first. */
export async function findPendingRoundsOfMember(db: Db, memberId: string, limit: number): Promise<RoundRow[]> {
  const rows = await roundQuery(db)
    .where('r.member_id', '=', memberId)
    .where('r.status', '=', 'pending')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toRound);
}

/**
 * Whether a round under this seed is still pending or open (its outcome, or a mines round's
 * mines, would be revealed with the seed).
 */
export async function hasPendingRound(db: Db, seedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('inhouse_rounds')
    .select('id')
    .where('seed_id', '=', seedId)
    .where('status', 'in', ['pending', 'open'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rounds left pending since before `before` (a crash between the wallet calls), oldest first. */
export async function findStalePendingRounds(db: Db, before: Date, limit: number): Promise<RoundRow[]> {
  const rows = await roundQuery(db)
    .where('r.status', '=', 'pending')
    .where('r.created_at', '<', before)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toRound);
}
