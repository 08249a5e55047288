import type { RebateService } from '../modules/rebate/rebate.service';
import { completeClaim } from './job-runs.repository';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server looks for ended rebate periods to pay (automatic mode). */
export const REBATE_SETTLEMENT_INTERVAL_MS = 5 * 60_000;

/**
 * The rebate's automatic payment: each run pays the ended periods not settled yet. The payments,
 * each period's mark and this run's completion commit in one transaction, so a period is paid
 * once across instances and after a kill -9 (a taken-over claim rolls the run back).
 */
export function startRebateSettlementJob(
  rebate: Pick<RebateService, 'settleEndedPeriods'>,
  scheduler: JobScheduler,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'rebate-settlement',
      run: (_period, claim) => rebate.settleEndedPeriods((trx, handled) => completeClaim(trx, claim, handled)),
      intervalMs: REBATE_SETTLEMENT_INTERVAL_MS,
      doneMessage: 'rebate payments made',
      failMessage: 'rebate settlement failed',
      runAtStart: true,
    },
    scheduler,
  );
}
