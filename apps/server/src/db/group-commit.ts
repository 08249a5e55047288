// Group commit: requests that arrive while the database is busy are sent together, as one
// statement and one commit, instead of each paying for its own round trip, plan and WAL flush.
// At low load every batch holds one request and nothing waits; under load batches grow by
// themselves, so throughput rises exactly when it is needed.

export type GroupCommitOptions<I, O> = {
  /**
   * Apply a batch; answers come back in input order. Throwing fails every item of the batch.
   * `slot` (0 … maxInFlight-1) is not shared with any batch running at the same time.
   */
  run: (items: I[], slot: number) => Promise<O[]>;
  /** Most items in one batch (bounds one statement's size and lock set). */
  maxBatch: number;
  /** Batches running at once (1 on a single-connection database). */
  maxInFlight: number;
};

export type GroupCommit<I, O> = {
  /** Queue one item; resolves with its answer once its batch has committed. */
  submit(item: I): Promise<O>;
  /** Items waiting plus items running, for tests and diagnostics. */
  pending(): number;
};

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (err: unknown) => void };

/** Build a group-commit queue over `run`. */
export function createGroupCommit<I, O>(opts: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  if (opts.maxBatch < 1 || opts.maxInFlight < 1) throw new Error('group commit: maxBatch and maxInFlight are at least 1');
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let running = 0;
  const busy: boolean[] = Array.from({ length: opts.maxInFlight }, () => false);
  let scheduled = false;

  function pump(): void {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      const slot = busy.indexOf(false);
      busy[slot] = true;
      inFlight++;
      running += batch.length;
      opts
        .run(
          batch.map((w) => w.item),
          slot,
        )
        .then(
          (answers) => {
            if (answers.length !== batch.length) throw new Error(`group commit: ${answers.length} answers for ${batch.length} items`);
            batch.forEach((w, i) => w.resolve(answers[i]!));
          },
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
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
        queue.push({ item, resolve, reject });
        // Wait for the rest of this turn of the event loop, so requests parsed together go together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
    pending: () => queue.length + running,
  };
}
