import type { Logger } from 'pino';
import type { CrashDriver } from '../modules/inhouse/crash/crash-driver';
import { startWakeableLoop } from './wakeable-loop';

/** After a turn that failed, the next one comes this soon. */
const RETRY_MS = 500;

/**
 * Crash's round driver on every instance. Unlike the interval jobs it records no claim per turn:
 * the instance holding the lease in crash_driver drives (the others only renew their attempt to
 * take it), and each step is once-only by itself (crash-driver.ts). A turn sleeps until the
 * round's next event (end of betting, a cash-out due, the bust), at most a third of the lease.
 * Stopping gives the lease up, so another instance drives at once.
 */
export function startCrashDriver(driver: Pick<CrashDriver, 'turn' | 'release'>, log: Pick<Logger, 'warn'>) {
  const loop = startWakeableLoop({
    turn: async () => {
      try {
        return await driver.turn();
      } catch (err) {
        log.warn({ err }, 'crash driver turn failed');
        return RETRY_MS;
      }
    },
    failedTurnDelayMs: RETRY_MS,
  });
  return async () => {
    await loop.stop();
    await driver.release().catch(() => undefined);
  };
}
