import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { InhouseGame, InhouseRoundStatus } from '../../db/tables/inhouse';

type Db = Kysely<Database>;

export type SeedRow = {
  id: string;
  memberId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  status: 'active' | 'revealed';
  revealedAt: Date | null;
};

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

type SeedDbRow = {
  id: string;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: string;
  status: 'active' | 'revealed';
  revealed_at: Date | null;
};

function toSeed(r: SeedDbRow): SeedRow {
  return {
    id: r.id,
    memberId: r.member_id,
    serverSeed: r.server_seed,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    nextNonce: Number(r.next_nonce),
    status: r.status,
    revealedAt: r.revealed_at,
  };
}

/** The player's active seed, locked FOR UPDATE when `lock` (nonces are taken under this lock). */
export async function findActiveSeed(
  db: Db,
  memberId: string,
  opts: { lock?: boolean } = {},
): Promise<SeedRow | undefined> {
  let q = db.selectFrom('inhouse_seeds').selectAll().where('member_id', '=', memberId).where('status', '=', 'active');
  if (opts.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toSeed(row) : undefined;
}

/** Insert an active seed; undefined when the player already has one (a concurrent insert won). */
export async function insertActiveSeed(
  db: Db,
  seed: { memberId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<SeedRow | undefined> {
  const row = await db
    .insertInto('inhouse_seeds')
    .values({
      member_id: seed.memberId,
      server_seed: seed.serverSeed,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
    })
    .onConflict((oc) => oc.column('member_id').where('status', '=', 'active').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toSeed(row) : undefined;
}

/** Take the next nonce of a locked active seed. */
export async function takeNonce(db: Db, seedId: string): Promise<number> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ next_nonce: sql<string>`next_nonce + 1` })
    .where('id', '=', seedId)
    .returning('next_nonce')
    .executeTakeFirstOrThrow();
  return Number(row.next_nonce) - 1;
}

/**
 * Take the next nonce of the player's active seed in one statement: the UPDATE locks the seed row
 * as SELECT … FOR UPDATE would, so nonces are still taken under the seed's lock. Undefined when the
 * player has no active seed yet (the caller creates one, then takes its nonce).
 */
export async function takeActiveNonce(db: Db, memberId: string): Promise<{ seed: SeedRow; nonce: number } | undefined> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ next_nonce: sql<string>`next_nonce + 1` })
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const seed = toSeed(row);
  return { seed, nonce: seed.nextNonce - 1 };
}

/** Change the client seed of a locked active seed. */
export async function updateClientSeed(db: Db, seedId: string, clientSeed: string): Promise<void> {
  await db.updateTable('inhouse_seeds').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
}

/** Reveal a locked active seed. */
export async function revealSeed(db: Db, seedId: string, at: Date): Promise<SeedRow> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ status: 'revealed', revealed_at: at })
    .where('id', '=', seedId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSeed(row);
}

/** The player's most recently revealed seed. */
export async function findLastRevealedSeed(db: Db, memberId: string): Promise<SeedRow | undefined> {
  const row = await db
    .selectFrom('inhouse_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'revealed')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSeed(row) : undefined;
}

function roundQuery(db: Db) {
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

type RoundDbRow = Awaited<ReturnType<ReturnType<typeof roundQuery>['executeTakeFirstOrThrow']>>;

function toRound(r: RoundDbRow): RoundRow {
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
export async function insertRound(
  db: Db,
  r: {
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
    rtpBps: number;
  },
): Promise<RoundRow | undefined> {
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

// The multi-step originals (mines, hi-lo): a round moves pending → open → pending → settled
// (migration 0712). Every step reads and writes the round under its row lock.

/** A player's round locked FOR UPDATE (its row only, not its seed's), for a step or a cash-out. */
export async function lockRound(db: Db, memberId: string, roundId: string): Promise<RoundRow | undefined> {
  const row = await roundQuery(db)
    .where('r.round_id', '=', roundId)
    .where('r.member_id', '=', memberId)
    .forUpdate('r')
    .executeTakeFirst();
  return row ? toRound(row) : undefined;
}

/** The player's unfinished (pending or open) round of a multi-step game, if any. */
/**
 * In one read, what a stepped start looks at first: the player's round with this idempotency key
 * (a repeated start), and their unfinished round of this game (one at most: migration 0712).
 */
export async function findKeyOrUnfinishedRound(
  db: Db,
  memberId: string,
  idempotencyKey: string,
  game: InhouseGame,
): Promise<{ byKey: RoundRow | undefined; unfinished: RoundRow | undefined }> {
  const rows = (
    await roundQuery(db)
      .where('r.member_id', '=', memberId)
      .where((eb) =>
        eb.or([
          eb('r.idempotency_key', '=', idempotencyKey),
          eb.and([eb('r.game', '=', game), eb('r.status', 'in', ['pending', 'open'])]),
        ]),
      )
      .execute()
  ).map(toRound);
  return {
    byKey: rows.find((r) => r.idempotencyKey === idempotencyKey),
    unfinished: rows.find((r) => r.game === game && (r.status === 'pending' || r.status === 'open')),
  };
}

export async function findUnfinishedRound(db: Db, memberId: string, game: InhouseGame): Promise<RoundRow | undefined> {
  const row = await roundQuery(db)
    .where('r.member_id', '=', memberId)
    .where('r.game', '=', game)
    .where('r.status', 'in', ['pending', 'open'])
    .executeTakeFirst();
  return row ? toRound(row) : undefined;
}

/** A pending round whose bet went through: open for its steps. Only a pending row moves. */
export async function openRound(db: Db, roundId: string): Promise<void> {
  await db
    .updateTable('inhouse_rounds')
    .set({ status: 'open' })
    .where('round_id', '=', roundId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Record a step of a locked open round: its new state, and when the step ended it, its payout with
 * the status back to pending until the wallet's win closes it (finishRound).
 */
export async function saveRoundStep(
  db: Db,
  roundId: string,
  step: { outcome: Record<string, unknown>; payout: bigint; isOver: boolean },
): Promise<void> {
  await db
    .updateTable('inhouse_rounds')
    .set({
      outcome: JSON.stringify(step.outcome),
      payout: step.payout.toString(),
      ...(step.isOver ? { status: 'pending' as const } : {}),
    })
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute();
}

/** The server seed of a round's seed pair (a hi-lo call reads its next card from it). */
export async function getServerSeed(db: Db, seedId: string): Promise<string> {
  const row = await db
    .selectFrom('inhouse_seeds')
    .select('server_seed')
    .where('id', '=', seedId)
    .executeTakeFirstOrThrow();
  return row.server_seed;
}

/** Rounds open since before `before` (left by the player), oldest first. */
export async function findOpenRoundsBefore(db: Db, before: Date, limit: number): Promise<RoundRow[]> {
  const rows = await roundQuery(db)
    .where('r.status', '=', 'open')
    .where('r.created_at', '<', before)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toRound);
}
