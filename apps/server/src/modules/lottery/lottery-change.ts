import { z } from 'zod';

/**
 * A draw's status change, as the trigger of migration 0312 announces it on wps_lottery_change at
 * commit. Read in one place, since two listeners act on it: the clock (a draw decided or voided
 * is finished at once) and the live stream to open pages.
 */
const lotteryChangeSchema = z.object({ gameCode: z.string(), numero: z.string(), status: z.string() });

export type LotteryChange = z.infer<typeof lotteryChangeSchema>;

/** The change a notification carries, or null when its payload is not one. */
export function parseLotteryChange(payload: string): LotteryChange | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = lotteryChangeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Whether the change leaves a draw for the clock to finish: decided (to settle) or voided (to refund). */
export function isDrawToFinish(change: LotteryChange): boolean {
  return change.status === 'drawn' || change.status === 'voided';
}
