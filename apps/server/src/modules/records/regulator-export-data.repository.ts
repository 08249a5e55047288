import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { camelRow } from '../../db/camel-row';
import type { RecordsViews } from './records-views';

type Db = Kysely<Database>;
export type DayWindow = { start: Date; end: Date };

// What one operator day's files are read from: the owners' views only (records-views.ts). Real-money
// players only: the members view leaves trial (free-play) accounts out, whose money is not real.

/** Every entry on a real-money player's account whose transaction is in the window, in ledger order. */
export async function findDayEntries(db: Db, views: RecordsViews, w: DayWindow) {
  const rows = await db
    .selectFrom(views.entries().as('e'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'e.member_id')
    .selectAll('e')
    .where('e.is_player', '=', true)
    .where('e.created_at', '>=', w.start)
    .where('e.created_at', '<', w.end)
    .orderBy('e.transaction_id')
    .orderBy('e.id')
    .execute();
  return rows.map(camelRow);
}

/** Every stake, win and refund that moved money in the window, with its round, in arrival order. */
export async function findDayRoundMoves(db: Db, views: RecordsViews, w: DayWindow) {
  const rows = await db
    .selectFrom(views.roundBets().as('b'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'b.member_id')
    .innerJoin(views.roundRecords().as('r'), (j) =>
      j.onRef('r.vassalage', '=', 'b.vassalage').onRef('r.round_id', '=', 'b.round_id'),
    )
    .leftJoin(views.vendorNames().as('v'), 'v.vassalage', 'b.vassalage')
    .leftJoin(views.gameNames().as('g'), 'g.node_id', 'r.node_id')
    .select([
      'b.id',
      'b.kind',
      'b.vendor_tx_id',
      'b.amount',
      'b.bonus_amount',
      'b.ledger_transaction_id',
      'b.created_at',
      'r.id as round_pk',
      'r.round_id',
      'r.vassalage',
      'r.node_id',
      'r.member_id',
      'r.currency',
      'r.status',
      'r.total_bet',
      'r.total_win',
      'r.total_refund',
      'r.created_at as round_created_at',
      'r.settled_at',
      'v.name as vendor_name',
      'g.name as game_name',
    ])
    .where('b.ledger_transaction_id', 'is not', null)
    .where('b.created_at', '>=', w.start)
    .where('b.created_at', '<', w.end)
    .orderBy('b.id')
    .execute();
  return rows.map(camelRow);
}

/**
 * Each real-money player account with its balance at the window's end (today's balance less what
 * moved since), and the window's credits and debits; accounts with nothing then and no movement
 * are left out. One statement, so the balance and the later entries are read at one instant.
 */
export async function findDayWallets(db: Db, views: RecordsViews, w: DayWindow) {
  const rows = await db
    .selectFrom(views.playerAccounts().as('a'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'a.member_id')
    .leftJoin(views.entries().as('e'), (j) => j.onRef('e.account_id', '=', 'a.id').on('e.created_at', '>=', w.start))
    .select([
      'a.id',
      'a.member_id',
      'a.purpose',
      'a.currency',
      'a.balance',
      sql<string>`coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${w.end}), 0)::text`.as('after_end'),
      sql<string>`coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${w.end} AND e.amount > 0), 0)::text`.as(
        'credits',
      ),
      sql<string>`coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${w.end} AND e.amount < 0), 0)::text`.as(
        'debits',
      ),
    ])
    .groupBy(['a.id', 'a.member_id', 'a.purpose', 'a.currency', 'a.balance'])
    .orderBy('a.id')
    .execute();
  return rows.map(camelRow);
}

/** Real-money players registered in the window or named in `ids`, with their account name and registration. */
export async function findBettors(db: Db, views: RecordsViews, w: DayWindow, ids: string[]) {
  const rows = await db
    .selectFrom(views.registrations().as('m'))
    .select(['m.id', 'm.account', 'm.created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('m.created_at', '>=', w.start), eb('m.created_at', '<', w.end)]),
        ...(ids.length ? [eb('m.id', 'in', ids)] : []),
      ]),
    )
    .orderBy('m.id')
    .execute();
  return rows.map(camelRow);
}

/**
 * Every real-money player's withdrawal order requested or decided in the window (a request, a
 * closed account's payout, a barred player's refund), in id order.
 */
export async function findDayPayouts(db: Db, views: RecordsViews, w: DayWindow) {
  const rows = await db
    .selectFrom(views.payouts().as('p'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'p.member_id')
    .selectAll('p')
    .where((eb) =>
      eb.or([
        eb.and([eb('p.created_at', '>=', w.start), eb('p.created_at', '<', w.end)]),
        eb.and([eb('p.decided_at', '>=', w.start), eb('p.decided_at', '<', w.end)]),
      ]),
    )
    .orderBy('p.id')
    .execute();
  return rows.map(camelRow);
}
