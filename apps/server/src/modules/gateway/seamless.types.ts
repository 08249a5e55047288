import type { VendorWalletResult } from '@wps/shared/schemas/gateway';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppError } from '../../http/app-error';

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

/**
 * What bets applied inside a caller's transaction need from outside it, read or created before
 * it begins: the operator's currency, and the players' accounts and house shards. Made by
 * `prepareBets`, used by `applyBetsWithin`; opaque to callers.
 */
export type PreparedBets = { readonly memberIds: ReadonlySet<string>; readonly kind: 'PreparedBets' };

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

/** Rounds of one vendor to settle at once, each named with its player (our own engine's draws). */
export type SeamlessCloseRoundsInput = { vassalage: string; rounds: { roundId: string; memberId: string }[] };

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
  /**
   * Many wins at once, each exactly as win() would pay it (its own transaction id, replay and
   * refusals), applied in large batches: one statement and one commit for many players. Rejects
   * with the first refusal, like Promise.all over win().
   */
  winMany(inputs: SeamlessWinInput[]): Promise<SeamlessResult[]>;
  /**
   * For our own engine's bets that must commit with rows of its own (a lottery ticket and its
   * stake): what `applyBetsWithin` needs for these players, before the caller's transaction
   * (creating an account inside many concurrent transactions would make them queue on one
   * uncommitted insert, and on PGlite's one connection a read from outside the transaction would
   * wait for it forever).
   */
  prepareBets(memberIds: string[]): Promise<PreparedBets>;
  /**
   * Bets applied inside the caller's transaction `trx`, in one statement, each exactly as bet()
   * would apply it (replays, refusals, the round). `slot` (0–3) picks a house shard of the
   * caller's own, so batches running side by side never queue on one house row. Answers in input
   * order: the result, or the AppError the bet was refused with (nothing is thrown for a refusal;
   * the caller decides what its rows become).
   */
  applyBetsWithin(
    trx: Kysely<Database>,
    prepared: PreparedBets,
    bets: SeamlessBetInput[],
    slot: number,
  ): Promise<(SeamlessResult | AppError)[]>;
  rollback(input: SeamlessRollbackInput): Promise<SeamlessResult>;
  endRound(input: SeamlessEndRoundInput): Promise<SeamlessResult>;
  /**
   * Settle many open rounds, as endRound settles one (no money moves), in one statement. Only
   * rounds still open are closed, so a repeated batch closes nothing twice. Returns how many this
   * call closed.
   */
  closeRounds(input: SeamlessCloseRoundsInput): Promise<number>;
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
