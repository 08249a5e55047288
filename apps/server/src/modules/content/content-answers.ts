import { cachedPage, type CachedPage } from '../../http/cached-page';

type Entry = { page: CachedPage; validUntil: number };

export type ContentAnswerCacheOptions = {
  /** Answers kept at most; a full cache is emptied (help-centre searches are the only open-ended key). */
  maxEntries: number;
  /** Whether the change feed is delivering evictions; without it nothing is kept. */
  isLive: () => boolean;
  now: () => number;
};

/**
 * The players' content answers as the bytes sent: the success envelope serialised once per route,
 * language and query, and sent from memory until the content changes (any instance's write, through
 * the change feed) or the schedule turns (the next publish-from or publish-until of the kind, so an
 * item still appears and disappears on time). Building an answer from the live items costs little,
 * but on a route read by every page view the objects, dates and serialisation of each request made
 * it half as fast as a bare route (bench/content.bench.ts).
 */
export function createContentAnswerCache(opts: ContentAnswerCacheOptions) {
  const answers = new Map<string, Entry>();
  // Bumped on every eviction, so an answer built from data read before a change is not kept.
  let generation = 0;

  return {
    evict(): void {
      generation++;
      answers.clear();
    },

    /**
     * The cached answer for `key`, or a fresh one from `build` (kept when the feed is live and no
     * eviction happened meanwhile). `build` gives the value and the moment it stops being true.
     */
    async get(key: string, build: () => Promise<{ value: unknown; validUntil: number }>): Promise<CachedPage> {
      const hit = answers.get(key);
      if (hit && hit.validUntil > opts.now() && opts.isLive()) return hit.page;
      const started = generation;
      const { value, validUntil } = await build();
      const page = cachedPage(Buffer.from(JSON.stringify({ success: true, value }), 'utf8'));
      if (opts.isLive() && started === generation) {
        if (answers.size >= opts.maxEntries) answers.clear();
        answers.set(key, { page, validUntil });
      }
      return page;
    },
  };
}
