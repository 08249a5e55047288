import { REGULATOR_EXPORT_JOB, type RegulatorExportService } from '../modules/records/regulator-export.service';
import { completeClaim } from './job-runs.repository';
import { startIntervalJob, type JobScheduler } from './interval-job';

/**
 * How often the regulator export looks for an ended operator day not exported yet: hourly. A day
 * is due 30 minutes after it ends (EXPORT_GRACE_MS), so with whole-hour time zones it is exported
 * at 01:00 operator time, and a failed hour leaves four more tries before 06:00.
 */
export const REGULATOR_EXPORT_INTERVAL_MS = 60 * 60_000;

/**
 * The daily regulator export (docs/compliance.md, "Records, audit and reports"). Each run exports
 * the due days and marks its period finished in the same transaction, so a day is exported once
 * across instances and after a kill -9: a holder that dies rolls its run back, and the instance
 * that takes the period over finds the day still to do; one that committed left the day done.
 */
export function startRegulatorExportJob(
  exports: Pick<RegulatorExportService, 'runScheduled'>,
  scheduler: JobScheduler,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: REGULATOR_EXPORT_JOB,
      run: (_period, claim) => exports.runScheduled((trx, handled) => completeClaim(trx, claim, handled)),
      intervalMs: REGULATOR_EXPORT_INTERVAL_MS,
      doneMessage: 'regulator export days written',
      failMessage: 'regulator export failed',
      runAtStart: true,
    },
    scheduler,
  );
}
