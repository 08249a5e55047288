import type { Logger } from 'pino';
import type { InhouseService } from '../modules/inhouse/inhouse.service';
import { startIntervalJob } from './interval-job';

/** How often the server looks for in-house rounds interrupted between the bet and the win. */
export const INHOUSE_STALE_ROUNDS_INTERVAL_MS = 30_000;

/**
 * Finish in-house rounds whose outcome was fixed but whose money calls did not complete (a crash
 * or restart between bet and win). Safe from any number of servers: the wallet calls are
 * idempotent by their transaction ids, so a round is paid once however often it is retried.
 */
export function startInhouseStaleRoundsJob(
  inhouse: Pick<InhouseService, 'settleStaleRounds'>,
  log: Pick<Logger, 'info' | 'error'>,
  intervalMs = INHOUSE_STALE_ROUNDS_INTERVAL_MS,
): () => void {
  return startIntervalJob(
    {
      run: () => inhouse.settleStaleRounds(),
      intervalMs,
      doneMessage: 'interrupted in-house rounds finished',
      failMessage: 'in-house round recovery failed',
    },
    log,
  );
}
