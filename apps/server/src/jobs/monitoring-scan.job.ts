import { MONITORING_SCAN_JOB, type MonitoringService } from '../modules/monitoring/monitoring.service';
import { completeClaim } from './job-runs.repository';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often players' patterns are looked for: hourly, so a flag reaches the back office within the hour. */
export const MONITORING_SCAN_INTERVAL_MS = 60 * 60_000;

/**
 * Behaviour monitoring's scan (docs/compliance.md, "Behaviour monitoring"), once per hour across
 * instances. Its flags and its period's completion commit together, so a holder killed inside its
 * run leaves nothing and the instance that takes the period over raises them; the flags' unique
 * key (player, rule, period) is the last guard.
 */
export function startMonitoringScanJob(
  monitoring: Pick<MonitoringService, 'scan'>,
  scheduler: JobScheduler,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: MONITORING_SCAN_JOB,
      run: (_period, claim) => monitoring.scan((trx, raised) => completeClaim(trx, claim, raised)),
      intervalMs: MONITORING_SCAN_INTERVAL_MS,
      doneMessage: 'monitoring flags raised',
      failMessage: 'monitoring scan failed',
      runAtStart: true,
    },
    scheduler,
  );
}
