import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** How far behind the primary the read database is, in milliseconds; throws when either cannot be asked. */
export type LagReader = () => Promise<number>;

export type ReplicaPosition = {
  recovering: boolean;
  caught_up: boolean | null;
  caught_up_before: boolean | null;
  since_replay_ms: string | number | null;
};

/**
 * The replica's lag as an upper bound of how old the oldest commit it has not replayed is: 0 when
 * it has replayed everything the primary had written when this check began; otherwise the smaller
 * of two bounds, each of which is never below the true lag:
 * - the time since the last commit it replayed (`pg_last_xact_replay_timestamp`): a commit it
 *   lacks came after that one. Alone, this reads an idle primary as lagging (the last commit can be
 *   hours old while a checkpoint record is in flight), hence the second bound;
 * - the time since a check at which it had replayed everything the primary had written (this
 *   check's or the previous one's position): a commit it lacks was written after that moment.
 * A read database that is not a standby (`pg_is_in_recovery()` false: the primary itself, or a
 * copy kept some other way) has nothing this can measure and reads 0.
 */
export function createLagReader(
  primary: Kysely<Database>,
  replica: Kysely<Database>,
  clock: () => number = Date.now,
): LagReader {
  return lagFromPositions(
    {
      async primaryLsn() {
        const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(primary);
        if (!rows[0]) throw new Error('the primary returned no WAL position');
        return rows[0].lsn;
      },
      async replicaPosition(lsn, beforeLsn) {
        const { rows } = await sql<ReplicaPosition>`
          SELECT pg_is_in_recovery() AS recovering,
                 pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS caught_up,
                 pg_last_wal_replay_lsn() >= ${beforeLsn}::pg_lsn AS caught_up_before,
                 extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000 AS since_replay_ms`.execute(
          replica,
        );
        if (!rows[0]) throw new Error('the read database returned no position');
        return rows[0];
      },
    },
    clock,
  );
}

/** The two questions the lag is computed from (createLagReader asks them of the databases). */
export type LagPositions = {
  /** The primary's WAL write position now. */
  primaryLsn(): Promise<string>;
  /** Whether the replica is a standby, has replayed `lsn` and `beforeLsn`, and the ms since its last replayed commit. */
  replicaPosition(lsn: string, beforeLsn: string): Promise<ReplicaPosition>;
};

export function lagFromPositions(positions: LagPositions, clock: () => number = Date.now): LagReader {
  let previous: { lsn: string; at: number } | undefined;
  let caughtUpAt: number | undefined;
  return async () => {
    const at = clock();
    const lsn = await positions.primaryLsn();
    const before = previous ?? { lsn, at };
    const position = await positions.replicaPosition(lsn, before.lsn);
    previous = { lsn, at };
    if (!position.recovering) return 0;
    if (position.caught_up) {
      caughtUpAt = at;
      return 0;
    }
    if (position.caught_up_before) caughtUpAt = Math.max(caughtUpAt ?? before.at, before.at);
    const sinceReplay = position.since_replay_ms === null ? Infinity : Number(position.since_replay_ms);
    const sinceCaughtUp = caughtUpAt === undefined ? Infinity : clock() - caughtUpAt;
    return Math.max(0, Math.min(sinceReplay, sinceCaughtUp));
  };
}
