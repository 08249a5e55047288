import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the in-house games' tables for other modules' statements (see member/member-views.ts):
// the bet record shows a round's fairness proof next to it.

export function createInhouseViews({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Every in-house round's fairness inputs: the committed server seed hash, the client seed and
     * nonce, and the server seed itself only once its seed is revealed.
     */
    roundFairness: () =>
      db
        .selectFrom('inhouse_rounds as ir')
        .leftJoin('inhouse_seeds as s', 's.id', 'ir.seed_id')
        .select([
          'ir.round_id',
          'ir.server_seed_hash',
          'ir.client_seed',
          'ir.nonce',
          sql<string | null>`CASE WHEN s.status = 'revealed' THEN s.server_seed END`.as('revealed_seed'),
        ]),
  };
}

export type InhouseViews = ReturnType<typeof createInhouseViews>;
