// ErrorCode's codes for the game catalogue, the vendor gateway (launches, seamless and transfer wallets), bonuses at stake, and the in-house games. Callers import ErrorCode from ../error-codes.ts.
export const GAME_ERRORS = {
  /** Game catalogue. */
  VENDOR_NOT_FOUND: 'VENDOR_NOT_FOUND',
  VENDOR_MAINTENANCE: 'VENDOR_MAINTENANCE',
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  GAME_MAINTENANCE: 'GAME_MAINTENANCE',
  /** A catalogue vendor with no wallet adapter yet: listed in the lobby, not launchable. */
  VENDOR_NOT_CONNECTED: 'VENDOR_NOT_CONNECTED',
  /** Vendor gateway: launch tokens, seamless callbacks, transfer wallet. */
  VENDOR_SIGNATURE_INVALID: 'VENDOR_SIGNATURE_INVALID',
  VENDOR_TOKEN_INVALID: 'VENDOR_TOKEN_INVALID',
  DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  BET_NOT_FOUND: 'BET_NOT_FOUND',
  BET_CANCELLED: 'BET_CANCELLED',
  ROUND_SETTLED: 'ROUND_SETTLED',
  ROUND_MISMATCH: 'ROUND_MISMATCH',
  VENDOR_UNAVAILABLE: 'VENDOR_UNAVAILABLE',
  /** PVP rooms (GLS2_roomList, a launch with roomId): the vendor lists no such room for that game; the room is full or closed. */
  ROOM_NOT_FOUND: 'ROOM_NOT_FOUND',
  ROOM_NOT_JOINABLE: 'ROOM_NOT_JOINABLE',
  TRANSFER_PENDING: 'TRANSFER_PENDING',
  /** Vendor boundary: money callbacks from a transfer-model vendor; a win over the configured cap. */
  VENDOR_NOT_SEAMLESS: 'VENDOR_NOT_SEAMLESS',
  WIN_LIMIT_EXCEEDED: 'WIN_LIMIT_EXCEEDED',
  /** A stake above the active bonus's maximum stake per round (a seamless refusal). */
  BONUS_MAX_STAKE_EXCEEDED: 'BONUS_MAX_STAKE_EXCEEDED',
  /** A withdrawal asked while a bonus is active, without confirming its forfeit (`value.bonuses`). */
  BONUS_FORFEIT_CONFIRMATION_REQUIRED: 'BONUS_FORFEIT_CONFIRMATION_REQUIRED',
  BONUS_NOT_FOUND: 'BONUS_NOT_FOUND',
  /** The bonus has already ended (converted, forfeited, expired or cancelled). */
  BONUS_ALREADY_ENDED: 'BONUS_ALREADY_ENDED',
  /** A bonus given by an operator that waited for a second operator: unknown; no longer waiting. */
  BONUS_REQUEST_NOT_FOUND: 'BONUS_REQUEST_NOT_FOUND',
  BONUS_REQUEST_DECIDED: 'BONUS_REQUEST_DECIDED',
  // In-house games: a stake below the game's minBet, above the maximum or not a whole step.
  STAKE_INVALID: 'STAKE_INVALID',
  /** The seed cannot be revealed while a round under it is not settled yet. */
  ROUND_IN_PROGRESS: 'ROUND_IN_PROGRESS',
  /** A multi-step original (mines, hi-lo) already has an open round for this player: `value.round` is it, to resume. */
  ROUND_OPEN: 'ROUND_OPEN',
  /** A step or cash-out on a round that is over (busted or cashed out) or not the player's. */
  ROUND_NOT_OPEN: 'ROUND_NOT_OPEN',
  /** A step the round's rules refuse (`value.reason`): a tile already revealed, a cash-out before a safe step, a call past the cap. */
  MOVE_INVALID: 'MOVE_INVALID',
  /** Crash: a bet after the round's betting window closed (the flight has begun or is about to). */
  CRASH_BETTING_CLOSED: 'CRASH_BETTING_CLOSED',
  /** Crash: a second bet of the same player in one round (one bet per player per round). */
  CRASH_ALREADY_BET: 'CRASH_ALREADY_BET',
  /** Crash: a cash-out from a player with no bet flying in the round. */
  CRASH_NO_BET: 'CRASH_NO_BET',
  /** Crash: a cash-out that reached the server after the multiplier had passed the crash point. */
  CRASH_ROUND_BUSTED: 'CRASH_ROUND_BUSTED',
} as const;
