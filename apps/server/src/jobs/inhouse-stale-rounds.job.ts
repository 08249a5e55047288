import type { Logger } from 'pino';
import type { InhouseService } from '../modules/inhouse/inhouse.service';

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
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const settled = await inhouse.settleStaleRounds();
      if (settled > 0) log.info({ settled }, 'interrupted in-house rounds finished');
    } catch (err) {
      log.error({ err }, 'in-house round recovery failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
