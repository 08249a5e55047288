import type { Logger } from 'pino';
import type { LotteryService } from '../modules/lottery/lottery.service';

/**
 * How often the lottery's clock turns. Draws close and are decided within this of their time;
 * quick draws come every minute, so a second is the right grain.
 */
export const LOTTERY_CLOCK_MS = 1000;

/**
 * The lottery's clock on every instance. Unlike the interval jobs it records no claim per turn
 * (one a second would fill job_runs): every step it takes is already once-only by itself (a
 * draw moves by a conditional update, a draw is settled under its own lease, a ticket changes
 * status only from the one before), so instances turning together do each step once.
 */
export function startLotteryClock(lottery: Pick<LotteryService, 'runClock'>, log: Pick<Logger, 'warn'>, intervalMs = LOTTERY_CLOCK_MS): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const turn = () => {
    running = lottery
      .runClock()
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err }, 'lottery clock turn failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(turn, intervalMs);
      });
  };
  timer = setTimeout(turn, 0);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
