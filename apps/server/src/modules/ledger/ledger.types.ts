// What callers hand the ledger and what it answers: shared by the service and its hold and
// request helpers, so none of them imports another for a type.
import type { LedgerKind } from '@wps/shared/ledger-kinds';

/** Purposes of ownerless accounts; the migration seeds them for BRL, others are created on first use. */
export type SystemPurpose =
  | 'house_cash'
  | 'gateway_clearing'
  | 'promotion_budget'
  | 'demo_bank'
  | 'withdrawal_hold'
  | 'agent_salary_budget'
  | 'adjustment'
  /** Transfer wallet: money on its way to or from a game vendor (gateway module). */
  | 'vendor_transfer_hold'
  /** Shards of the house's game account, so concurrent bets do not queue on one row (gateway module). */
  | `house_cash_s${number}`
  /**
   * The house side of trial (free-play) game money, sharded like house_cash: demo stakes and wins
   * never touch house cash, so they never count in the house's figures (gateway module).
   */
  | 'house_demo'
  | `house_demo_s${number}`;

export type LedgerEntryInput = { accountId: string; amountMinor: bigint };

export type PostTransactionInput = {
  /** One of the listed kinds (packages/shared/src/ledger-kinds.ts), which the account record names. */
  kind: LedgerKind;
  idempotencyKey: string;
  reference?: string | null;
  entries: LedgerEntryInput[];
  metadata?: Record<string, unknown>;
};

export type PostResult = {
  transactionId: string;
  replayed: boolean;
  /** Each touched account's balance right after this transaction (minor units, as strings). */
  balances: Record<string, string>;
};

export type CreditFromSystemInput = ({ systemAccount: SystemPurpose } | { systemPurpose: SystemPurpose }) & {
  memberId: string;
  amountMinor: bigint;
  kind: LedgerKind;
  idempotencyKey: string;
  reference?: string | null;
  metadata?: Record<string, unknown>;
};

export type HoldResult = PostResult & { holdId: string };

/** Largest magnitude a bigint column holds. */
export const MAX_INT8 = 2n ** 63n - 1n;

/**
 * A player's bonus account (modules/bonus): a player account like the main wallet, so it never
 * goes below zero; spent and paid by the seamless wallet under the bonus rules.
 */
export const PLAYER_BONUS = 'player_bonus';
