import { z } from 'zod';
import { CONTRACT_TYPES, contractTiersSchema } from './agents';
import { announcementSchema } from './content';
import { idempotencyKeySchema, majorAmountSchema } from './withdrawal';

// The agent centre's calls (GET/POST /wps/agent/centre/…, token, agents only). Money is in minor
// units as strings, with the brand's currency and scale beside it; days are UTC calendar days.

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
/** A downline's account name as typed (a prefix for a search); names are stored lower-case. */
const accountText = z.string().trim().toLowerCase().min(1).max(64);
const isoTime = z.iso.datetime({ offset: true });
const range = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const rangeError = { message: 'from must not be after to', path: ['from'] };

const money = { currency: z.string(), scale: z.number().int() };
const paged = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
};

/** The agent types a register centre or an agent link creates: a member (3) or a second-line agent (2). */
export const CENTRE_ACCOUNT_TYPES = [2, 3] as const;
export const LINK_TYPES = ['member', 'agent'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

// --- GET /wps/agent/centre/overview ---------------------------------------------------------

/** The team's figures over one period. P&L is the house's view: stakes minus wins (positive when the team lost). */
export const teamFiguresSchema = z.object({
  /** First day of the period (UTC, YYYY-MM-DD); the period ends today. */
  from: z.string(),
  to: z.string(),
  /** Everyone under the agent at any depth, now. */
  members: z.number().int(),
  /** Registered under the agent during the period. */
  newMembers: z.number().int(),
  /** Members with at least one stake in the period. */
  activePlayers: z.number().int(),
  depositsMinor: z.string(),
  withdrawalsMinor: z.string(),
  /** Stakes less refunds. */
  turnoverMinor: z.string(),
  /** Stakes less refunds and wins. */
  profitLossMinor: z.string(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const centreOverviewSchema = z.object({
  ...money,
  /** When the figures were computed: an agent's overview is kept up to 30 s. */
  asOf: z.string(),
  today: teamFiguresSchema,
  last7Days: teamFiguresSchema,
  last30Days: teamFiguresSchema,
});
export type CentreOverview = z.infer<typeof centreOverviewSchema>;

// --- GET /wps/agent/centre/downlines ---------------------------------------------------------

export const downlinesQuerySchema = z.object({
  /** An account-name prefix: letters, digits and _ . @ + - (the characters account names use). */
  search: accountText.regex(/^[a-z0-9_.@+-]{1,64}$/, 'account characters').optional(),
  /** Depth under the agent: 1 are the direct downlines. */
  level: z.coerce.number().int().min(1).max(100).optional(),
  type: z.coerce.number().int().optional(),
  status: z.enum(['active', 'disabled']).optional(),
  page,
  pageSize,
});
export type DownlinesQuery = z.input<typeof downlinesQuerySchema>;

export const downlineSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  level: z.number().int(),
  /** The account directly above (the agent itself for level 1). */
  upline: z.string(),
  registeredAt: z.string(),
  status: z.string(),
  /** Contract types in which this downline holds a live contract. */
  contracts: z.array(z.enum(CONTRACT_TYPES)),
  /** Main-wallet balance, shown for direct downlines only (the ones the agent can transfer to); null deeper. */
  balanceMinor: z.string().nullable(),
});
export type Downline = z.infer<typeof downlineSchema>;
export const downlinesPageSchema = z.object({ ...money, list: z.array(downlineSchema), ...paged });
export type DownlinesPage = z.infer<typeof downlinesPageSchema>;

// --- GET /wps/agent/centre/team --------------------------------------------------------------

export const teamQuerySchema = z.object({ page, pageSize });
export const teamMemberSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  registeredAt: z.string(),
  /** Everyone under this downline at any depth. */
  teamSize: z.number().int(),
  /** Players of this downline's branch (itself included) with a stake this month. */
  activePlayers: z.number().int(),
  turnoverMinor: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** `month`: the UTC calendar month the figures cover (YYYY-MM). */
export const teamPageSchema = z.object({ ...money, month: z.string(), list: z.array(teamMemberSchema), ...paged });
export type TeamPage = z.infer<typeof teamPageSchema>;

// --- GET /wps/agent/centre/bets --------------------------------------------------------------

export const teamBetsQuerySchema = z
  .object({ member: accountText.optional(), from: isoTime.optional(), to: isoTime.optional(), page, pageSize })
  .refine(range, rangeError);
export type TeamBetsQuery = z.input<typeof teamBetsQuerySchema>;
export const teamBetSchema = z.object({
  roundId: z.string(),
  account: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameName: z.string(),
  betMinor: z.string(),
  winMinor: z.string(),
  refundMinor: z.string(),
  status: z.enum(['open', 'settled']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TeamBet = z.infer<typeof teamBetSchema>;
export const teamBetsPageSchema = z.object({
  ...money,
  list: z.array(teamBetSchema),
  totals: z.object({ rounds: z.number().int(), betMinor: z.string(), winMinor: z.string(), refundMinor: z.string() }),
  ...paged,
});
export type TeamBetsPage = z.infer<typeof teamBetsPageSchema>;

// --- GET /wps/agent/centre/user-loss ---------------------------------------------------------

/** UTC calendar days, both included; both default to today. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day (YYYY-MM-DD)');
export const userLossQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), page, pageSize })
  .refine((q) => !q.from || !q.to || q.from <= q.to, rangeError);
export type UserLossQuery = z.input<typeof userLossQuerySchema>;
export const userLossRowSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  level: z.number().int(),
  stakesMinor: z.string(),
  winsMinor: z.string(),
  /** Rewards, rebates, converted bonuses and points paid to the member in cash. */
  bonusesMinor: z.string(),
  /** The house's result on the member: stakes − refunds − wins − bonuses (positive when the member lost). */
  netMinor: z.string(),
});
export type UserLossRow = z.infer<typeof userLossRowSchema>;
export const userLossPageSchema = z.object({
  ...money,
  from: z.string(),
  to: z.string(),
  list: z.array(userLossRowSchema),
  ...paged,
});
export type UserLossPage = z.infer<typeof userLossPageSchema>;

// --- GET /wps/agent/centre/transactions -------------------------------------------------------

/** The groups of ledger kinds the account details filter by. */
export const TEAM_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'bonus'] as const;
export type TeamTransactionType = (typeof TEAM_TRANSACTION_TYPES)[number];
export const teamTransactionsQuerySchema = z
  .object({
    member: accountText.optional(),
    type: z.enum(TEAM_TRANSACTION_TYPES).optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    page,
    pageSize,
  })
  .refine(range, rangeError);
export type TeamTransactionsQuery = z.input<typeof teamTransactionsQuerySchema>;
export const teamTransactionSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  account: z.string(),
  /** The ledger kind (deposit, withdrawal, transfer_upline, transfer_downline, reward_cash, …). */
  kind: z.string(),
  /** Signed: negative when money left the member's main wallet. */
  amountMinor: z.string(),
  balanceAfterMinor: z.string(),
  createdAt: z.string(),
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;
export const teamTransactionsPageSchema = z.object({ ...money, list: z.array(teamTransactionSchema), ...paged });
export type TeamTransactionsPage = z.infer<typeof teamTransactionsPageSchema>;

// --- GET /wps/agent/centre/announcements -------------------------------------------------------

export const centreAnnouncementsQuerySchema = z.object({
  page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const centreAnnouncementsSchema = z.object({ list: z.array(announcementSchema), ...paged });
export type CentreAnnouncements = z.infer<typeof centreAnnouncementsSchema>;

// --- POST /wps/agent/centre/register ------------------------------------------------------------

/** A direct downline with a first password, which it must change at its first login. */
export const centreRegisterBodySchema = z.object({
  type: z.union([z.literal(2), z.literal(3)]),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(64),
  confirmPassword: z.string().min(1).max(64),
});
export type CentreRegisterBody = z.input<typeof centreRegisterBodySchema>;
export const centreRegisterResultSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  type: z.number().int(),
  mustChangePassword: z.literal(true),
});
export type CentreRegisterResult = z.infer<typeof centreRegisterResultSchema>;

// --- POST /wps/agent/centre/transfer ------------------------------------------------------------

/** Money from the agent's main wallet to a direct downline's, after the payment password. */
export const centreTransferBodySchema = z.object({
  memberId: id,
  amount: majorAmountSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
  /** The agent confirmed that this transfer forfeits its running bonuses (as `transferUplineBodySchema`). */
  forfeitBonus: z.boolean().optional(),
});
export type CentreTransferBody = z.input<typeof centreTransferBodySchema>;
/** POST /wps/agent/centre/downlines/:memberId/device-pass: the downline's next login from a new device is let through once. */
export const centreDevicePassParamsSchema = z.object({ memberId: id });
export const centreDevicePassResultSchema = z.object({
  account: z.string(),
  /** Until when the pass waits for the login (ISO instant). */
  expiresAt: z.string(),
});
export type CentreDevicePassResult = z.infer<typeof centreDevicePassResultSchema>;

export const centreTransferResultSchema = z.object({
  transactionId: z.string(),
  amount: z.string(),
  amountMinor: z.string(),
  /** The agent's balance after the transfer. */
  balance: z.string(),
  balanceMinor: z.string(),
  downline: z.string(),
});
export type CentreTransferResult = z.infer<typeof centreTransferResultSchema>;

// --- /wps/agent/centre/links ------------------------------------------------------------------

/** A link's default terms: tiers per contract type, offered to each agent that registers through it. */
export const linkTermsSchema = z.partialRecord(z.enum(CONTRACT_TYPES), contractTiersSchema);
export type LinkTerms = z.infer<typeof linkTermsSchema>;

export const linkSchema = z.object({
  linkId: z.string(),
  /** The affiliate code (registration's affiliateCode, GET /wps/agent/affiliate). */
  code: z.string(),
  type: z.enum(LINK_TYPES),
  terms: linkTermsSchema,
  enabled: z.boolean(),
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type AgentLink = z.infer<typeof linkSchema>;
export const linksSchema = z.object({ list: z.array(linkSchema) });

/** Terms only for an agent link (a member has no contracts). */
export const linkCreateBodySchema = z
  .object({ type: z.enum(LINK_TYPES), terms: linkTermsSchema.default({}) })
  .refine((b) => b.type === 'agent' || Object.keys(b.terms).length === 0, {
    message: 'a member link has no contract terms',
    path: ['terms'],
  });
export type LinkCreateBody = z.input<typeof linkCreateBodySchema>;
export const linkParamsSchema = z.object({ linkId: id });
export const linkPatchBodySchema = z.object({ enabled: z.boolean() });
export const linkDeletedSchema = z.object({ linkId: z.string(), deleted: z.literal(true) });
