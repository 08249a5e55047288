import type { VendorWalletResult } from '@wps/shared/schemas/gateway';

// The in-process seamless-wallet API. The HTTP callbacks (gateway.routes.ts) and our own game
// engine (vendor 'inhouse') both call it, so every vendor follows the same rules: a replay returns
// the first answer, a win needs its bet, a rollback before its bet leaves a tombstone.

/** Debit a stake. `transactionId` is the vendor's id, unique per vendor. */
export type SeamlessBetInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  /** The game's nodeId (catalogue). */
  gameId: string;
  amountMinor: bigint;
};

/** Credit a payout (0 allowed: a lost round). */
export type SeamlessWinInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  /** The bet this win pays; without it the round must hold an accepted bet. */
  betTransactionId?: string;
  amountMinor: bigint;
  /** Settle the round with this win (no end-round call needed). */
  roundClosed?: boolean;
};

/** Refund a bet. Before its bet it leaves a tombstone; a second rollback refunds nothing. */
export type SeamlessRollbackInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  betTransactionId: string;
};

/** Settle a round: no more bets, wins or rollbacks. Repeating it is harmless. */
export type SeamlessEndRoundInput = { vassalage: string; memberId: string; roundId: string };

/**
 * Every seamless answer. A replay of a transaction id returns the first answer unchanged
 * (`replayed` is the only field that differs).
 */
export type SeamlessResult = VendorWalletResult & { replayed: boolean };

/**
 * Refusals are AppErrors with these codes: INSUFFICIENT_FUNDS (value.balance/balanceMinor),
 * DUPLICATE_TRANSACTION (same id, different request), BET_NOT_FOUND (win/rollback/end-round for
 * nothing we know), BET_CANCELLED (the bet was rolled back before it arrived), ROUND_SETTLED,
 * ROUND_MISMATCH (the round belongs to another player).
 */
export type SeamlessService = {
  bet(input: SeamlessBetInput): Promise<SeamlessResult>;
  win(input: SeamlessWinInput): Promise<SeamlessResult>;
  rollback(input: SeamlessRollbackInput): Promise<SeamlessResult>;
  endRound(input: SeamlessEndRoundInput): Promise<SeamlessResult>;
  /** The player's main-wallet balance in the answer shape. */
  balance(memberId: string): Promise<VendorWalletResult>;
};

/**
 * A single win pays at most `multiple` × the round's stake (accepted bets less refunds) and at
 * most `maxMinor`; null turns a bound off. A win over it is refused with WIN_LIMIT_EXCEEDED,
 * stored like a refused bet (seamless_apply, migration 0070).
 */
export type WinLimits = { multiple: bigint | null; maxMinor: bigint | null };

/** A player's accounts on the bet path: main wallet, bonus account and the house shard. */
export type SeamlessAccounts = { walletId: string; bonusWalletId: string; houseId: string; demo: boolean };
