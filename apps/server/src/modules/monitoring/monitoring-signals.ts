import type { Kysely } from 'kysely';
import type { MonitoringRule } from '@wps/shared/schemas/monitoring';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** How many flags of one rule a player was raised since a time. */
export type SignalCount = { memberId: string; rule: MonitoringRule; flags: number };

// What other modules read of the flags (the AML module rates players from them): counts per
// player and rule, never the flags' rows, so this module stays the only one that knows them.
export function createMonitoringSignals({ db }: { db: Db }) {
  return {
    /** Flags per player and rule detected at or after `since`, for these players (monitoring_flags_member_idx). */
    async countsOf(memberIds: readonly string[], since: Date): Promise<SignalCount[]> {
      if (memberIds.length === 0) return [];
      const rows = await db
        .selectFrom('monitoring_flags')
        .select((eb) => ['member_id', 'rule', eb.fn.countAll<string>().as('flags')])
        .where('member_id', 'in', [...memberIds])
        .where('detected_at', '>=', since)
        .groupBy(['member_id', 'rule'])
        .execute();
      return rows.map((r) => ({ memberId: String(r.member_id), rule: r.rule, flags: Number(r.flags) }));
    },

    /** The players with a flag detected at or after `since`, after a member id in id order, a page at a time. */
    async flaggedAfter(since: Date, afterMemberId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('monitoring_flags')
        .select('member_id')
        .distinct()
        .where('detected_at', '>=', since)
        .where('member_id', '>', afterMemberId)
        .orderBy('member_id')
        .limit(limit)
        .execute();
      return rows.map((r) => String(r.member_id));
    },
  };
}

export type MonitoringSignals = ReturnType<typeof createMonitoringSignals>;
