import type { Kysely } from 'kysely';
import type { MonitoringRule } from '@wps/shared/schemas/monitoring';
import type { Database } from '../../db/schema';
import * as repo from './monitoring.repository';

type Db = Kysely<Database>;

/** How many flags of one rule a player was raised since a time. */
export type SignalCount = { memberId: string; rule: MonitoringRule; flags: number };

// What other modules read of the flags (the AML module rates players from them): counts per
// player and rule, never the flags' rows, so this module stays the only one that knows them.
// The queries are the repository's; this reader is the one door other modules are handed.
export function createMonitoringSignals({ db }: { db: Db }) {
  return {
    /** Flags per player and rule detected at or after `since`, for these players. */
    async countsOf(memberIds: readonly string[], since: Date): Promise<SignalCount[]> {
      if (memberIds.length === 0) return [];
      return repo.countFlagsByMemberAndRule(db, memberIds, since);
    },

    /** The players with a flag detected at or after `since`, after a member id in id order, a page at a time. */
    async flaggedAfter(since: Date, afterMemberId: string, limit: number): Promise<string[]> {
      return repo.findFlaggedMembersAfter(db, since, afterMemberId, limit);
    },
  };
}

export type MonitoringSignals = ReturnType<typeof createMonitoringSignals>;
