import { requestContext } from '../logger';

/**
 * A loop of turns on one timer that news can bring forward: the lottery's clock and each rewards
 * consumer run on one. Each turn says how long to wait before the next; `wake` (a notification
 * from the change feed) brings the next turn forward, but never sooner than `minGapMs` after the
 * last turn began, so a busy source is read in batches rather than a notification at a time. A
 * wake that comes while a turn is under way is not lost: what woke it may have committed after the
 * turn read, so the next turn then comes as soon as the gap allows. `stop` waits for the turn under
 * way. Turns never overlap.
 */
export type WakeableLoop = { wake(): void; stop(): Promise<void> };

export function startWakeableLoop(opts: {
  /** One turn; resolves to the milliseconds until the next. */
  turn: () => Promise<number>;
  /** The shortest time from one turn's start to the next's when woken (0: at once). */
  minGapMs?: number;
  /** The wait after a turn that threw (the turn should log its own failure). */
  failedTurnDelayMs: number;
}): WakeableLoop {
  const minGapMs = opts.minGapMs ?? 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let lastStart = 0;
  let active = false;
  let wokenDuringTurn = false;
  let running: Promise<void> = Promise.resolve();

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    // Outside the context of whichever request woke it: a turn serves no one request, so its log
    // lines carry no request's id and the licence does not hold it to that request's route.
    timer = requestContext.exit(() => setTimeout(() => (running = turn()), delayMs));
  }

  async function turn(): Promise<void> {
    active = true;
    wokenDuringTurn = false;
    lastStart = Date.now();
    dueAt = Infinity;
    let delay: number;
    try {
      delay = await opts.turn();
    } catch {
      delay = opts.failedTurnDelayMs;
    }
    active = false;
    if (wokenDuringTurn) delay = Math.min(delay, Math.max(0, lastStart + minGapMs - Date.now()));
    if (!stopped) schedule(delay);
  }

  schedule(0);

  return {
    wake(): void {
      if (stopped) return;
      if (active) {
        wokenDuringTurn = true;
        return;
      }
      const now = Date.now();
      const at = Math.max(now, lastStart + minGapMs);
      if (at < dueAt) schedule(at - now);
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
