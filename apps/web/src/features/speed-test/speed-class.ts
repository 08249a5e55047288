/*
 * The speed test's figures: the median of three real pings, classed by the product's thresholds
 * (80 ms or less fast, 150 or less normal, else slow). A ping that failed has no figure: it is
 * "unreachable", never a made-up number (the original's 9999 and random speeds are not copied,
 * see docs/decisions.md).
 */

export const FAST_MAX_MS = 80;
export const NORMAL_MAX_MS = 150;

export type SpeedClass = 'fast' | 'normal' | 'slow' | 'unreachable';

/** The middle of the timings (the mean of the two middle ones for an even count); null for none. */
export function findMedian(timings: readonly number[]): number | null {
  if (timings.length === 0) return null;
  const sorted = [...timings].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The class of a median in ms; null (a failed ping) is unreachable. */
export function classifySpeed(medianMs: number | null): SpeedClass {
  if (medianMs === null || !Number.isFinite(medianMs)) return 'unreachable';
  if (medianMs <= FAST_MAX_MS) return 'fast';
  if (medianMs <= NORMAL_MAX_MS) return 'normal';
  return 'slow';
}
