import { z } from 'zod';
import { normalizeCpf } from '../cpf';
import { minorUnitsText } from './common';
import { opsListQuerySchema } from './ops-list';

const idString = z.string().regex(/^\d{1,18}$/, 'id');
/** Integer minor units as a string (never a JSON number: see decisions.md "Money on the wire"). */
const minorString = minorUnitsText(18, { trim: true, message: 'integer minor units' });
/** A decimal amount in major units as typed by a player, e.g. "150" or "150.50". */
const majorString = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'decimal amount');

export const depositChannelTypeSchema = z.enum(['manual_bank', 'gateway']);
export type DepositChannelType = z.infer<typeof depositChannelTypeSchema>;
export const depositProviderSchema = z.enum(['sandbox']);
/** 'returned': a payment from someone other than the player (another CPF) went back to its payer, nothing credited. */
export const depositOrderStatusSchema = z.enum(['pending', 'credited', 'failed', 'expired', 'returned']);
export type DepositOrderStatus = z.infer<typeof depositOrderStatusSchema>;
/**
 * What kind of money a channel takes. A jurisdiction profile allows some kinds only (BR: PIX and
 * bank transfers; no cards, crypto or cash): channels of other kinds are hidden and refused.
 */
export const depositMethodSchema = z.enum(['pix', 'bank_transfer', 'card', 'crypto', 'cash', 'other']);
export type DepositMethod = z.infer<typeof depositMethodSchema>;

/** PUT /ops/deposit-channels: create (no id) or replace one channel. Amounts in minor units. */
export const depositChannelInputSchema = z
  .object({
    id: idString.optional(),
    name: z.string().trim().min(1).max(64),
    type: depositChannelTypeSchema,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{2,12}$/, 'currency code'),
    minMinor: minorString,
    maxMinor: minorString,
    feeFixedMinor: minorString.default('0'),
    /** Percentage fee in basis points (100 = 1%), 0–10000. */
    feeBps: z.number().int().min(0).max(10_000).default(0),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(-1000).max(1000).default(0),
    bankName: z.string().trim().min(1).max(64).optional(),
    accountNumber: z.string().trim().min(1).max(64).optional(),
    accountHolder: z.string().trim().min(1).max(64).optional(),
    provider: depositProviderSchema.optional(),
    /** What the channel takes; a manual channel is a bank transfer when not said, a gateway channel 'other'. A PIX channel is in BRL. */
    method: depositMethodSchema.optional(),
    /** Why the operator changed it; stored in the audit log. */
    reason: z.string().trim().min(1).max(500),
  })
  .superRefine((c, ctx) => {
    if (BigInt(c.minMinor) <= 0n) ctx.addIssue({ code: 'custom', path: ['minMinor'], message: 'must be positive' });
    if (BigInt(c.maxMinor) < BigInt(c.minMinor))
      ctx.addIssue({ code: 'custom', path: ['maxMinor'], message: 'must be at least minMinor' });
    if (c.type === 'manual_bank') {
      for (const field of ['bankName', 'accountNumber', 'accountHolder'] as const) {
        if (!c[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required for manual_bank' });
      }
    }
    if (c.type === 'gateway' && !c.provider)
      ctx.addIssue({ code: 'custom', path: ['provider'], message: 'required for gateway' });
    if (c.method === 'pix' && c.type !== 'gateway')
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'a PIX channel is a gateway channel' });
    if (c.method === 'pix' && c.currency !== 'BRL')
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'a PIX channel is in BRL' });
  });
export type DepositChannelInput = z.input<typeof depositChannelInputSchema>;

/** A channel as the operator sees it. */
export const opsDepositChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: depositChannelTypeSchema,
  currency: z.string(),
  minMinor: z.string(),
  maxMinor: z.string(),
  feeFixedMinor: z.string(),
  feeBps: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountHolder: z.string().nullable(),
  provider: z.string().nullable(),
  method: depositMethodSchema,
  updatedAt: z.string(),
});
export type OpsDepositChannel = z.infer<typeof opsDepositChannelSchema>;

/** GET /wps/deposit/channels item: limits and fee, without the receiving account. */
export const depositChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: depositChannelTypeSchema,
  method: depositMethodSchema,
  currency: z.string(),
  scale: z.number().int(),
  min: z.string(),
  minMinor: z.string(),
  max: z.string(),
  maxMinor: z.string(),
  feeFixed: z.string(),
  feeFixedMinor: z.string(),
  feeBps: z.number().int(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** POST /wps/deposit/orders. `amount` is a decimal string in major units of the channel currency. */
export const createDepositOrderBodySchema = z.object({
  channelId: idString,
  amount: majorString,
  /** Client-chosen key: a retried submit returns the first order instead of creating another. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotency key'),
  /**
   * The promotions the player opts in to with this deposit (the deposit form's ticks): those whose
   * live rule pays on a credited deposit only after an opt-in (GET /wps/promo/offers, `optIn`).
   */
  optInPromotionIds: z.array(idString).max(5).optional(),
});
export type CreateDepositOrderBody = z.infer<typeof createDepositOrderBodySchema>;

export const depositOrderSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  type: depositChannelTypeSchema,
  status: depositOrderStatusSchema,
  currency: z.string(),
  scale: z.number().int(),
  amount: z.string(),
  amountMinor: z.string(),
  fee: z.string(),
  feeMinor: z.string(),
  credit: z.string(),
  creditMinor: z.string(),
  referenceCode: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** manual_bank: where to send the money (with the reference code). */
  bank: z.object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() }).nullable(),
  /** gateway, while pending: the page where the player pays. */
  payUrl: z.string().nullable(),
  method: depositMethodSchema,
  /** PIX, while pending: the BR Code ("copia e cola") the player pastes in their bank's app or scans as a QR code. */
  pixCode: z.string().nullable(),
  /** A returned payment: who paid it, masked ("***.456.789-**"). */
  payerCpfMasked: z.string().nullable(),
  /** A returned payment: when the gateway confirmed the money went back to its payer (null while it is on its way). */
  returnedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

