import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the catalogue's tables for other modules' statements (see member/member-views.ts): the
// bet record names each round's vendor and game in the query that pages through the rounds.

export function createCatalogueViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Every vendor (whatever its status) with its name and category. */
    vendorNames: () => db.selectFrom('game_vendors').select(['vassalage', 'name', 'category']),
    /** Every game (whatever its status) with its name. */
    gameNames: () => db.selectFrom('games').select(['node_id', 'name']),
  };
}

export type CatalogueViews = ReturnType<typeof createCatalogueViews>;
