import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';
import { WITHDRAWAL_ORIGINS, WITHDRAWAL_STATUSES } from './withdrawal';

// The daily regulator export's files (docs/compliance.md, "Records, audit and reports"; Law
// 14.790/2023 and SPA/MF ordinances 722/2024 and 1.143/2024 on the records the operator keeps and
// sends to the regulator's system). Defined once here: the server validates every record and the
// manifest against these schemas before a file is stored, and the format (JSON Lines first) is one
// adapter away on the server (`records/export-format.ts`). Money is integer minor units as a
// decimal string; instants are ISO 8601 in UTC.

/** 2: the bettor's CPF on every bet, and the payouts file. */
export const REGULATOR_EXPORT_SCHEMA_VERSION = 2;

const minor = z.string().regex(/^-?\d+$/);
const instant = z.iso.datetime();
const id = z.string().regex(/^\d+$/);
/** A bettor's CPF, whole (the regulator needs it); null for an account without one (registered under another licence, or anonymised). */
const cpf = z
  .string()
  .regex(/^\d{11}$/)
  .nullable();

/** One round with money moved during the day: the day's stakes, wins and refunds, and the round so far. */
export const exportBetSchema = z.strictObject({
  record: z.literal('bet'),
  roundId: z.string().min(1),
  vendorCode: z.string().min(1),
  vendorName: z.string(),
  gameId: z.string().min(1),
  gameName: z.string(),
  playerId: id,
  /** The bettor's CPF (also in the bettors file, with the name). */
  cpf,
  currency: z.string().length(3),
  placedAt: instant,
  settledAt: instant.nullable(),
  status: z.enum(['open', 'settled']),
  outcome: z.enum(['open', 'cancelled', 'settled']),
  /** The day's stakes, wins and refunds of this round (what the ledger moved that day). */
  stakeMinor: minor,
  winMinor: minor,
  refundMinor: minor,
  bonusStakeMinor: minor,
  /** The round's totals up to the export. */
  roundStakeMinor: minor,
  roundWinMinor: minor,
  roundRefundMinor: minor,
  movements: z.array(
    z.strictObject({
      kind: z.enum(['bet', 'win', 'rollback']),
      vendorTxId: z.string().min(1),
      at: instant,
      amountMinor: minor,
      ledgerTransactionId: id,
    }),
  ),
});

/** A player active (or registered) during the day. The CPF is written whole: the regulator needs it. */
export const exportBettorSchema = z.strictObject({
  record: z.literal('bettor'),
  playerId: id,
  account: z.string().min(1),
  registeredAt: instant,
  cpf,
  birthDate: z.iso.date().nullable(),
  /** The name the identity check read from the bettor's document; null before it passed. */
  fullName: z.string().nullable(),
});

/** A player's wallet (each account: main, bonus…) over the day: opening, credits, debits, closing. */
export const exportWalletSchema = z.strictObject({
  record: z.literal('wallet'),
  playerId: id,
  accountId: id,
  purpose: z.string().min(1),
  currency: z.string().length(3),
  openingMinor: minor,
  creditsMinor: minor,
  debitsMinor: minor,
  closingMinor: minor,
});

export const EXPORT_TRANSACTION_CATEGORIES = [
  'deposit',
  'withdrawal',
  'stake',
  'win',
  'refund',
  'adjustment',
  'bonus',
  'transfer',
  'agent_commission',
  'other',
] as const;
export type ExportTransactionCategory = (typeof EXPORT_TRANSACTION_CATEGORIES)[number];

/** One movement of a player's account: the ledger entry, its transaction's kind and the balance after it. */
export const exportTransactionSchema = z.strictObject({
  record: z.literal('transaction'),
  transactionId: id,
  entryId: id,
  at: instant,
  playerId: id,
  accountId: id,
  purpose: z.string().min(1),
  kind: z.string().min(1),
  category: z.enum(EXPORT_TRANSACTION_CATEGORIES),
  currency: z.string().length(3),
  amountMinor: minor,
  balanceAfterMinor: minor.nullable(),
  reference: z.string().nullable(),
});

/**
 * A withdrawal the day saw requested or decided: the player's own request, the payout of a closed
 * account's balance, or a barred player's refund, each traceable by its order's id (the barred hit
 * names the same id). Paid by PIX when the order names a key (its type only, never the key).
 */
