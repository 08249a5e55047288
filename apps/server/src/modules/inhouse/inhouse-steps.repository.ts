import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { InhouseGame } from '../../db/tables/inhouse';
import { roundQuery, toRound, type RoundRow } from './inhouse-rounds.repository';

// The multi-step originals (mines, hi-lo): a round moves pending → open → pending → settled
// (migration 0712). Every step reads and writes the round under its row lock.

type Db = Kysely<Database>;

/** A player's round locked FOR UPDATE (its row only, not its seed's), for a step or a cash-out. */
export async function lockRound(db: Db, memberId: string, roundId: string): Promise<RoundRow | undefined> {
  const row = await roundQuery(db)
    .where('r.round_id', '=', roundId)
    .where('r.member_id', '=', memberId)
    .forUpdate('r')
    .executeTakeFirst();
  return row ? toRound(row) : undefined;
}

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

/** The player's unfinished (pending or open) round of a multi-step game, if any. */
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
