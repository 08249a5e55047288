import type { InhouseService } from '../modules/inhouse/inhouse.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server looks for in-house rounds interrupted between the bet and the win. */
export const INHOUSE_STALE_ROUNDS_INTERVAL_MS = 30_000;

/**
 * Finish in-house rounds whose outcome was fixed but whose money calls did not complete (a crash
 * or restart between bet and win), and close mines and hi-lo rounds left open for a day at their
 * multiplier. Safe from any number of servers: the wallet calls are idempotent by their
 * transaction ids and an open round is closed under its row lock, so a round is paid once however
 * often it is retried.
 */
export function startInhouseStaleRoundsJob(
  inhouse: Pick<InhouseService, 'settleStaleRounds'>,
  scheduler: JobScheduler,
  intervalMs = INHOUSE_STALE_ROUNDS_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'inhouse-stale-rounds',
      run: () => inhouse.settleStaleRounds(),
      intervalMs,
      doneMessage: 'interrupted in-house rounds finished',
      failMessage: 'in-house round recovery failed',
    },
    scheduler,
  );
}