export const exportPayoutSchema = z.strictObject({
  record: z.literal('payout'),
  withdrawalId: id,
  playerId: id,
  cpf,
  origin: z.enum(WITHDRAWAL_ORIGINS),
  method: z.enum(['pix', 'bank_transfer']),
  pixKeyType: z.enum(['cpf', 'email', 'phone', 'evp']).nullable(),
  currency: z.string().length(3),
  amountMinor: minor,
  /** pending (held for review), approved (paid), rejected (the hold went back), completed or disputed (the player's answer). */
  status: z.enum(WITHDRAWAL_STATUSES),
  requestedAt: instant,
  decidedAt: instant.nullable(),
});

export const REGULATOR_EXPORT_FILES = ['bets', 'bettors', 'wallets', 'transactions', 'payouts'] as const;
export type RegulatorExportFile = (typeof REGULATOR_EXPORT_FILES)[number];

export const regulatorExportRecordSchemas = {
  bets: exportBetSchema,
  bettors: exportBettorSchema,
  wallets: exportWalletSchema,
  transactions: exportTransactionSchema,
  payouts: exportPayoutSchema,
} as const;

/** The day's totals: each transaction category's sum, and the bets' stakes, wins and refunds. */
export const exportTotalsSchema = z.strictObject({
  stakesMinor: minor,
  winsMinor: minor,
  refundsMinor: minor,
  byCategory: z.record(z.enum(EXPORT_TRANSACTION_CATEGORIES), minor),
  walletsOpeningMinor: minor,
  walletsClosingMinor: minor,
});
export type ExportTotals = z.infer<typeof exportTotalsSchema>;

/** manifest.json: what the run covers, each file's rows, bytes and SHA-256; the run's checksum is the manifest's SHA-256. */
export const exportManifestSchema = z.strictObject({
  schemaVersion: z.literal(REGULATOR_EXPORT_SCHEMA_VERSION),
  operatorDay: z.iso.date(),
  timeZone: z.string().min(1),
  windowStart: instant,
  windowEnd: instant,
  version: z.number().int().positive(),
  format: z.string().min(1),
  files: z.array(
    z.strictObject({
      name: z.string().min(1),
      file: z.enum(REGULATOR_EXPORT_FILES),
      rows: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  totals: exportTotalsSchema,
  /** The audit log's hash chain head when the run was written: an anchor of the chain held outside the operator's database. */
  auditChain: z.strictObject({ seq: z.string().regex(/^\d+$/), hash: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

/** GET /ops/compliance/exports: the runs, newest day first (each day's versions newest first). */
export const regulatorExportListQuerySchema = opsListQuerySchema(['day']);

export const regulatorExportRunSchema = z.object({
  id: z.string(),
  operatorDay: z.string(),
  version: z.number(),
  trigger: z.enum(['schedule', 'rerun']),
  requestedBy: z.string().nullable(),
  reason: z.string().nullable(),
  timeZone: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  format: z.string(),
  counts: z.record(z.string(), z.number()),
  checksum: z.string(),
  files: z.array(z.object({ name: z.string(), rows: z.number(), bytes: z.number(), sha256: z.string() })),
});
export type RegulatorExportRun = z.infer<typeof regulatorExportRunSchema>;
export const regulatorExportPageSchema = opsPageSchema(regulatorExportRunSchema);
export type RegulatorExportPage = z.infer<typeof regulatorExportPageSchema>;

/** POST /ops/compliance/exports/rerun: a new version of an ended day's export, with the reason (audited). */
export const regulatorExportRerunSchema = z.object({
  day: z.iso.date(),
  reason: opsReasonSchema,
});
export type RegulatorExportRerun = z.infer<typeof regulatorExportRerunSchema>;

/**
 * GET /ops/compliance/exports/state: the last operator day that is due, whether it is exported,
 * and the schedule's last failure while its period is unfinished (it is tried again every hour).
 */
export const regulatorExportStateSchema = z.object({
  timeZone: z.string(),
  lastDueDay: z.string(),
  exported: z.boolean(),
  failing: z.object({ error: z.string(), at: z.string(), attempt: z.number() }).nullable(),
});
export type RegulatorExportState = z.infer<typeof regulatorExportStateSchema>;
