import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';

// Every refusal the seamless wallet answers a vendor with, defined once. Bets and wins are
// refused by the SQL function seamless_apply, rollbacks and round ends by TypeScript: both take
// the code and message from here. The table seamless_refusals holds the same rows for SQL
// (seeded by migration 0140); seamless-refusals.test.ts fails when the two differ, so a change
// here ships with a migration that updates the table.

export type SeamlessRefusal = { errorCode: ErrorCode; message: string };

export const SEAMLESS_REFUSALS = {
  /** A bet whose rollback arrived first (a tombstone holds its id). */
  bet_cancelled: { errorCode: ErrorCode.BET_CANCELLED, message: 'This bet was rolled back before it arrived' },
  /** The same vendor transaction id with another amount, round or player. */
  duplicate_transaction: {
    errorCode: ErrorCode.DUPLICATE_TRANSACTION,
    message: 'This transaction id was already used for a different request',
  },
  /** The round belongs to another player. */
  round_mismatch: { errorCode: ErrorCode.ROUND_MISMATCH, message: 'This round belongs to another player' },
  /** The round is settled: no more bets, wins or rollbacks. */
  round_settled: { errorCode: ErrorCode.ROUND_SETTLED, message: 'This round is already settled' },
  /** A bet above the balance (the answer carries the balance). */
  insufficient_funds: { errorCode: ErrorCode.INSUFFICIENT_FUNDS, message: 'Insufficient funds' },
  /** An amount that would carry a balance or a round total past the bigint range. */
  amount_overflow: { errorCode: ErrorCode.AMOUNT_INVALID, message: 'The amount would overflow a balance' },
  /** A win for a round we do not know. */
  win_without_round: { errorCode: ErrorCode.BET_NOT_FOUND, message: 'No bet for this win' },
  /** A win for a round without an accepted bet (or without the bet it names). */
  win_without_bet: { errorCode: ErrorCode.BET_NOT_FOUND, message: 'No accepted bet for this win' },
  /**
   * While the player holds bonus money, a stake that takes its round (the stakes so far, less
   * rollbacks, plus this one) past the active bonus's maximum (migrations 0251, 0441, 0497); the answer
   * carries the maximum and the round's stake so far.
   */
  bonus_max_stake: {
    errorCode: ErrorCode.BONUS_MAX_STAKE_EXCEEDED,
    message: 'This stake would take the round past the maximum allowed while a bonus is active',
  },
  /** A stake above the player's own stake limit (migration 0500; the answer carries the limit). */
  rg_stake_limit: { errorCode: ErrorCode.RG_STAKE_LIMIT_EXCEEDED, message: 'This stake is above your stake limit' },
  /**
   * A stake that, lost whole, would take a period's net loss past the player's loss limit
   * (migration 0500; the answer carries the period, the limit and the room left).
   */
  rg_loss_limit: {
    errorCode: ErrorCode.RG_LOSS_LIMIT_REACHED,
    message: 'This stake could take you past your loss limit',
  },
  /** A win above the configured cap for its round. */
  win_limit_exceeded: {
    errorCode: ErrorCode.WIN_LIMIT_EXCEEDED,
    message: 'This win is above the maximum for the round',
  },
  /** A rollback naming a bet of another player, round or kind. */
  rollback_without_bet: { errorCode: ErrorCode.BET_NOT_FOUND, message: 'No bet of this player and round has this id' },
  /** An end of round for a round we do not know. */
  unknown_round: { errorCode: ErrorCode.BET_NOT_FOUND, message: 'No such round' },
  /** A player id that is no member. */
  unknown_player: { errorCode: ErrorCode.BET_NOT_FOUND, message: 'Unknown player' },
  /**
   * A stake on a product the operator's licence forbids (BR: a P2P table), refused by the stake
   * door before seamless_apply (migration 0610; the answer carries the rule and its source).
   */
  licence_product: {
    errorCode: ErrorCode.LICENCE_REFUSED,
    message: "The operator's licence does not allow this game",
  },
  /**
   * A stake from an account without the identity the licence requires (BR: no CPF, or no passed
   * identity check), refused by the stake door before seamless_apply (migration 0655).
   */
  licence_identity: {
    errorCode: ErrorCode.LICENCE_REFUSED,
    message: 'Identify yourself and pass the identity check before playing',
  },
} as const satisfies Record<string, SeamlessRefusal>;

export type SeamlessRefusalReason = keyof typeof SEAMLESS_REFUSALS;

/** The refusal as an error the vendor receives (HTTP status from its code). */
export function refuse(reason: SeamlessRefusalReason, value?: unknown): AppError {
  const { errorCode, message } = SEAMLESS_REFUSALS[reason];
  return new AppError(errorCode, message, value);
}

/** The refusal as stored under a vendor transaction id, so replays get the same answer. */
export function storedRefusal(
  reason: SeamlessRefusalReason,
  value?: unknown,
): { error: { errorCode: ErrorCode; message: string; value?: unknown } } {
  const { errorCode, message } = SEAMLESS_REFUSALS[reason];
  return { error: value === undefined ? { errorCode, message } : { errorCode, message, value } };
}
