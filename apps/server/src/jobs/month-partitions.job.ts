import { MONTH_PARTITIONS_JOB, type MonthPartitionsService } from '../modules/records/month-partitions.service';
import { completeClaim } from './job-runs.repository';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** Daily: the next month is made about a month before it starts, with thirty tries left if a day fails. */
export const MONTH_PARTITIONS_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Keep the monthly partitions of game_rounds, round_bets and ledger_entries one month ahead. Each
 * run creates what is missing and marks its period finished in the same transaction, so a day's
 * run happens once across instances (a second instance finds the period claimed or finished).
 */
export function startMonthPartitionsJob(
  partitions: Pick<MonthPartitionsService, 'ensureAhead'>,
  scheduler: JobScheduler,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: MONTH_PARTITIONS_JOB,
      run: (_period, claim) => partitions.ensureAhead((trx, handled) => completeClaim(trx, claim, handled)),
      intervalMs: MONTH_PARTITIONS_INTERVAL_MS,
      doneMessage: 'month partitions created',
      failMessage: 'month partitions failed',
      runAtStart: true,
    },
    scheduler,
  );
}
