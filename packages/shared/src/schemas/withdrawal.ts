import { z } from 'zod';
import { minorUnitsText } from './common';
import { PIX_KEY_TYPES } from '../pix-key';
import { opsListQuerySchema, opsPageSchema } from './ops-list';
import { MONEY_WAIT_REASONS } from './operator-money';

/** A decimal amount in major units as typed by the player, e.g. "150" or "150.50". */
export const majorAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'decimal amount');

/**
 * A client-chosen key that makes a money request safe to retry. Never widen it to '#': the
 * transfer wallet keys the per-vendor parts of a transfer-all `<key>#<vendor>`, so no client key
 * can name one (transfer-wallet.service.ts, PER_VENDOR_KEY_SEPARATOR).
 */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotency key');

/** The operator's withdrawal rules (operator setting `withdrawal`). */
export const withdrawalSettingsSchema = z
  .object({
    minAmountMinor: minorUnitsText(),
    maxAmountMinor: minorUnitsText(),
    /** Withdrawal requests a player may submit per UTC day; rejected ones do not count. */
    dailyCountLimit: z.number().int().min(1).max(1000),
    /** An approved withdrawal not confirmed within this many minutes counts as received. */
    autoReceiptMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
    /** Hours an operator has to decide a new order; past them the queue and the dashboard mark it overdue. Stored before the setting existed: 48. */
    reviewDeadlineHours: z.number().int().min(1).max(720).default(48),
  })
  .refine((s) => BigInt(s.maxAmountMinor) >= BigInt(s.minAmountMinor) && BigInt(s.minAmountMinor) > 0n, {
    message: 'minAmountMinor must be positive and not above maxAmountMinor',
  });
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

/** Order lifecycle: pending → approved → completed | disputed → completed; pending → rejected. */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'disputed', 'completed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Why an order was made: the player's own request, the payout of the balance of an account the
 * player closed, or the refund of a barred player's balance (docs/compliance.md, "Player rights"
 * and "Barred persons"). The last two go through the same hold, review and payee checks.
 */
export const WITHDRAWAL_ORIGINS = ['request', 'account_closure', 'barred_refund'] as const;
export type WithdrawalOrigin = (typeof WITHDRAWAL_ORIGINS)[number];

/** How an approved order was confirmed: by the player, or forced by the auto-receipt job. */
export const WITHDRAWAL_CONFIRMATIONS = ['received', 'fully_paid', 'not_received', 'auto_received'] as const;
export type WithdrawalConfirmation = (typeof WITHDRAWAL_CONFIRMATIONS)[number];

/** POST /wps/withdraw/orders. */
export const createWithdrawalBodySchema = z.object({
  amount: majorAmountSchema,
  bankAccountId: z.string().trim().min(1).max(64),
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
  /**
   * The player confirmed that this withdrawal forfeits their running bonuses. Without it, a
   * request made while a bonus runs is refused BONUS_FORFEIT_CONFIRMATION_REQUIRED, with the
   * bonuses in `value.bonuses`.
   */
  forfeitBonus: z.boolean().optional(),
});
export type CreateWithdrawalBody = z.input<typeof createWithdrawalBodySchema>;

/** POST /wps/withdraw/orders/:id/confirm — the not-received answer goes through the upload call. */
export const confirmWithdrawalBodySchema = z.object({
  result: z.enum(['received', 'fully_paid']),
});
export type ConfirmWithdrawalBody = z.input<typeof confirmWithdrawalBodySchema>;

export const withdrawalIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'order id') });

