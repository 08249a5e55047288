import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../../db/change-feed';
import { CHANGE_CHANNELS } from '../../db/change-feed';
import { startWakeableLoop, type WakeableLoop } from '../../jobs/wakeable-loop';
import type { Database } from '../../db/schema';
import { isRetryableDatabaseError, runInTransaction } from '../../db/run-in-transaction';
import { runInSavepoint } from '../../db/run-in-savepoint';
import {
  ensureCursor,
  findCursorStates,
  findEventsBetween,
  hasPending,
  insertEvent,
  lockCursor,
  moveCursor,
  readAfter,
  recordFailure,
  type EventCursor,
} from './reward-events.repository';
import type { EventSubscriber, RewardEvent, RewardEventKind } from './reward-events.types';

type Db = Kysely<Database>;

const DEFAULT_BATCH = 500;
const DEFAULT_POLL_MS = 200;
/**
 * While the change feed is up, new events wake the consumers (migration 0314), so an idle one
 * looks by itself only this rarely: a check that costs nothing noticeable, in case a wake was lost.
 */
const IDLE_CHECK_MS = 60_000;
/**
 * Under steady load a consumer's wait between batches grows from pollMs, doubling with each batch
 * that found events, up to this many times pollMs (1 s by default): a busy stream is then read in a
 * few large batches a second rather than many small ones, and each batch's fixed cost (its
 * transaction, the cursor, the settings its consumer reads) is paid that much less often while the
 * callbacks compete for the same two cores. The first batch after an idle spell still waits only
 * pollMs, so a lone deposit is applied as fast as before.
 */
const MAX_WINDOW_FACTOR = 5;

export type RewardEventStreamContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * The shortest time between two batches of a consumer that is not behind (REWARD_EVENTS_POLL_MS):
   * events arriving meanwhile wait for the next batch, so a busy stream is read in batches rather
   * than an event at a time. Without the change feed it is also how often an idle consumer looks.
   */
  pollMs?: number | undefined;
  /** Wakes the consumers when events are added (wps_reward_events); without it they poll every pollMs. */
  feed?: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive'> | undefined;
  /** Seconds between an event and its application, per consumer (the lag the benchmark reads). */
  observeLag?: (subscriber: string, seconds: number) => void;
};

/**
 * The rewards engine's event stream: every instance runs every consumer, each in its own loop, and
 * a consumer's batch runs on one instance at a time (its cursor row is locked with SKIP LOCKED, so a
 * second instance takes another consumer meanwhile). A batch that fails is applied again event by
 * event; an event that fails alone is set aside in `reward_event_failures` with its error, and the
 * stream goes on. A lost race (40001/40P01) runs the batch again.
 */
