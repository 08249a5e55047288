import type { Logger } from 'pino';

export type IntervalJob = {
  /** Does one pass of the work; returns how many items it handled. */
  run: () => Promise<number>;
  intervalMs: number;
  /** Logged with the count when a pass handled something. */
  doneMessage: string;
  /** Logged with the error when a pass failed; the next tick tries again. */
  failMessage: string;
  /** Also run once right away (work left over from before a restart). */
  runAtStart?: boolean;
};

/**
 * Run `job.run` every `intervalMs`, never overlapping a slow pass with the next tick. The timer
 * never keeps the process alive. Returns a stop function (call it before the database closes).
 */
export function startIntervalJob(job: IntervalJob, log: Pick<Logger, 'info' | 'error'>): () => void {
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const count = await job.run();
      if (count > 0) log.info({ count }, job.doneMessage);
    } catch (err) {
      log.error({ err }, job.failMessage);
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), job.intervalMs);
  timer.unref();
  if (job.runAtStart) void tick();
  return () => clearInterval(timer);
}
