import { z } from 'zod';
import { idempotencyKeySchema, majorAmountSchema } from './withdrawal';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

// ---------------------------------------------------------------------------------------------
// Launch: the game launch payload
// ---------------------------------------------------------------------------------------------

const idText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** POST /wps/game/launchGame: the original client's payload; fields we do not use are accepted and ignored. */
export const launchGameBodySchema = z.object({
  gameId: idText.pipe(z.string().max(64)).optional(),
  /** A PVP table (GLS2_roomList): the vendor must list it for `nodeId`; '' is no room. */
  roomId: idText.pipe(z.string().regex(/^[A-Za-z0-9_.:-]{0,64}$/, 'room id')).optional(),
  nodeId: idText.pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'node id')),
  vassalage: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage'),
  accountType: z.coerce.number().int().optional(),
  confirmTrans: z.coerce.number().int().optional(),
  launchMode: z.string().max(16).optional(),
  platform: z.string().max(32).optional(),
  clientType: z.coerce.number().int().optional(),
  language: z.string().max(16).optional(),
  // The lottery lobby's launch (launchMode 'LOTT'): which lottery page opens and how. The page is
  // ours, so the answer is a path on this site; backUrl is not taken, the lottery pages have the
  // site's own header to go back with.
  lottoArea: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{0,8}$/, 'lottery area')
    .optional(),
  prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).optional(),
  gameCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/, 'game code')
    .optional(),
  playType: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,30}$/, 'play type')
    .optional(),
  view: z.enum(['betting', 'lobby']).optional(),
  device: z.string().max(16).optional(),
  backUrl: z.string().max(512).optional(),
});
export type LaunchGameBody = z.input<typeof launchGameBodySchema>;

/** Launch result: the iframe URL (PVP clients read `content`, which carries the same URL). */
export const launchGameResultSchema = z.object({
  game_url: z.string(),
  content: z.string(),
  /** Seconds the launch token in the URL stays valid. */
  expiresIn: z.number().int(),
});
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

// ---------------------------------------------------------------------------------------------
// Seamless-wallet callbacks (docs/vendor-api.md): the vendor calls us.
// ---------------------------------------------------------------------------------------------

const vendorId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'id');
/** Integer minor units as a string: money never travels as a JSON number. */
const minorAmount = z.string().regex(/^\d{1,18}$/, 'minor amount');
const playerId = z.string().regex(/^[1-9]\d{0,17}$/, 'player id');
const sessionToken = z.string().regex(/^[a-f0-9]{64}$/, 'token');

export const vendorAuthenticateBodySchema = z.object({ launchToken: sessionToken });
export const vendorBalanceBodySchema = z.object({ sessionToken, playerId });
export const vendorBetBodySchema = z.object({
  sessionToken,
  playerId,
  transactionId: vendorId,
  roundId: vendorId,
  gameId: vendorId,
  amountMinor: minorAmount,
});
export const vendorWinBodySchema = z.object({
  /** Not checked: a win may arrive after the session expired. */
  sessionToken: sessionToken.optional(),
  playerId,
  transactionId: vendorId,
  roundId: vendorId,
  /** The bet this win pays; without it the round must hold at least one accepted bet. */
  betTransactionId: vendorId.optional(),
  amountMinor: minorAmount,
  /** True when this win closes the round (same as a following end-round call). */
  roundClosed: z.boolean().optional(),
});
export const vendorRollbackBodySchema = z.object({
  sessionToken: sessionToken.optional(),
  playerId,
  transactionId: vendorId,
  roundId: vendorId,
  betTransactionId: vendorId,
});
export const vendorEndRoundBodySchema = z.object({
  sessionToken: sessionToken.optional(),
  playerId,
  roundId: vendorId,
});
export type VendorBetBody = z.infer<typeof vendorBetBodySchema>;
export type VendorWinBody = z.infer<typeof vendorWinBodySchema>;
export type VendorRollbackBody = z.infer<typeof vendorRollbackBodySchema>;
export type VendorEndRoundBody = z.infer<typeof vendorEndRoundBodySchema>;

/** Every money answer: the player's balance after the call, in both forms. */
export const vendorWalletResultSchema = z.object({
  playerId: z.string(),
  currency: z.string(),
  balance: z.string(),
  balanceMinor: z.string(),
  /** Our ledger transaction id; null when nothing moved (zero win, repeated rollback, tombstone). */
  transactionId: z.string().nullable(),
  roundStatus: z.enum(['open', 'settled']).nullable(),
});
export type VendorWalletResult = z.infer<typeof vendorWalletResultSchema>;

