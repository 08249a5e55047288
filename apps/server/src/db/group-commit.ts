// Group commit: requests that arrive while the database is busy are sent together, as one
// statement and one commit, instead of each paying for its own round trip, plan and WAL flush.
// At low load every batch holds one request and nothing waits; under load batches grow by
// themselves, so throughput rises exactly when it is needed.

import { requestContext } from '../logger';

export type GroupCommitOptions<I, O> = {
  /**
   * Apply a batch; answers come back in input order. Throwing fails the batch (see `recover`).
   * `slot` (0 … maxInFlight-1) is not shared with any batch running at the same time.
   */
  run: (items: I[], slot: number) => Promise<O[]>;
  /** Most items in one batch (bounds one statement's size and lock set). */
  maxBatch: number;
  /** Batches running at once (1 on a single-connection database). */
  maxInFlight: number;
  /**
   * How a failed batch recovers. Without it every item of the batch gets the error. With it a
   * retryable error (a lost race, a deadlock) runs the batch again, up to `attempts` tries, and
   * any other error runs its items one by one, so only the item that fails gets the error.
   */
  recover?: {
    isRetryable: (err: unknown) => boolean;
    attempts: number;
    /** Called before each retry after the first, for logging. */
    onRetry?: (err: unknown, attempt: number, size: number) => void;
  };
  /**
   * Told, as each batch starts, its size and how long each of its items waited in the queue (ms).
   * The metrics' batch-size and wait histograms come from here; without it nothing is timed.
   */
  observe?: (size: number, waitsMs: readonly number[]) => void;
};

export type GroupCommit<I, O> = {
  /** Queue one item; resolves with its answer once its batch has committed. */
  submit(item: I): Promise<O>;
  /** Items waiting plus items running, for tests and diagnostics. */
  pending(): number;
};

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (err: unknown) => void; queuedAt: number };
type Settled<O> = { ok: true; value: O } | { ok: false; err: unknown };

/** Build a group-commit queue over `run`. */
export function createGroupCommit<I, O>(opts: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  if (opts.maxBatch < 1 || opts.maxInFlight < 1)
    throw new Error('group commit: maxBatch and maxInFlight are at least 1');
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let running = 0;
  const busy: boolean[] = Array.from({ length: opts.maxInFlight }, () => false);
  let scheduled = false;

  async function runOnce(items: I[], slot: number): Promise<O[]> {
    const answers = await opts.run(items, slot);
    if (answers.length !== items.length)
      throw new Error(`group commit: ${answers.length} answers for ${items.length} items`);
    return answers;
  }

  /** Run a batch with `recover`'s retries and item-by-item fallback; one outcome per item. */
  async function runRecovering(items: I[], slot: number): Promise<Settled<O>[]> {
    const recover = opts.recover;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await runOnce(items, slot)).map((value) => ({ ok: true, value }));
      } catch (err) {
        if (!recover) return items.map(() => ({ ok: false, err }));
        if (recover.isRetryable(err) && attempt < recover.attempts) {
          if (attempt > 1) recover.onRetry?.(err, attempt, items.length);
          await new Promise((r) => setTimeout(r, (1 + Math.floor(Math.random() * 4)) * attempt));
          continue;
        }
        if (items.length === 1) return [{ ok: false, err }];
        const alone: Settled<O>[] = [];
        for (const item of items) alone.push((await runRecovering([item], slot))[0]!);
        return alone;
      }
    }
  }

  function pump(): void {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      if (opts.observe) {
        const now = performance.now();
        opts.observe(
          batch.length,
          batch.map((w) => now - w.queuedAt),
        );
      }
      const slot = busy.indexOf(false);
      busy[slot] = true;
      inFlight++;
      running += batch.length;
      runRecovering(
        batch.map((w) => w.item),
        slot,
      )
        .then(
          (outcomes) =>
            batch.forEach((w, i) => {
              const outcome = outcomes[i]!;
              if (outcome.ok) w.resolve(outcome.value);
              else w.reject(outcome.err);
            }),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          busy[slot] = false;
          inFlight--;
          running -= batch.length;
          pump();
        });
    }
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject, queuedAt: opts.observe ? performance.now() : 0 });
        // Wait for the rest of this turn of the event loop, so requests parsed together go together.
        if (!scheduled) {
          scheduled = true;
          // Outside the submitting request's context: a batch serves many requests, so its log lines
          // (retries) must not carry the request id of whichever came first.
          requestContext.exit(() =>
            setImmediate(() => {
              scheduled = false;
              pump();
            }),
          );
        }
      });
    },
    pending: () => queue.length + running,
  };
}
