import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the responsible-gaming tables for other modules' statements (see member/member-views.ts):
// behaviour monitoring counts how often players loosen their own limits.

/** The actions by which a limit is loosened: an increase or a removal asked for (each waits 24 hours). */
export const RG_LOOSENING_ACTIONS = ['increase_requested', 'removal_requested'] as const;

export function createRgViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Every request a player made to raise or remove one of their own limits, with when (the operator's clock). */
    limitLoosenings: () =>
      db
        .selectFrom('rg_history')
        .select(['id', 'member_id', 'kind', 'action', 'before_value', 'after_value', 'at'])
        .where('action', 'in', RG_LOOSENING_ACTIONS)
        .where('actor_type', '=', 'member'),
  };
}

export type RgViews = ReturnType<typeof createRgViews>;
