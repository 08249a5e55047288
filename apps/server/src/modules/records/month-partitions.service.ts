import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { createMonthPartitions, monthStart } from './month-partitions.repository';

/** The job's name in job_runs. */
export const MONTH_PARTITIONS_JOB = 'month-partitions';

/**
 * Keeps the monthly partitions of the rounds and the ledger ahead of time (docs/decisions.md,
 * "Monthly partitions of the rounds and the ledger"): the current month and the next one. Only one
 * empty month is kept ahead because on PostgreSQL 15 a generic plan locks every partition of a
 * table it touches, so each empty month costs every hot statement a lock; a daily run makes the
 * next month about a month before it starts.
 */
export function createMonthPartitionsService(ctx: { db: Kysely<Database>; now?: () => number }) {
  const now = ctx.now ?? Date.now;
  return {
    /**
     * Make the current and the next month where missing, and mark the job's period finished in
     * the same transaction (`complete`), so a period is done exactly once across instances.
     * Returns how many partitions it created.
     */
    async ensureAhead(complete: (trx: Transaction<Database>, handled: number) => Promise<boolean>): Promise<number> {
      const at = new Date(now());
      return ctx.db.transaction().execute(async (trx) => {
        const made =
          (await createMonthPartitions(trx, monthStart(at))) + (await createMonthPartitions(trx, monthStart(at, 1)));
        if (!(await complete(trx, made))) throw new Error('month partitions: the period was taken over');
        return made;
      });
    },
  };
}

export type MonthPartitionsService = ReturnType<typeof createMonthPartitionsService>;