export const vendorAuthenticateResultSchema = z.object({
  sessionToken: z.string(),
  playerId: z.string(),
  nickname: z.string(),
  gameId: z.string(),
  currency: z.string(),
  balance: z.string(),
  balanceMinor: z.string(),
  expiresAt: z.string(),
});
export type VendorAuthenticateResult = z.infer<typeof vendorAuthenticateResultSchema>;

// ---------------------------------------------------------------------------------------------
// Transfer wallet (GCS_walletTransfer, GCS_merchantWallet): we call the vendor.
// ---------------------------------------------------------------------------------------------

/**
 * POST /wps/relay/GCS_walletTransfer. `in` moves main wallet → one vendor (needs `vassalage`);
 * `out` moves one vendor (or every vendor when `vassalage` is absent) → main wallet. Without
 * `amount` the whole balance moves.
 */
export const walletTransferBodySchema = z
  .object({
    direction: z.enum(['in', 'out']),
    vassalage: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage')
      .optional(),
    amount: majorAmountSchema.optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((b) => b.direction === 'out' || b.vassalage !== undefined, {
    path: ['vassalage'],
    message: 'vassalage is required to transfer in',
  })
  .refine((b) => b.vassalage !== undefined || b.amount === undefined, {
    path: ['amount'],
    message: 'amount needs one vendor',
  });
export type WalletTransferBody = z.input<typeof walletTransferBodySchema>;

export const vendorTransferStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type VendorTransferStatus = z.infer<typeof vendorTransferStatusSchema>;

export const vendorTransferSchema = z.object({
  id: z.string(),
  vassalage: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  amountMinor: z.string(),
  status: vendorTransferStatusSchema,
  createdAt: z.string(),
});
export type VendorTransfer = z.infer<typeof vendorTransferSchema>;

export const walletTransferResultSchema = z.object({
  transfers: z.array(vendorTransferSchema),
  mainBalance: z.string(),
  mainBalanceMinor: z.string(),
});
export type WalletTransferResult = z.infer<typeof walletTransferResultSchema>;

/** POST /wps/relay/GCS_merchantWallet: `isSingle` with `vassalage` refreshes one vendor only. */
export const merchantWalletBodySchema = z.object({
  isSingle: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
  vassalage: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage')
    .optional(),
});
export type MerchantWalletBody = z.input<typeof merchantWalletBodySchema>;

export const vendorWalletSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  balance: z.string(),
  balanceMinor: z.string(),
  /** ok: just read from the vendor; stale: the vendor did not answer, the last known balance is shown. */
  state: z.enum(['ok', 'stale']),
  pending: vendorTransferSchema.nullable(),
});
export type VendorWallet = z.infer<typeof vendorWalletSchema>;

export const merchantWalletResultSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  mainBalance: z.string(),
  mainBalanceMinor: z.string(),
  list: z.array(vendorWalletSchema),
});
export type MerchantWalletResult = z.infer<typeof merchantWalletResultSchema>;

/** What the vendor-transfer queue sorts by: placing order (default, oldest first) or amount. */
export const OPS_VENDOR_TRANSFER_SORTS = ['createdAt', 'amount'] as const;

/**
 * GET /ops/vendor-transfers: transfers between a player's main wallet and a transfer-model
 * vendor, by status (the queue is `pending`: the vendor's answer was lost or late, the money held
 * until it is known) and vendor; `/ops/vendor-transfers/csv` takes the same without the page.
 */
export const opsVendorTransferQuerySchema = opsListQuerySchema(OPS_VENDOR_TRANSFER_SORTS, 'asc').extend({
  status: vendorTransferStatusSchema.optional(),
  vassalage: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});
export const opsVendorTransferExportQuerySchema = opsVendorTransferQuerySchema.omit({ page: true, pageSize: true });

/** A vendor transfer as the operator sees it: whose, how often the vendor was asked, its last error. */
export const opsVendorTransferSchema = vendorTransferSchema.extend({
  memberId: z.string(),
  account: z.string(),
  currency: z.string(),
  transferRef: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type OpsVendorTransfer = z.infer<typeof opsVendorTransferSchema>;
export const opsVendorTransferPageSchema = opsPageSchema(opsVendorTransferSchema);
export const vendorTransferIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id') });
/** POST /ops/vendor-transfers/:id/check: why the operator asks now (audit log). */
export const vendorTransferCheckBodySchema = z.object({ reason: opsReasonSchema });
