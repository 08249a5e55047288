import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CatalogueViews } from '../catalogue/catalogue-views';
import type { GatewayViews } from '../gateway/gateway-views';
import type { InhouseViews } from '../inhouse/inhouse-views';

type Db = Kysely<Database>;

/** The owners' views this report joins: rounds (gateway), vendor and game names (catalogue), fairness (in-house). */
export type BetRecordViews = Pick<GatewayViews, 'gameRounds'> & CatalogueViews & InhouseViews;

export type BetFilter = {
  memberId: string;
  /** Vendor categories to include (a parent category brings its groups' categories). */
  categories?: string[] | undefined;
  vassalage?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type BetRow = {
  roundId: string;
  vassalage: string;
  vendorName: string;
  category: string;
  nodeId: string;
  gameName: string;
  totalBet: bigint;
  totalWin: bigint;
  totalRefund: bigint;
  status: 'open' | 'settled';
  createdAt: Date;
  settledAt: Date | null;
  fair: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null;
};

export type TotalsRow = { count: number; totalBet: bigint; totalPaid: bigint };

/**
 * The player's rounds (game_rounds: totals moved in the same transaction as their ledger
 * entries), with the vendor from the catalogue. Rounds whose every bet was refused hold no
 * stake and are left out.
 */
function filtered(db: Db, views: BetRecordViews, f: BetFilter) {
  let q = db
    .selectFrom(views.gameRounds().as('gr'))
    .leftJoin(views.vendorNames().as('v'), 'v.vassalage', 'gr.vassalage')
    .where('gr.member_id', '=', f.memberId)
    .where('gr.total_bet', '>', '0');
  if (f.categories) q = q.where(sql<boolean>`v.category = ANY(${f.categories})`);
  if (f.vassalage) q = q.where('gr.vassalage', '=', f.vassalage);
  if (f.from) q = q.where('gr.created_at', '>=', f.from);
  if (f.to) q = q.where('gr.created_at', '<=', f.to);
  return q;
}

/** One page of the player's rounds, newest first, and the totals over the whole filter. */
export async function findBets(
  db: Db,
  views: BetRecordViews,
  f: BetFilter,
  offset: number,
  limit: number,
): Promise<{ rows: BetRow[]; totals: TotalsRow }> {
  const rows = await filtered(db, views, f)
    .leftJoin(views.gameNames().as('g'), 'g.node_id', 'gr.node_id')
    .leftJoin(views.roundFairness().as('ir'), (j) =>
      j.onRef('ir.round_id', '=', 'gr.round_id').on('gr.vassalage', '=', 'inhouse'),
    )
    .select([
      'gr.round_id',
      'gr.vassalage',
      'v.name as vendor_name',
      'v.category',
      'gr.node_id',
      'g.name as game_name',
      'gr.total_bet',
      'gr.total_win',
      'gr.total_refund',
      'gr.status',
      'gr.created_at',
      'gr.settled_at',
      'ir.server_seed_hash',
      'ir.client_seed',
      'ir.nonce',
      'ir.revealed_seed',
    ])
    .orderBy('gr.created_at', 'desc')
    .orderBy('gr.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const totals = await filtered(db, views, f)
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(sum(gr.total_bet), 0)`.as('bet'),
      sql<string>`coalesce(sum(gr.total_win + gr.total_refund), 0)`.as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => ({
      roundId: r.round_id,
      vassalage: r.vassalage,
      vendorName: r.vendor_name ?? r.vassalage,
      category: r.category ?? '',
      nodeId: r.node_id,
      gameName: r.game_name ?? r.node_id,
      totalBet: BigInt(r.total_bet),
      totalWin: BigInt(r.total_win),
      totalRefund: BigInt(r.total_refund),
      status: r.status,
      createdAt: r.created_at,
      settledAt: r.settled_at,
      fair:
        r.server_seed_hash && r.client_seed !== null && r.nonce !== null
          ? {
              serverSeedHash: r.server_seed_hash,
              serverSeed: r.revealed_seed,
              clientSeed: r.client_seed,
              nonce: Number(r.nonce),
            }
          : null,
    })),
    totals: { count: Number(totals.n), totalBet: BigInt(totals.bet), totalPaid: BigInt(totals.paid) },
  };
}

/** Totals per local day (the day the round started, at `utcOffsetMinutes` from UTC), newest first. */
export async function sumByDay(
  db: Db,
  views: BetRecordViews,
  f: BetFilter,
  utcOffsetMinutes: number,
): Promise<(TotalsRow & { day: string })[]> {
  const day = sql<string>`to_char((gr.created_at AT TIME ZONE 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int), 'YYYY-MM-DD')`;
  const rows = await filtered(db, views, f)
    .select([
      day.as('day'),
      sql<string>`count(*)`.as('n'),
      sql<string>`sum(gr.total_bet)`.as('bet'),
      sql<string>`sum(gr.total_win + gr.total_refund)`.as('paid'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`, 'desc')
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n), totalBet: BigInt(r.bet), totalPaid: BigInt(r.paid) }));
}

/** Totals per vendor category. */
export async function sumByCategory(
  db: Db,
  views: BetRecordViews,
  f: BetFilter,
): Promise<(TotalsRow & { category: string })[]> {
  const rows = await filtered(db, views, f)
    .select([
      sql<string>`coalesce(v.category, '')`.as('category'),
      sql<string>`count(*)`.as('n'),
      sql<string>`sum(gr.total_bet)`.as('bet'),
      sql<string>`sum(gr.total_win + gr.total_refund)`.as('paid'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({
    category: r.category,
    count: Number(r.n),
    totalBet: BigInt(r.bet),
    totalPaid: BigInt(r.paid),
  }));
}
