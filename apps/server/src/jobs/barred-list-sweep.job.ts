import type { IdentityService } from '../modules/identity/identity.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/**
 * Every 15 days the whole base is checked against the barred-persons list (Law 14.790/2023
 * art. 26; docs/compliance.md, "Barred persons"). The period is claimed once across instances
 * (job_runs); a period that starts twice (its holder died) records no hit twice, since a member's
 * hit is unique per check and day (the period's first day).
 */
export const BARRED_LIST_SWEEP_INTERVAL_MS = 15 * 24 * 60 * 60 * 1000;

/**
 * Start the periodic sweep; returns a stop function. Its periods are counted on the identity
 * module's calendar clock, the one the daily check at login counts operator days by (the test
 * clock door moves both), so a test that runs the calendar 15 days ahead sees the next sweep due,
 * and a sweep's hits are keyed by the same days as the login's.
 */
export function startBarredListSweepJob(
  identity: Pick<IdentityService, 'sweep' | 'clock'>,
  scheduler: JobScheduler,
  intervalMs = BARRED_LIST_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'barred-list-sweep',
      run: (period) => identity.sweep(period),
      intervalMs,
      doneMessage: 'barred-list sweep found barred members',
      failMessage: 'barred-list sweep failed',
      // A restart inside a period runs it if no instance did: the base is never left unchecked for longer.
      runAtStart: true,
      // Each period is part of the compliance record.
      keepRunsMs: Infinity,
    },
    { ...scheduler, now: identity.clock },
  );
}
