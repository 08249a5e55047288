import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server ends sessions past a player's time limit (the page's own check runs every minute too). */
export const RG_TIME_LIMITS_INTERVAL_MS = 30_000;

/**
 * Sessions past the player's session or daily time limit end, and login waits (responsible
 * gambling). Safe from any number of servers and runs: ending a session twice is one revocation,
 * and the block is a later instant written under the player's row lock.
 */
export function startRgTimeLimitsJob(
  rg: Pick<ResponsibleGamingService, 'enforceAllTimeLimits'>,
  scheduler: JobScheduler,
  intervalMs = RG_TIME_LIMITS_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'rg-time-limits',
      run: () => rg.enforceAllTimeLimits(),
      intervalMs,
      doneMessage: 'sessions ended by time limits',
      failMessage: 'time-limit check failed',
    },
    scheduler,
  );
}
