import { z } from 'zod';
import { INHOUSE_GAMES, type InhouseGameKind } from './inhouse';

/**
 * The back office's player search and player page (/ops/players). Lists are keyset-paged: a page
 * answers `nextCursor` (null on the last page), sent back as `cursor` for the next one, so deep
 * history costs the same as the first page.
 */

export const PLAYER_SEARCH_KEYS = ['username', 'mobile', 'email', 'id', 'bank'] as const;
export type PlayerSearchKey = (typeof PLAYER_SEARCH_KEYS)[number];

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const limit = z.coerce.number().int().min(1).max(100).default(50);
const cursor = id.optional();
const isoTime = z.iso.datetime({ offset: true });

/** GET /ops/players: username prefix, E.164 mobile, exact e-mail, member id or bank account last digits. */
export const playerSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(100),
    key: z.enum(PLAYER_SEARCH_KEYS).default('username'),
    page: z.coerce.number().int().min(1).max(200).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((v) => v.key !== 'id' || /^\d{1,18}$/.test(v.q), { message: 'a member id is digits', path: ['q'] })
  .refine((v) => v.key !== 'bank' || /^\d{4,20}$/.test(v.q), { message: 'at least the last 4 digits', path: ['q'] });
export type PlayerSearchQuery = z.input<typeof playerSearchQuerySchema>;

export const playerStatusSchema = z.enum(['active', 'disabled']);
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

export const playerSearchItemSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: playerStatusSchema,
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PlayerSearchItem = z.infer<typeof playerSearchItemSchema>;

export const playerSearchPageSchema = z.object({
  list: z.array(playerSearchItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type PlayerSearchPage = z.infer<typeof playerSearchPageSchema>;

export const playerIdParamsSchema = z.object({ memberId: id });

export const playerBankAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
});

/** GET /ops/players/:memberId */
export const playerProfileSchema = playerSearchItemSchema.extend({
  language: z.string(),
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  uplineAccount: z.string().nullable(),
  registerIp: z.string().nullable(),
  registerDomain: z.string().nullable(),
  bankAccounts: z.array(playerBankAccountSchema),
  currency: z.string(),
  scale: z.number().int(),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

/** GET /ops/players/:memberId/balances: every ledger account the player owns. */
export const playerBalancesSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  accounts: z.array(
    z.object({ accountId: z.string(), purpose: z.string(), currency: z.string(), balanceMinor: z.string() }),
  ),
});
export type PlayerBalances = z.infer<typeof playerBalancesSchema>;

const keysetQuery = z.object({ cursor, limit });
const timeRange = { from: isoTime.optional(), to: isoTime.optional() };
const kindText = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,63}$/);

/** GET /ops/players/:memberId/ledger: entries newest first. */
export const playerLedgerQuerySchema = keysetQuery.extend({
  accountId: id.optional(),
  kind: kindText.optional(),
  ...timeRange,
});
export type PlayerLedgerQuery = z.input<typeof playerLedgerQuerySchema>;

export const playerLedgerEntrySchema = z.object({
  entryId: z.string(),
  transactionId: z.string(),
  accountId: z.string(),
  purpose: z.string(),
  kind: z.string(),
  amountMinor: z.string(),
  balanceAfterMinor: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayerLedgerEntry = z.infer<typeof playerLedgerEntrySchema>;

/** One keyset page of any player list. */
export function keysetPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), nextCursor: z.string().nullable() });
}
export type KeysetPage<T> = { list: T[]; nextCursor: string | null };

export const playerLedgerPageSchema = keysetPageSchema(playerLedgerEntrySchema);

export const playerDepositsQuerySchema = keysetQuery.extend({ status: kindText.optional(), ...timeRange });
export const playerDepositSchema = z.object({
  id: z.string(),
  channelType: z.string(),
  provider: z.string().nullable(),
  amountMinor: z.string(),
  creditMinor: z.string(),
  status: z.string(),
  referenceCode: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export const playerDepositsPageSchema = keysetPageSchema(playerDepositSchema);

export const playerWithdrawalsQuerySchema = playerDepositsQuerySchema;
export const playerWithdrawalSchema = z.object({
  id: z.string(),
  amountMinor: z.string(),
  status: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const playerWithdrawalsPageSchema = keysetPageSchema(playerWithdrawalSchema);

/** GET /ops/players/:memberId/rounds: vendor rounds (seamless and in-house games alike). */
export const playerRoundsQuerySchema = keysetQuery.extend({
  vassalage: z.string().trim().min(1).max(64).optional(),
  status: kindText.optional(),
  ...timeRange,
});
export const playerRoundSchema = z.object({
  id: z.string(),
  vassalage: z.string(),
  roundId: z.string(),
  nodeId: z.string(),
  status: z.string(),
  totalBetMinor: z.string(),
  totalWinMinor: z.string(),
  totalRefundMinor: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export const playerRoundsPageSchema = keysetPageSchema(playerRoundSchema);

/** GET /ops/players/:memberId/inhouse-rounds: provably fair rounds with what proves them. */
export const playerInhouseRoundsQuerySchema = keysetQuery.extend({
  game: z.enum(Object.values(INHOUSE_GAMES) as [InhouseGameKind, ...InhouseGameKind[]]).optional(),
  ...timeRange,
});
export const playerInhouseRoundSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  game: z.string(),
  nodeId: z.string(),
  status: z.string(),
  stakeMinor: z.string(),
  payoutMinor: z.string(),
  serverSeedHash: z.string(),
  /** The server seed once its seed pair was revealed (rotated); null while it is active. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.string(),
  outcome: z.unknown(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export const playerInhouseRoundsPageSchema = keysetPageSchema(playerInhouseRoundSchema);

export const playerSessionsQuerySchema = keysetQuery.extend({ live: z.enum(['true', 'false']).optional() });
export const playerSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const playerSessionsPageSchema = keysetPageSchema(playerSessionSchema);

export const playerNoticesQuerySchema = keysetQuery;
export const playerNoticeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export const playerNoticesPageSchema = keysetPageSchema(playerNoticeSchema);

export const playerAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  action: z.string().trim().min(1).max(100).optional(),
});
