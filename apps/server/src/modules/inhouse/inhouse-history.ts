import type { Kysely } from 'kysely';
import { publicMines, type MinesOutcome } from '@wps/shared/originals/mines';
import type { Database } from '../../db/schema';
import type { InhouseGame } from '../../db/tables/inhouse';

type Db = Kysely<Database>;

export type InhouseHistoryFilter = {
  cursor?: string | undefined;
  limit: number;
  from?: Date | undefined;
  to?: Date | undefined;
  game?: InhouseGame | undefined;
};

/**
 * One member's in-house rounds for the back office's player page, newest first, keyset-paged by id,
 * with their fairness data: the server seed only once its seed pair was revealed.
 */
export async function findMemberInhouseRounds(db: Db, memberId: string, f: InhouseHistoryFilter) {
  let q = db
    .selectFrom('inhouse_rounds as r')
    .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
    .select((eb) => [
      'r.id',
      'r.round_id as roundId',
      'r.game',
      'r.node_id as nodeId',
      'r.status',
      'r.stake',
      'r.payout',
      'r.server_seed_hash as serverSeedHash',
      eb.case().when('s.status', '=', 'revealed').then(eb.ref('s.server_seed')).else(null).end().as('serverSeed'),
      'r.client_seed as clientSeed',
      'r.nonce',
      'r.outcome',
      'r.created_at as createdAt',
      'r.settled_at as settledAt',
    ])
    .where('r.member_id', '=', memberId);
  if (f.cursor) q = q.where('r.id', '<', f.cursor);
  if (f.game) q = q.where('r.game', '=', f.game);
  if (f.from) q = q.where('r.created_at', '>=', f.from);
  if (f.to) q = q.where('r.created_at', '<=', f.to);
  return q
    .orderBy('r.id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

/**
 * A round's outcome as the back office shows it: an open mines round without its mines. Whoever
 * reads the player's page must not be able to tell the player (or play on) where the mines are
 * while the round can still be cashed out; once it ends, everything is shown.
 */
export function outcomeForOperators(game: InhouseGame, outcome: unknown): unknown {
  return game === 'mines' ? publicMines(outcome as MinesOutcome) : outcome;
}
