import type { VipService } from '../modules/loyalty/vip.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/**
 * How often the VIP review looks for members not yet reviewed this month. Daily: the first run of
 * a month reviews everyone (a downgrade where the window no longer qualifies, the monthly bonus of
 * the level kept); later runs that month find nobody left, since each member is marked reviewed
 * in the transaction that reviews them and each bonus is a grant keyed by member and month.
 */
export const VIP_REVIEW_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Start the periodic VIP review; returns a stop function. */
export function startVipReviewJob(
  vip: Pick<VipService, 'runReview'>,
  scheduler: JobScheduler,
  intervalMs = VIP_REVIEW_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'vip-review',
      run: () => vip.runReview(),
      intervalMs,
      doneMessage: 'vip members reviewed',
      failMessage: 'vip review failed',
      runAtStart: true,
    },
    scheduler,
  );
}
