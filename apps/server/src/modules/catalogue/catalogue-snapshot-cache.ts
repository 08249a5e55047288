import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Snapshot } from './catalogue-snapshot';

/** Where a copy is loaded from, and how far behind the primary that may be (db/read-handle.ts `ReadDb`). */
export type SnapshotSource = { current(): Kysely<Database>; staleBoundMs(): number };

/** The primary itself: never behind. */
export const primarySource = (db: Kysely<Database>): SnapshotSource => ({ current: () => db, staleBoundMs: () => 0 });

/**
 * One in-process copy of the catalogue, dropped on every change notification and kept only while
 * the change feed listens (a change another instance made would otherwise go unseen).
 *
 * A source that may lag (the read replica) may not have replayed the change that dropped the copy
 * yet. A copy loaded less than the source's bound after the last change is kept only until that
 * bound has passed, then loaded once more: a change is never hidden for longer than the bound. The
 * start counts as a change (a write made just before it sent this instance no notice).
 */
export function createSnapshotCache(opts: { source: SnapshotSource; isLive: () => boolean; clock?: () => number }) {
  const clock = opts.clock ?? Date.now;
  let cached: Snapshot | undefined;
  // Bumped on every change notification, so a load that raced a change is not kept.
  let generation = 0;
  let changedAt = clock();
  let cachedUntil = Infinity;
  return {
    evict(): void {
      generation++;
      changedAt = clock();
      cached = undefined;
    },
    /** The copy when `isUsable` accepts it, else one loaded by `load` from the source's handle now. */
    async get(
      isUsable: (s: Snapshot) => boolean,
      load: (db: Kysely<Database>) => Promise<Snapshot>,
    ): Promise<Snapshot> {
      if (cached && opts.isLive() && clock() < cachedUntil && isUsable(cached)) return cached;
      const started = generation;
      const loadedAt = clock();
      const boundMs = opts.source.staleBoundMs();
      const fresh = await load(opts.source.current());
      if (opts.isLive() && started === generation) {
        cached = fresh;
        cachedUntil = loadedAt - changedAt >= boundMs ? Infinity : changedAt + boundMs;
      }
      return fresh;
    },
  };
}
