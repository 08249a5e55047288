import { z } from 'zod';

/**
 * Money crosses the API as exact strings: `*Minor` fields are integer minor units, the plain
 * field is the same amount as a decimal string in major units. Never a float.
 */
export const balanceResultSchema = z.object({
  sumBalance: z.string(),
  sumBalanceMinor: z.string(),
  currency: z.string(),
  scale: z.number().int(),
  /** Bonus money (not withdrawable; spent in games under its wagering rules), apart from the balance above. */
  bonusBalance: z.string(),
  bonusBalanceMinor: z.string(),
});
export type BalanceResult = z.infer<typeof balanceResultSchema>;