export function createRewardEventStream(ctx: RewardEventStreamContext) {
  const { db, log } = ctx;
  const subscribers: EventSubscriber[] = [];
  const pollMs = ctx.pollMs ?? DEFAULT_POLL_MS;
  let ready: Promise<void> | undefined;

  function ensureCursors(): Promise<void> {
    ready ??= (async () => {
      for (const sub of subscribers) await ensureCursor(db, sub.name);
    })();
    return ready;
  }

  function observe(sub: EventSubscriber, events: RewardEvent[]): void {
    if (!ctx.observeLag || events.length === 0) return;
    const now = Date.now();
    for (const e of events) ctx.observeLag(sub.name, Math.max(0, now - e.occurredAt.getTime()) / 1000);
  }

  function cursorOf(e: RewardEvent): EventCursor {
    return { lastTx: e.tx, lastId: e.id };
  }

  /** One batch of one consumer; the number of events it read (0: caught up, or another instance has it). */
  async function runBatch(sub: EventSubscriber): Promise<number> {
    const limit = sub.batchSize ?? DEFAULT_BATCH;
    let read: RewardEvent[] = [];
    await sub.beforeBatch?.();
    try {
      await runInTransaction(db, async (trx) => {
        read = [];
        const cursor = await lockCursor(trx, sub.name);
        if (!cursor) return;
        const { events, end } = await readAfter(trx, cursor, sub.kinds, limit);
        read = events;
        if (events.length) await sub.handle(trx, events);
        // Past the events of other kinds too when the batch was not full (end), else to its last event.
        const to = end ?? (events.length ? cursorOf(events[events.length - 1]!) : undefined);
        if (to && (to.lastTx !== cursor.lastTx || to.lastId !== cursor.lastId))
          await moveCursor(trx, sub.name, to, events.length);
      });
    } catch (err) {
      if (isRetryableDatabaseError(err) || read.length <= 1) {
        if (read.length === 1) return runAlone(sub, read[0]!);
        throw err;
      }
      log.warn(
        { subscriber: sub.name, err, events: read.length },
        'reward events: batch failed, applying its events one by one',
      );
      for (const e of read) await runAlone(sub, e);
    }
    observe(sub, read);
    await sub.afterBatch?.();
    return read.length;
  }

  /** One event alone; set aside with its error when it fails even so. */
  async function runAlone(sub: EventSubscriber, event: RewardEvent): Promise<number> {
    await sub.beforeBatch?.();
    await runInTransaction(db, async (trx) => {
      const cursor = await lockCursor(trx, sub.name);
      if (!cursor) return;
      // Another instance may have applied it meanwhile: only an event still ahead of the cursor is applied.
      const { events } = await readAfter(trx, cursor, undefined, 1);
      if (events[0]?.id !== event.id) return;
      try {
        await runInSavepoint(trx, 'reward_event_alone', () => sub.handle(trx, [event]));
      } catch (err) {
        if (isRetryableDatabaseError(err)) throw err;
        log.error({ subscriber: sub.name, eventId: event.id, err }, 'reward events: an event failed and was set aside');
        await recordFailure(trx, sub.name, event.id, err instanceof Error ? err.message : String(err));
      }
      await moveCursor(trx, sub.name, cursorOf(event), 1);
    });
    return 1;
  }

  /** Each running consumer's loop (jobs/wakeable-loop.ts): woken by new events, at most one batch per pollMs. */
  const loops = new Map<string, WakeableLoop>();
  /**
   * Each running consumer's batch window. While `held` (a turn under way, or the next batch already
   * timed for the end of the window) wakes are not passed on: the batch due will read what they
   * announce. `wokenWhileHeld` keeps a wake that came during a turn that then found nothing, so the
   * consumer does not go idle past an event committed after its last look.
   */
  const paces = new Map<string, { windowMs: number; held: boolean; wokenWhileHeld: boolean }>();
  const maxWindowMs = pollMs * MAX_WINDOW_FACTOR;

  /**
   * One consumer's turn: a batch, then the next at once when it was full. Otherwise it waits: its
   * batch window while events keep coming (pollMs after an idle spell, growing to
   * MAX_WINDOW_FACTOR × pollMs), pollMs while some wait behind an older transaction or on another
   * instance that holds the consumer, then until new events wake it.
   * Each consumer has its own loop, so a slow one does not hold the others back, and on PostgreSQL
   * their batches run side by side on their own connections.
   */
  async function turn(sub: EventSubscriber): Promise<number> {
    const pace = paces.get(sub.name) ?? { windowMs: pollMs, held: false, wokenWhileHeld: false };
    paces.set(sub.name, pace);
    pace.held = true;
    pace.wokenWhileHeld = false;
    try {
      await ensureCursors();
      const read = await runBatch(sub);
      if (read >= (sub.batchSize ?? DEFAULT_BATCH)) return 0;
      if (read > 0) {
        // Events are coming: the next batch at the end of the window, which grows while they keep coming.
        const wait = pace.windowMs;
        pace.windowMs = Math.min(maxWindowMs, pace.windowMs * 2);
        return wait;
      }
      pace.windowMs = pollMs;
      pace.held = false;
      // From here a wake reaches the loop itself, which runs the next turn soon after this one.
      if (ctx.feed?.isLive && !pace.wokenWhileHeld && !(await hasPending(db, sub.name, sub.kinds)))
        return IDLE_CHECK_MS;
    } catch (err) {
      log.error({ err, subscriber: sub.name }, 'reward events: batch failed');
      pace.held = false;
    }
    return pollMs;
  }

  /**
   * New events: every consumer not already holding a batch for them runs, no sooner than pollMs
   * after its last batch began. A burst of notifications (one per committing transaction, many in
   * one read of the feed's socket) is folded into one wake, passed on once the burst is read.
   */
  let wakeQueued = false;
  function wake(): void {
    if (wakeQueued) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      for (const [name, loop] of loops) {
        const pace = paces.get(name);
        if (pace?.held) pace.wokenWhileHeld = true;
        else loop.wake();
      }
    });
  }
  // The feed went down or came back: notifications may have been missed, so everyone looks.
  ctx.feed?.subscribe(CHANGE_CHANNELS.rewardEvents, wake);
  ctx.feed?.onReset(wake);

  return {
    /** Add a consumer; before `start`. */
    subscribe(sub: EventSubscriber): void {
      if (subscribers.some((s) => s.name === sub.name)) throw new Error(`reward events: ${sub.name} subscribed twice`);
      subscribers.push(sub);
      ready = undefined;
    },

    /** Give every consumer its place (a new one at the stream's end); the app does it once built. */
    prepare: (): Promise<void> => ensureCursors(),

    /** Write an event in the caller's transaction, so it exists exactly when the change does. */
    record: (trx: Db, kind: RewardEventKind, memberId: string, data: Record<string, unknown> = {}): Promise<void> =>
      insertEvent(trx, kind, memberId, data),

    start(): void {
      if (loops.size > 0) return;
      for (const sub of subscribers)
        loops.set(sub.name, startWakeableLoop({ turn: () => turn(sub), minGapMs: pollMs, failedTurnDelayMs: pollMs }));
    },

    async stop(): Promise<void> {
      const stopping = [...loops.values()];
      loops.clear();
      paces.clear();
      await Promise.all(stopping.map((loop) => loop.stop()));
    },

    /**
     * Apply everything written so far, on this instance, before answering (tests, the dry run's
     * neighbours, the benchmark). Another instance holding a consumer makes it wait for that one.
     */
    async drain(maxRounds = 10_000): Promise<void> {
      await ensureCursors();
      for (let round = 0; round < maxRounds; round++) {
        let read = 0;
        for (const sub of subscribers) read += await runBatch(sub);
        if (read > 0) continue;
        const pending = await Promise.all(subscribers.map((s) => hasPending(db, s.name, s.kinds)));
        if (!pending.some(Boolean)) return;
        // Held by another instance right now: wait for it.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('reward events: drain did not catch up');
    },

    /** Each consumer's place (the back office's engine status). */
    states: () => findCursorStates(db),

    /** Events of some kinds over a window of history, keyset-paged by id (a rule's dry run). */
    history: (kinds: readonly RewardEventKind[], from: Date, until: Date, afterId: string, limit: number) =>
      findEventsBetween(db, kinds, from, until, afterId, limit),
  };
}

export type RewardEventStream = ReturnType<typeof createRewardEventStream>;
