import { z } from 'zod';
import { ACCOUNT_RECORD_KINDS } from '../ledger-kinds';

/** GET /wps/member/transactions. `from`/`to` are ISO timestamps: the client picks its local day bounds. */
export const accountRecordQuerySchema = z
  .object({
    /** A ledger kind the record can show (ledger-kinds.ts); any other is refused, not an empty page. */
    type: z.enum(ACCOUNT_RECORD_KINDS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['from'],
  });
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
