import { AML_SWEEP_JOB, type AmlService } from '../modules/aml/aml.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** Once a day: PEP lists change as people take and leave office; a day's flags should reach the ratings within it. */
export const AML_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The anti-money-laundering sweep (docs/compliance.md, "Anti-money laundering"): the whole base
 * screened for PEPs and every flagged or above-low player rated again, once per day across
 * instances (job_runs). A period that runs twice (its holder died) writes nothing twice: answers
 * are written only when they changed, and a system case is opened once while one is live.
 */
export function startAmlSweepJob(aml: Pick<AmlService, 'sweep'>, scheduler: JobScheduler): () => Promise<void> {
  return startIntervalJob(
    {
      name: AML_SWEEP_JOB,
      run: async () => {
        const result = await aml.sweep();
        return result.opened;
      },
      intervalMs: AML_SWEEP_INTERVAL_MS,
      doneMessage: 'AML sweep opened cases',
      failMessage: 'AML sweep failed',
      // A restart inside a day runs it if no instance did: the base is never left unscreened for longer.
      runAtStart: true,
      // Each period is part of the compliance record.
      keepRunsMs: Infinity,
    },
    scheduler,
  );
}