/**
 * Who paid a manual bank transfer, as the confirming operator read it on the statement: the
 * holder's name, their CPF masked ("***.456.789-**", never whole), whether that CPF was the
 * player's (null when none was read or the player has none on file) and the statement's reference.
 */
export const depositPayerSchema = z.object({
  name: z.string().nullable(),
  cpfMasked: z.string().nullable(),
  isPlayer: z.boolean().nullable(),
  bankReference: z.string().nullable(),
});
export type DepositPayer = z.infer<typeof depositPayerSchema>;

/** A deposit order as the operator sees it (adds the member, and the payer an operator recorded). */
export const opsDepositOrderSchema = depositOrderSchema.extend({
  memberId: z.string(),
  account: z.string(),
  providerRef: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** A confirmed manual transfer: who paid it (null for any other order, and for one confirmed before the payer was recorded). */
  payer: depositPayerSchema.nullable(),
});
export type OpsDepositOrder = z.infer<typeof opsDepositOrderSchema>;

export const pagedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /wps/deposit/orders */
export const depositOrderListQuerySchema = pagedQuerySchema;
export type DepositOrderListQuery = z.input<typeof depositOrderListQuerySchema>;

/** What the deposit queue sorts by: when the order was placed (default, oldest first) or its amount. */
export const OPS_DEPOSIT_SORTS = ['createdAt', 'amount'] as const;

/** GET /ops/deposits: one page of orders by status and channel type, sortable; `/ops/deposits/csv` takes the same without the page. */
export const opsDepositListQuerySchema = opsListQuerySchema(OPS_DEPOSIT_SORTS, 'asc').extend({
  status: depositOrderStatusSchema.optional(),
  type: depositChannelTypeSchema.optional(),
});
export type OpsDepositListQuery = z.infer<typeof opsDepositListQuerySchema>;
export const opsDepositExportQuerySchema = opsDepositListQuerySchema.omit({ page: true, pageSize: true });
export type OpsDepositExportQuery = z.infer<typeof opsDepositExportQuerySchema>;

/** POST /ops/deposits/:id/confirm | /reject */
export const depositIdParamsSchema = z.object({ id: idString });
/** A text a form may leave blank: trimmed, and absent when blank. */
const blankIsAbsent = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The reason goes to the audit log (what the operator checked). The payer is the bank statement's
 * (docs/compliance.md, "Manual bank transfers"): the account holder's name, their CPF (any mask;
 * sent on as its 11 digits, checked by its check digits) and the statement line's reference.
 * Under a licence that takes only the player's own money (BR) the CPF is required and must be the
 * player's (`DEPOSIT_PAYER_NOT_OWNER`); elsewhere each is optional and recorded when given. A
 * company's account (CNPJ) is never the player's own: under BR such a transfer is rejected and
 * returned, and elsewhere it is recorded by its name.
 */
export const confirmDepositBodySchema = z.object({
  reason: z.string().trim().min(1).max(500),
  payerName: blankIsAbsent(128),
  payerCpf: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const cpf = normalizeCpf(v);
      if (!cpf) {
        ctx.addIssue({ code: 'custom', message: 'cpf' });
        return z.NEVER;
      }
      return cpf;
    }),
  bankReference: blankIsAbsent(64),
});
export type ConfirmDepositBody = z.input<typeof confirmDepositBodySchema>;
export type ConfirmDepositValues = z.output<typeof confirmDepositBodySchema>;
/** The transfer never arrived, or (BR) it came from someone else's account and goes back to its payer. */
export const rejectDepositBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** Paged list value shared by the deposit list calls. */
export type Paged<T> = { list: T[]; total: number; page: number; pageSize: number; totalPages: number };

/** The signed body the sandbox gateway POSTs to /wps/deposit/webhook/sandbox (docs/api.md). */
export const sandboxWebhookBodySchema = z.object({
  event: z.enum(['payment.succeeded', 'payment.failed']),
  paymentRef: z.string().min(1).max(100),
  merchantRef: idString,
  amountMinor: minorString,
  currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
  /** Unix seconds when the gateway signed it; older than 5 minutes is refused. */
  timestamp: z.number().int().positive(),
  /** A PIX payment: the CPF of the account it came from (11 digits). */
  payerCpf: z
    .string()
    .regex(/^\d{11}$/)
    .optional(),
});
export type SandboxWebhookBody = z.infer<typeof sandboxWebhookBodySchema>;

/** The webhook's answer; a replay gets the first answer again. */
export const webhookResultSchema = z.object({ orderId: z.string(), status: depositOrderStatusSchema });
export type WebhookResult = z.infer<typeof webhookResultSchema>;

/** A page of a list (the Paged type above) as a response schema. */
const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });

/** GET /wps/deposit/orders */
export const depositOrderPageSchema = pagedSchema(depositOrderSchema);
/** GET /ops/deposits */
export const opsDepositOrderPageSchema = pagedSchema(opsDepositOrderSchema);
