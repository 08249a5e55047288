import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReportingTables } from '../../db/tables/reporting';

// The only SQL of the reporting module, over its own tables (db/tables/reporting.ts). Triggers
// (migration 0170_reporting.sql) write them in the transactions of the rows they count; these
// reads sum the stripes of each hour.

type Db = Kysely<Database>;

function reporting(db: Db): Kysely<ReportingTables> {
  return db.withTables<ReportingTables>() as unknown as Kysely<ReportingTables>;
}

export type Range = { from: Date; to: Date };

export type GameHourRow = {
  hour: Date;
  vassalage: string;
  rounds: bigint;
  bets: bigint;
  refunds: bigint;
  wins: bigint;
};

/** Game money per hour and vendor in [from, to), in one currency. */
export async function sumGameByHour(db: Db, r: Range, currency: string): Promise<GameHourRow[]> {
  const rows = await reporting(db)
    .selectFrom('reporting_game_hourly')
    .where('hour', '>=', r.from)
    .where('hour', '<', r.to)
    .where('currency', '=', currency)
    .select([
      'hour',
      'vassalage',
      sql<string>`sum(rounds)`.as('rounds'),
      sql<string>`sum(bets)`.as('bets'),
      sql<string>`sum(refunds)`.as('refunds'),
      sql<string>`sum(wins)`.as('wins'),
    ])
    .groupBy(['hour', 'vassalage'])
    .execute();
  return rows.map((x) => ({
    hour: new Date(x.hour),
    vassalage: x.vassalage,
    rounds: BigInt(x.rounds),
    bets: BigInt(x.bets),
    refunds: BigInt(x.refunds),
    wins: BigInt(x.wins),
  }));
}

export type PaymentHourRow = {
  hour: Date;
  kind: 'deposit' | 'withdrawal';
  channel: string;
  orders: bigint;
  amount: bigint;
  fee: bigint;
};

/** Deposits credited and withdrawals approved per hour and channel in [from, to), in one currency. */
export async function sumPaymentsByHour(db: Db, r: Range, currency: string): Promise<PaymentHourRow[]> {
  const rows = await reporting(db)
    .selectFrom('reporting_payment_hourly')
    .where('hour', '>=', r.from)
    .where('hour', '<', r.to)
    .where('currency', '=', currency)
    .select([
      'hour',
      'kind',
      'channel',
      sql<string>`sum(orders)`.as('orders'),
      sql<string>`sum(amount)`.as('amount'),
      sql<string>`sum(fee)`.as('fee'),
    ])
    .groupBy(['hour', 'kind', 'channel'])
    .execute();
  return rows.map((x) => ({
    hour: new Date(x.hour),
    kind: x.kind,
    channel: x.channel,
    orders: BigInt(x.orders),
    amount: BigInt(x.amount),
    fee: BigInt(x.fee),
  }));
}

export type PlayerHourRow = { hour: Date; registrations: bigint; firstDeposits: bigint; firstDepositAmount: bigint };

/** Registrations and first deposits per hour in [from, to). */
export async function sumPlayersByHour(db: Db, r: Range): Promise<PlayerHourRow[]> {
  const rows = await reporting(db)
    .selectFrom('reporting_player_hourly')
    .where('hour', '>=', r.from)
    .where('hour', '<', r.to)
    .select([
      'hour',
      sql<string>`sum(registrations)`.as('registrations'),
      sql<string>`sum(first_deposits)`.as('first_deposits'),
      sql<string>`sum(first_deposit_amount)`.as('first_deposit_amount'),
    ])
    .groupBy('hour')
    .execute();
  return rows.map((x) => ({
    hour: new Date(x.hour),
    registrations: BigInt(x.registrations),
    firstDeposits: BigInt(x.first_deposits),
    firstDepositAmount: BigInt(x.first_deposit_amount),
  }));
}

/**
 * Distinct players with a stake in [from, to) (whole hours): the activity events whose hour is in
 * the range and whose previous active hour is before `from` — one per active player.
 */
export async function countActivePlayers(db: Db, r: Range): Promise<number> {
  const fromDay = new Date(Math.floor(r.from.getTime() / 86_400_000) * 86_400_000);
  const rdb = reporting(db);
  const [byDay, byHour] = await Promise.all([
    rdb
      .selectFrom('reporting_activity_by_day')
      .where('hour', '>=', r.from)
      .where('hour', '<', r.to)
      .where('prev_day', '<', fromDay)
      .select(sql<string | null>`sum(n)`.as('n'))
      .executeTakeFirstOrThrow(),
    rdb
      .selectFrom('reporting_activity_by_hour')
      .where('prev_hour', '>=', fromDay)
      .where('prev_hour', '<', r.from)
      .where('hour', '>=', r.from)
      .where('hour', '<', r.to)
      .select(sql<string | null>`sum(n)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(byDay.n ?? 0) + Number(byHour.n ?? 0);
}
