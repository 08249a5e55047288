import type { Logger } from 'pino';
import type { LotteryService } from '../modules/lottery/lottery.service';
import { startWakeableLoop } from './wakeable-loop';

/**
 * The longest the lottery's clock sleeps. It wakes by itself at the next opening, cut-off or draw
 * time, and when a draw is decided or voided; this bounds what it cannot foresee: the draws to plan
 * (every PLAN_EVERY_MS), a game changed in the back office, and the test clock door moving time.
 */
export const LOTTERY_CLOCK_MAX_SLEEP_MS = 5000;
/** After a turn that failed, the next one comes this soon. */
const RETRY_MS = 1000;

/**
 * The lottery's clock on every instance. Unlike the interval jobs it records no claim per turn
 * (one per draw event would fill job_runs): every step it takes is already once-only by itself (a
 * draw moves by a conditional update, a draw is settled under its own lease, a ticket changes
 * status only from the one before), so instances turning together do each step once.
 *
 * It sleeps until the lottery's next event instead of turning every second: an idle instance then
 * spends next to nothing on the lottery (with PGlite, every turn's queries queue on its one session).
 */
export function startLotteryClock(
  lottery: Pick<LotteryService, 'runClock' | 'clockSleepMs' | 'onDrawToFinish'>,
  log: Pick<Logger, 'warn'>,
  maxSleepMs = LOTTERY_CLOCK_MAX_SLEEP_MS,
): () => Promise<void> {
  const loop = startWakeableLoop({
    turn: async () => {
      try {
        await lottery.runClock();
        return await lottery.clockSleepMs(maxSleepMs);
      } catch (err) {
        log.warn({ err }, 'lottery clock turn failed');
        return RETRY_MS;
      }
    },
    failedTurnDelayMs: RETRY_MS,
  });
  const stopWaking = lottery.onDrawToFinish(() => loop.wake());

  return async () => {
    stopWaking();
    await loop.stop();
  };
}
