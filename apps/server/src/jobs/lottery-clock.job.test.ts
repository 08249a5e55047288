import { describe, expect, it, vi } from 'vitest';
import { startLotteryClock } from './lottery-clock.job';

/** A lottery whose next event is `sleepMs` away, counting the clock's turns. */
function fakeLottery(sleepMs: number) {
  let wake: (() => void) | undefined;
  const lottery = {
    turns: 0,
    failNext: false,
    runClock: async () => {
      lottery.turns++;
      if (lottery.failNext) {
        lottery.failNext = false;
        throw new Error('database away');
      }
      return 0;
    },
    clockSleepMs: async (maxMs: number) => Math.min(maxMs, sleepMs),
    onDrawToFinish: (w: () => void) => {
      wake = w;
      return () => (wake = undefined);
    },
    wake: () => wake?.(),
  };
  return lottery;
}

const log = { warn: vi.fn() };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the lottery clock', () => {
  it('turns at once, then sleeps until the next event instead of every second', async () => {
    const lottery = fakeLottery(60_000);
    const stop = startLotteryClock(lottery, log, 5_000);
    await vi.waitFor(() => expect(lottery.turns).toBe(1));
    await pause(300);
    expect(lottery.turns).toBe(1);
    await stop();
  });

  it('turns when the next event comes, and at most maxSleepMs apart', async () => {
    const soon = fakeLottery(40);
    const stopSoon = startLotteryClock(soon, log, 5_000);
    await vi.waitFor(() => expect(soon.turns).toBeGreaterThanOrEqual(3));
    await stopSoon();

    const capped = fakeLottery(60_000);
    const stopCapped = startLotteryClock(capped, log, 40);
    await vi.waitFor(() => expect(capped.turns).toBeGreaterThanOrEqual(3));
    await stopCapped();
  });

  it('a draw to finish wakes it at once; a failed turn is logged and tried again', async () => {
    const lottery = fakeLottery(60_000);
    const stop = startLotteryClock(lottery, log, 60_000);
    await vi.waitFor(() => expect(lottery.turns).toBe(1));
    lottery.wake();
    await vi.waitFor(() => expect(lottery.turns).toBe(2));

    lottery.failNext = true;
    lottery.wake();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledOnce());
    // The retry comes about a second later, not after the minute the lottery asked for.
    await vi.waitFor(() => expect(lottery.turns).toBe(4), { timeout: 3_000 });
    await stop();
    lottery.wake();
    await pause(50);
    expect(lottery.turns).toBe(4);
  });
});