export const withdrawalOrderSchema = z.object({
  id: z.string(),
  amount: z.string(),
  amountMinor: z.string(),
  currency: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  confirmation: z.enum(WITHDRAWAL_CONFIRMATIONS).nullable(),
  bankName: z.string(),
  /** Only the last four digits. */
  accountNumberMasked: z.string(),
  holderName: z.string(),
  /** Sent to a PIX key: its type and the key, masked. */
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKeyMasked: z.string().nullable(),
  rejectReason: z.string().nullable(),
  proofCount: z.number().int(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** When the operator refused it (the money went back to the wallet then). */
  rejectedAt: z.string().nullable(),
  /** When an unconfirmed approved order counts as received. */
  confirmDeadline: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrderSchema>;

export const withdrawBankAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  holderName: z.string(),
  /** A PIX key bound as a payout account: the payout goes to the key. */
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKeyMasked: z.string().nullable(),
});
export type WithdrawBankAccount = z.infer<typeof withdrawBankAccountSchema>;

/** GET /wps/withdraw/info. */
export const withdrawInfoSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  withdrawable: z.string(),
  withdrawableMinor: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyCountLimit: z.number().int(),
  todayCount: z.number().int(),
  autoReceiptMinutes: z.number().int(),
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(withdrawBankAccountSchema),
  orders: z.array(withdrawalOrderSchema),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

/** What the withdrawal queue sorts by: when the order was placed (default, oldest first: the queue's order) or its amount. */
export const OPS_WITHDRAWAL_SORTS = ['createdAt', 'amount'] as const;

/** GET /ops/withdrawals: one page of orders, filtered by status and sortable; `/ops/withdrawals/csv` takes the same without the page. */
export const opsWithdrawalQuerySchema = opsListQuerySchema(OPS_WITHDRAWAL_SORTS, 'asc').extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  /** Only orders that raised this alert (any status): the back office's list of them. */
  alert: z.enum(['credited_then_paid_out']).optional(),
});
export type OpsWithdrawalQuery = z.infer<typeof opsWithdrawalQuerySchema>;
export const opsWithdrawalExportQuerySchema = opsWithdrawalQuerySchema.omit({ page: true, pageSize: true });
export type OpsWithdrawalExportQuery = z.infer<typeof opsWithdrawalExportQuerySchema>;

export const opsRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
/** The reason goes to the audit log (what the operator checked before paying out). */
export const opsApproveBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const opsResolveDisputeBodySchema = z.object({ note: z.string().trim().min(1).max(500) });

/** PUT /ops/withdrawal-settings: every field optional, merged over the stored value. */
export const opsWithdrawalSettingsBodySchema = z.object({
  minAmountMinor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  maxAmountMinor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  dailyCountLimit: z.number().int().min(1).max(1000).optional(),
  autoReceiptMinutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .optional(),
  reviewDeadlineHours: z.number().int().min(1).max(720).optional(),
  /** Why the rules changed; stored in the audit log. */
  reason: z.string().trim().min(1).max(500),
});

/** Proof uploads: png or jpg, at most 3 files of 5 MB each. */
export const PROOF_MAX_FILES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A pending order's approval that waits for a second operator (the operator money policy: above
 * one of its thresholds one operator's approval pays nothing). An operator other than the asker,
 * holding money.write, completes it.
 */
export const withdrawalSecondApprovalSchema = z.object({
  askedBy: z.string(),
  askedByName: z.string().nullable(),
  askedAt: z.string(),
  /** Which thresholds it passed: `per_request` (one withdrawal), `operator_day` (the asker's 24-hour payouts). */
  waitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
});
export type WithdrawalSecondApproval = z.infer<typeof withdrawalSecondApprovalSchema>;

/**
 * An alert on an order: an operator approved it for a player they had credited by hand within the
 * last `days` days (asked or approved a manual credit). The approval still followed the policy.
 */
export const withdrawalAlertSchema = z.object({
  kind: z.literal('credited_then_paid_out'),
  operatorId: z.string(),
  operatorName: z.string().nullable(),
  raisedAt: z.string(),
  creditCount: z.number().int(),
  creditedMinor: z.string(),
  lastCreditAt: z.string(),
  days: z.number().int(),
});
export type WithdrawalAlert = z.infer<typeof withdrawalAlertSchema>;

/** An order as the operator sees it (GET /ops/withdrawals…, and every decision's answer): the full account number and the decision trail. */
export const opsWithdrawalOrderSchema = withdrawalOrderSchema.extend({
  memberId: z.string(),
  /** The player's account name. */
  account: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  /** The PIX key to pay, in full, when the order goes to one. */
  pixKey: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Set while an approval waits for a second operator (and kept once it was completed). */
  secondApproval: withdrawalSecondApprovalSchema.nullable(),
  alerts: z.array(withdrawalAlertSchema),
  /** Why the order was made (absent from servers before migration 0630: a request). */
  origin: z.enum(WITHDRAWAL_ORIGINS).optional(),
  /** When the operator's decision is due (migration 0680; null for orders placed before it). */
  reviewDueAt: z.string().nullable().optional(),
  /** Still pending past reviewDueAt. */
  reviewOverdue: z.boolean().optional(),
});

export type OpsWithdrawalOrder = z.infer<typeof opsWithdrawalOrderSchema>;
export const opsWithdrawalPageSchema = opsPageSchema(opsWithdrawalOrderSchema);

/** GET /ops/withdrawals/:id/proofs: the proof images of an order (fetch one by its index). */
export const withdrawalProofSchema = z.object({
  index: z.number().int(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
