import type { RaffleService } from '../modules/promo/raffle.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server looks for raffles whose draw time has come. */
export const RAFFLE_DRAW_INTERVAL_MS = 30_000;

/**
 * Draw every open raffle whose time has come. Each raffle is drawn under its row lock and only
 * while open, so a period that runs twice (a taken-over claim) or an operator's draw at the same
 * moment draws it once: the winners, their grants and the revealed seed commit together.
 */
export function startRaffleDrawJob(
  raffles: Pick<RaffleService, 'drawDue'>,
  scheduler: JobScheduler,
  intervalMs = RAFFLE_DRAW_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'raffle-draw',
      run: () => raffles.drawDue(),
      intervalMs,
      doneMessage: 'raffles drawn',
      failMessage: 'raffle draw failed',
      runAtStart: true,
    },
    scheduler,
  );
}
