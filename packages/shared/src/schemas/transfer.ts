import { z } from 'zod';
import { idempotencyKeySchema, majorAmountSchema } from './withdrawal';

/** POST /wps/member/transfer/upline. */
export const transferUplineBodySchema = z.object({
  amount: majorAmountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
  /**
   * The sender confirmed that this transfer forfeits their running bonuses. Without it, a transfer
   * made while a bonus runs is refused BONUS_FORFEIT_CONFIRMATION_REQUIRED, with the bonuses in
   * `value.bonuses` (as a withdrawal is).
   */
  forfeitBonus: z.boolean().optional(),
});
export type TransferUplineBody = z.input<typeof transferUplineBodySchema>;

export const transferUplineResultSchema = z.object({
  transactionId: z.string(),
  amount: z.string(),
  amountMinor: z.string(),
  balance: z.string(),
  balanceMinor: z.string(),
  upline: z.string(),
});
export type TransferUplineResult = z.infer<typeof transferUplineResultSchema>;

/**
 * GET /wps/member/info/funds/consolidated: the balance summary plus the agent contract flags: per
 * contract type, whether the member holds a live contract, and a request type (0 nothing awaits
 * the member, 1 a contract offer awaits its answer, 2 a termination request from the other side does).
 */
export const consolidatedFundsSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  mainWallet: z.string(),
  mainWalletMinor: z.string(),
  /** Held by withdrawals that the operator has not approved or rejected yet. */
  pendingWithdrawals: z.string(),
  pendingWithdrawalsMinor: z.string(),
  /** Main wallet plus pending withdrawals. */
  total: z.string(),
  totalMinor: z.string(),
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreqtype: z.number().int(),
  realtimesalreqtype: z.number().int(),
  hasDailySalaryContract: z.boolean(),
  hasHourlySalaryContract: z.boolean(),
  hasRealTimeSalaryContract: z.boolean(),
  hasDividendContract: z.boolean(),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;
