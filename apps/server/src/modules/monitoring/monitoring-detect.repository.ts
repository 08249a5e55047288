import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MonitoringViews } from './monitoring-views';

type Db = Kysely<Database>;
export type Window = { from: Date; to: Date };

// What each rule counts, per real-money player, read through the owners' views
// (monitoring-views.ts). Each query answers only players who may match, so a scan reads what it
// needs and no more; the thresholds that need both sides are decided in monitoring-rules.ts.

const minutes = (n: number) => sql<string>`${n} * interval '1 minute'`;
const hours = (n: number) => sql<string>`${n} * interval '1 hour'`;

/** Credited deposits of the recent window and of the baseline before it (`baselineFrom` … `recent.from`). */
export async function findDepositTotals(
  db: Db,
  views: MonitoringViews,
  recent: Window,
  baselineFrom: Date,
  minRecentMinor: string,
) {
  return db
    .selectFrom(views.mainWalletEntries().as('e'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'e.member_id')
    .select([
      'e.member_id as memberId',
      sql<string>`coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${recent.from}), 0)::text`.as('recent'),
      sql<number>`(count(*) FILTER (WHERE e.created_at >= ${recent.from}))::int`.as('recentCount'),
      sql<string>`coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${recent.from}), 0)::text`.as('baseline'),
      sql<number>`(count(*) FILTER (WHERE e.created_at < ${recent.from}))::int`.as('baselineCount'),
    ])
    .where('e.kind', '=', 'deposit')
    .where(sql<boolean>`e.amount > 0`)
    .where('e.created_at', '>=', baselineFrom)
    .where('e.created_at', '<', recent.to)
    .groupBy('e.member_id')
    .having(
      sql<boolean>`coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${recent.from}), 0) >= ${minRecentMinor}::bigint`,
    )
    .execute();
}

/**
 * Rounds begun at night (local hours `startHour` up to `endHour`, across midnight when start >
 * end) with a stake, per player: how many, their stakes, and the nights they fall in. A night is
 * named by the local date of its start: a round's local time less `endHour` hours, so 23:00 and
 * 02:00 of one night share a name.
 */
export async function findNightPlay(
  db: Db,
  views: MonitoringViews,
  w: Window,
  timeZone: string,
  night: { startHour: number; endHour: number },
) {
  const local = sql`(r.created_at AT TIME ZONE ${timeZone})`;
  const hour = sql`extract(hour FROM ${local})`;
  const isNight =
    night.startHour < night.endHour
      ? sql<boolean>`(${hour} >= ${night.startHour} AND ${hour} < ${night.endHour})`
      : sql<boolean>`(${hour} >= ${night.startHour} OR ${hour} < ${night.endHour})`;
  return db
    .selectFrom(views.gameRounds().as('r'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'r.member_id')
    .select([
      'r.member_id as memberId',
      sql<number>`count(*)::int`.as('rounds'),
      sql<string>`coalesce(sum(r.total_bet), 0)::text`.as('stakes'),
      sql<string>`string_agg(DISTINCT to_char(${local} - ${hours(night.endHour)}, 'YYYY-MM-DD'), ',')`.as('nights'),
    ])
    .where('r.created_at', '>=', w.from)
    .where('r.created_at', '<', w.to)
    .where(sql<boolean>`r.total_bet > 0`)
    .where(isNight)
    .groupBy('r.member_id')
    .execute();
}

/** A round that lost: settled, with less back (wins and refunds) than was staked. */
const lost = (r: string) =>
  sql<boolean>`(${sql.ref(`${r}.status`)} = 'settled' AND ${sql.ref(`${r}.total_win`)} + ${sql.ref(`${r}.total_refund`)} < ${sql.ref(`${r}.total_bet`)})`;

/**
 * Per player over the window: the net loss of the rounds begun in it, and the rounds begun within
 * `afterLossMinutes` of the end of the player's previous round when that round lost, with a stake
 * at least `stakeRaisePercent` of its stake (the loss chased with a bigger bet).
 */
export async function findStakeChases(
  db: Db,
  views: MonitoringViews,
  w: Window,
  rule: { afterLossMinutes: number; stakeRaisePercent: number },
) {
  const sequence = db
    .selectFrom(views.gameRounds().as('r'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'r.member_id')
    .select([
      'r.member_id',
      'r.created_at',
      'r.total_bet',
      'r.total_win',
      'r.total_refund',
      sql<boolean>`lag(${lost('r')}) OVER (PARTITION BY r.member_id ORDER BY r.created_at, r.id)`.as('prev_lost'),
      sql<string>`lag(r.total_bet) OVER (PARTITION BY r.member_id ORDER BY r.created_at, r.id)`.as('prev_bet'),
      sql<Date>`lag(coalesce(r.settled_at, r.created_at)) OVER (PARTITION BY r.member_id ORDER BY r.created_at, r.id)`.as(
        'prev_end',
      ),
    ])
    .where('r.created_at', '>=', sql<Date>`${w.from}::timestamptz - ${minutes(rule.afterLossMinutes)}`)
    .where('r.created_at', '<', w.to)
    .where(sql<boolean>`r.total_bet > 0`);
  return db
    .selectFrom(sequence.as('s'))
    .select([
      's.member_id as memberId',
      sql<string>`coalesce(sum(s.total_bet - s.total_win - s.total_refund) FILTER (WHERE s.created_at >= ${w.from}), 0)::text`.as(
        'netLoss',
      ),
      sql<number>`(count(*) FILTER (WHERE s.created_at >= ${w.from}))::int`.as('rounds'),
      sql<number>`(count(*) FILTER (WHERE s.created_at >= ${w.from} AND s.prev_lost AND s.created_at <= s.prev_end + ${minutes(rule.afterLossMinutes)}
        AND s.total_bet * 100 >= s.prev_bet * ${rule.stakeRaisePercent}))::int`.as('stakeRaises'),
    ])
    .groupBy('s.member_id')
    .execute();
}

/** Per player: credited deposits in the window made within `afterLossMinutes` after a round of theirs lost. */
export async function findDepositChases(db: Db, views: MonitoringViews, w: Window, afterLossMinutes: number) {
  return db
    .selectFrom(views.mainWalletEntries().as('d'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'd.member_id')
    .select(['d.member_id as memberId', sql<number>`count(*)::int`.as('depositsAfterLoss')])
    .where('d.kind', '=', 'deposit')
    .where(sql<boolean>`d.amount > 0`)
    .where('d.created_at', '>=', w.from)
    .where('d.created_at', '<', w.to)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(views.gameRounds().as('r'))
          .select(sql`1`.as('one'))
          .whereRef('r.member_id', '=', 'd.member_id')
          .where(lost('r'))
          .where(
            sql<boolean>`r.settled_at <= d.created_at AND r.settled_at >= d.created_at - ${minutes(afterLossMinutes)}`,
          ),
      ),
    )
    .groupBy('d.member_id')
    .execute();
}

/**
 * Per player: withdrawals whose money came back to the main wallet in the window, and those of
 * them followed by a stake within `playWithinHours` (the money went back into play).
 */
export async function findReversals(db: Db, views: MonitoringViews, w: Window, playWithinHours: number) {
  const playedAfter = sql<boolean>`EXISTS (${views
    .gameRounds()
    .select(sql`1`.as('one'))
    .where(
      sql<boolean>`member_id = v.member_id AND total_bet > 0 AND created_at >= v.created_at AND created_at < v.created_at + ${hours(playWithinHours)}`,
    )})`;
  return db
    .selectFrom(views.mainWalletEntries().as('v'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'v.member_id')
    .select([
      'v.member_id as memberId',
      sql<number>`count(*)::int`.as('reversals'),
      sql<number>`(count(*) FILTER (WHERE ${playedAfter}))::int`.as('played'),
      sql<string>`coalesce(sum(v.amount) FILTER (WHERE ${playedAfter}), 0)::text`.as('playedAmount'),
    ])
    .where('v.kind', '=', 'withdrawal_reversal')
    .where(sql<boolean>`v.amount > 0`)
    .where('v.created_at', '>=', w.from)
    .where('v.created_at', '<', w.to)
    .groupBy('v.member_id')
    .execute();
}

/** Per player: their requests to raise or remove a limit in the window, and which limits. */
export async function findLimitLoosenings(db: Db, views: MonitoringViews, w: Window, minRaises: number) {
  return db
    .selectFrom(views.limitLoosenings().as('h'))
    .innerJoin(views.registrations().as('m'), 'm.id', 'h.member_id')
    .select([
      'h.member_id as memberId',
      sql<number>`count(*)::int`.as('raises'),
      sql<string>`string_agg(DISTINCT h.kind, ',')`.as('kinds'),
    ])
    .where('h.at', '>=', w.from)
    .where('h.at', '<', w.to)
    .groupBy('h.member_id')
    .having(sql<boolean>`count(*) >= ${minRaises}`)
    .execute();
}
