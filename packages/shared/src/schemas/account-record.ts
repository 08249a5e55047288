import { z } from 'zod';

/** Ledger transaction kinds a player can filter the account record by. */
export const ACCOUNT_RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'transfer_upline',
  'registration_bonus',
  'freeplay_demo_credit',
  'adjustment',
] as const;

/** GET /wps/member/transactions. `from`/`to` are ISO timestamps: the client picks its local day bounds. */
export const accountRecordQuerySchema = z
  .object({
    type: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,63}$/)
      .optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to', path: ['from'] });
export type AccountRecordQuery = z.input<typeof accountRecordQuerySchema>;

export const accountRecordEntrySchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  type: z.string(),
  /** Signed: negative when money left the player's account. */
  amount: z.string(),
  amountMinor: z.string(),
  balanceAfter: z.string(),
  balanceAfterMinor: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountRecordEntry = z.infer<typeof accountRecordEntrySchema>;

export const accountRecordPageSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  list: z.array(accountRecordEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AccountRecordPage = z.infer<typeof accountRecordPageSchema>;
