import type { BonusService } from '../modules/bonus/bonus.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server looks for bonuses past their expiry. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Bonuses past their time end as expired, an active one's balance back to the promotion budget.
 * Safe from any number of servers and any number of runs: each bonus ends once, under its row
 * lock (a bonus that has already ended is left alone), and its ledger move is keyed by the bonus.
 */
export function startBonusExpiryJob(
  bonus: Pick<BonusService, 'expireDue'>,
  scheduler: JobScheduler,
  intervalMs = BONUS_EXPIRY_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'bonus-expiry',
      run: () => bonus.expireDue(),
      intervalMs,
      doneMessage: 'bonuses expired',
      failMessage: 'bonus expiry failed',
    },
    scheduler,
  );
}
