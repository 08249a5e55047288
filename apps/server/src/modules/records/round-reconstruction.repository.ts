import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { camelRow } from '../../db/camel-row';
import type { RecordsViews } from './records-views';

type Db = Kysely<Database>;

/** A round's record with its player's account name and the vendor's and game's names. */
export async function findRound(db: Db, views: RecordsViews, vassalage: string, roundId: string) {
  const row = await db
    .selectFrom(views.roundRecords().as('r'))
    .leftJoin(views.briefs().as('m'), 'm.id', 'r.member_id')
    .leftJoin(views.vendorNames().as('v'), 'v.vassalage', 'r.vassalage')
    .leftJoin(views.gameNames().as('g'), 'g.node_id', 'r.node_id')
    .selectAll('r')
    .select(['m.account', 'v.name as vendor_name', 'g.name as game_name'])
    .where('r.vassalage', '=', vassalage)
    .where('r.round_id', '=', roundId)
    .executeTakeFirst();
  return row && camelRow(row);
}

/** The vassalages that have a round of this id (a round id is unique only per vendor). */
export async function findRoundVendors(db: Db, views: RecordsViews, roundId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(views.roundRecords().as('r'))
    .select('r.vassalage')
    .where('r.round_id', '=', roundId)
    .execute();
  return rows.map((r) => r.vassalage);
}

/** Every stake, win and refund the vendor sent for the round, in arrival order. */
export async function findRoundBets(db: Db, views: RecordsViews, vassalage: string, roundId: string) {
  const rows = await db
    .selectFrom(views.roundBets().as('b'))
    .selectAll('b')
    .where('b.vassalage', '=', vassalage)
    .where('b.round_id', '=', roundId)
    .orderBy('b.id')
    .execute();
  return rows.map(camelRow);
}

/** The ledger entries of these transactions, with accounts and balances after. */
export async function findEntriesOf(db: Db, views: RecordsViews, transactionIds: string[]) {
  if (transactionIds.length === 0) return [];
  const rows = await db
    .selectFrom(views.entries().as('e'))
    .selectAll('e')
    .where('e.transaction_id', 'in', transactionIds)
    .orderBy('e.transaction_id')
    .orderBy('e.id')
    .execute();
  return rows.map(camelRow);
}
