/**
 * Stable, machine-readable error codes. The web translates by code; the server's
 * `message` is only an English fallback. Never rename a code: clients depend on it.
 */
// The reasons a session ended live in their own small module, so the player site's first download
// (its api client notes the reason) does not carry this whole table of codes.
export { SESSION_END_REASONS, type SessionEndReason, type SessionRevokeReason } from './session-end-reasons';

export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  ENCRYPTION_REQUIRED: 'ENCRYPTION_REQUIRED',
  DECRYPTION_FAILED: 'DECRYPTION_FAILED',
  ENCRYPTION_KEY_EXPIRED: 'ENCRYPTION_KEY_EXPIRED',
  PAYLOAD_REPLAYED: 'PAYLOAD_REPLAYED',
  PAYLOAD_STALE: 'PAYLOAD_STALE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  /** Trial (type 4) accounts touching real money or account actions. */
  NEED_TRUE_ACCOUNT: 'in_need_true_account',
  /** Invitation / affiliate code rejected. */
  INVITATION_CODE_ERROR: 'invitation_code_error',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  MOBILE_TAKEN: 'MOBILE_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  AGREEMENT_REQUIRED: 'AGREEMENT_REQUIRED',
  FEATURE_DISABLED: 'FEATURE_DISABLED',
  SMS_CODE_INVALID: 'SMS_CODE_INVALID',
  SMS_CODE_EXPIRED: 'SMS_CODE_EXPIRED',
  SMS_SEND_FAILED: 'SMS_SEND_FAILED',
  EMAIL_SEND_FAILED: 'EMAIL_SEND_FAILED',
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  OLD_PASSWORD_INCORRECT: 'OLD_PASSWORD_INCORRECT',
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  SYSTEM_MAINTENANCE: 'SYSTEM_MAINTENANCE',
  /** A change lost its race with concurrent changes on every attempt; nothing was written. */
  SERVER_BUSY: 'SERVER_BUSY',
  /**
   * The instance is overloaded (event loop too slow, memory past its bound, or too many requests
   * in flight) and refused the request before doing any of it; `Retry-After` says when to try
   * again (docs/operations.md, "Load shedding").
   */
  SERVER_OVERLOADED: 'SERVER_OVERLOADED',
  REGION_RESTRICTED: 'REGION_RESTRICTED',
  UNKNOWN_MERCHANT: 'UNKNOWN_MERCHANT',
  /** Security centre: payment password, payee name, bank accounts, links. */
  PAYMENT_PASSWORD_NOT_SET: 'PAYMENT_PASSWORD_NOT_SET',
  PAYMENT_PASSWORD_ALREADY_SET: 'PAYMENT_PASSWORD_ALREADY_SET',
  PAYMENT_PASSWORD_INVALID: 'PAYMENT_PASSWORD_INVALID',
  PAYMENT_PASSWORD_LOCKED: 'PAYMENT_PASSWORD_LOCKED',
  PAYEE_NAME_REQUIRED: 'PAYEE_NAME_REQUIRED',
  PAYEE_NAME_ALREADY_SET: 'PAYEE_NAME_ALREADY_SET',
  BANK_ACCOUNT_NOT_FOUND: 'BANK_ACCOUNT_NOT_FOUND',
  BANK_ACCOUNT_HOLDER_MISMATCH: 'BANK_ACCOUNT_HOLDER_MISMATCH',
  BANK_ACCOUNT_LIMIT_REACHED: 'BANK_ACCOUNT_LIMIT_REACHED',
  BANK_ACCOUNT_DUPLICATE: 'BANK_ACCOUNT_DUPLICATE',
  BANK_NOT_SUPPORTED: 'BANK_NOT_SUPPORTED',
  EMAIL_ALREADY_BOUND: 'EMAIL_ALREADY_BOUND',
  MOBILE_ALREADY_BOUND: 'MOBILE_ALREADY_BOUND',
  EMAIL_CODE_INVALID: 'EMAIL_CODE_INVALID',
  EMAIL_CODE_EXPIRED: 'EMAIL_CODE_EXPIRED',
  /** Operators, deposits and notices. */
  OPERATOR_UNAUTHORIZED: 'OPERATOR_UNAUTHORIZED',
  OPERATOR_FORBIDDEN: 'OPERATOR_FORBIDDEN',
  /** Operator two-factor login. */
  OPERATOR_TOTP_REQUIRED: 'OPERATOR_TOTP_REQUIRED',
  OPERATOR_TOTP_INVALID: 'OPERATOR_TOTP_INVALID',
  /** Too many wrong codes for this operator (from any address): the next is checked after retryAfterSeconds. */
  OPERATOR_TOTP_TOO_EARLY: 'OPERATOR_TOTP_TOO_EARLY',
  OPERATOR_ENROLMENT_EXPIRED: 'OPERATOR_ENROLMENT_EXPIRED',
  /** Operator management: an admin disabling or demoting themselves; the last active admin. */
  OPERATOR_SELF_CHANGE: 'OPERATOR_SELF_CHANGE',
  OPERATOR_LAST_ADMIN: 'OPERATOR_LAST_ADMIN',
  DEPOSIT_CHANNEL_NOT_FOUND: 'DEPOSIT_CHANNEL_NOT_FOUND',
  DEPOSIT_CHANNEL_DISABLED: 'DEPOSIT_CHANNEL_DISABLED',
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 'DEPOSIT_AMOUNT_OUT_OF_RANGE',
  DEPOSIT_ORDER_NOT_FOUND: 'DEPOSIT_ORDER_NOT_FOUND',
  DEPOSIT_ORDER_RESOLVED: 'DEPOSIT_ORDER_RESOLVED',
  DEPOSIT_ORDER_EXPIRED: 'DEPOSIT_ORDER_EXPIRED',
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  WEBHOOK_PAYMENT_UNKNOWN: 'WEBHOOK_PAYMENT_UNKNOWN',
  WEBHOOK_AMOUNT_MISMATCH: 'WEBHOOK_AMOUNT_MISMATCH',
  /** Withdrawals and transfers. */
  AMOUNT_INVALID: 'AMOUNT_INVALID',
  WITHDRAWAL_AMOUNT_BELOW_MIN: 'WITHDRAWAL_AMOUNT_BELOW_MIN',
  WITHDRAWAL_AMOUNT_ABOVE_MAX: 'WITHDRAWAL_AMOUNT_ABOVE_MAX',
  WITHDRAWAL_DAILY_LIMIT_REACHED: 'WITHDRAWAL_DAILY_LIMIT_REACHED',
  WITHDRAWAL_NOT_FOUND: 'WITHDRAWAL_NOT_FOUND',
  WITHDRAWAL_ALREADY_RESOLVED: 'WITHDRAWAL_ALREADY_RESOLVED',
  WITHDRAWAL_NOT_CONFIRMABLE: 'WITHDRAWAL_NOT_CONFIRMABLE',
  WITHDRAWAL_NOT_DISPUTED: 'WITHDRAWAL_NOT_DISPUTED',
  /** A vendor transfer the operator asked about was already settled. */
  TRANSFER_NOT_PENDING: 'TRANSFER_NOT_PENDING',
  PROOF_REQUIRED: 'PROOF_REQUIRED',
  PROOF_TOO_MANY: 'PROOF_TOO_MANY',
  PROOF_TOO_LARGE: 'PROOF_TOO_LARGE',
  PROOF_TYPE_INVALID: 'PROOF_TYPE_INVALID',
  NO_UPLINE: 'NO_UPLINE',
  UPLINE_TRANSFER_NOT_ALLOWED: 'UPLINE_TRANSFER_NOT_ALLOWED',
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
  /** A login link's code that is unknown, used, expired or whose session ended. */
  LOGIN_CODE_INVALID: 'LOGIN_CODE_INVALID',
  /**
   * No refresh cookie, or one that is unknown, spent, expired, or whose sign-in ended (logout, a
   * password change, an operator, idle past the limit: then `value.sessionEnded` is 'idle').
   */
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  /** A spent refresh token came back: someone copied it, so the whole sign-in was ended. */
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  /** An e-mailed password-reset link that is unknown, used or expired. */
  RESET_LINK_INVALID: 'RESET_LINK_INVALID',
  /** Back-office player administration: an unknown player; manual adjustments and their approval. */
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
  ADJUSTMENT_NOT_FOUND: 'ADJUSTMENT_NOT_FOUND',
  ADJUSTMENT_ALREADY_DECIDED: 'ADJUSTMENT_ALREADY_DECIDED',
  /** Four eyes: the operator who requested an adjustment cannot approve or reject it. */
  ADJUSTMENT_OWN_REQUEST: 'ADJUSTMENT_OWN_REQUEST',
  /** The operator money policy: an unknown or already decided raise of its thresholds; four eyes (never one's own request). */
  MONEY_LIMIT_CHANGE_NOT_FOUND: 'MONEY_LIMIT_CHANGE_NOT_FOUND',
  MONEY_LIMIT_CHANGE_ALREADY_DECIDED: 'MONEY_LIMIT_CHANGE_ALREADY_DECIDED',
  SETUP_CHANGE_NOT_FOUND: 'SETUP_CHANGE_NOT_FOUND',
  SETUP_CHANGE_ALREADY_DECIDED: 'SETUP_CHANGE_ALREADY_DECIDED',
  MONEY_OWN_REQUEST: 'MONEY_OWN_REQUEST',
  /** Site content: an unknown item; a status change to the status it already has. */
  CONTENT_NOT_FOUND: 'CONTENT_NOT_FOUND',
  CONTENT_STATUS_UNCHANGED: 'CONTENT_STATUS_UNCHANGED',
  /** Uploaded images: not of an accepted type by their bytes; over the size limits; an item naming an image never uploaded. */
  IMAGE_TYPE_INVALID: 'IMAGE_TYPE_INVALID',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  IMAGE_NOT_FOUND: 'IMAGE_NOT_FOUND',
  /** More images than the form allows (feedback: 3). */
  IMAGE_TOO_MANY: 'IMAGE_TOO_MANY',
  /** Feedback is answered once. */
  FEEDBACK_ALREADY_ANSWERED: 'FEEDBACK_ALREADY_ANSWERED',
  /** Rebate: the period has not ended (or has nothing to pay, or the rebate is paid automatically); the period was paid already. */
  REBATE_NOT_CLAIMABLE: 'REBATE_NOT_CLAIMABLE',
  REBATE_ALREADY_CLAIMED: 'REBATE_ALREADY_CLAIMED',
  /** Missions: unknown or not live; its steps are not all done; its reward for this period was claimed already. */
  MISSION_NOT_FOUND: 'MISSION_NOT_FOUND',
  MISSION_NOT_COMPLETED: 'MISSION_NOT_COMPLETED',
  MISSION_ALREADY_CLAIMED: 'MISSION_ALREADY_CLAIMED',
  /** A decision on a mission that is not waiting for a second operator (decided already, or never waited). */
  MISSION_NOT_AWAITING: 'MISSION_NOT_AWAITING',
  /** Points: the operator's points switch (PTSYS3) is off; fewer points than asked; a conversion below the minimum. */
  POINTS_DISABLED: 'POINTS_DISABLED',
  POINTS_INSUFFICIENT: 'POINTS_INSUFFICIENT',
  POINTS_BELOW_MINIMUM: 'POINTS_BELOW_MINIMUM',
  /** Points mall: an unknown or archived item; an item out of stock; an unknown redemption; one already decided. */
  MALL_ITEM_NOT_FOUND: 'MALL_ITEM_NOT_FOUND',
  MALL_ITEM_OUT_OF_STOCK: 'MALL_ITEM_OUT_OF_STOCK',
  /** A decision on a mall item that is not waiting for a second operator. */
  MALL_ITEM_NOT_AWAITING: 'MALL_ITEM_NOT_AWAITING',
  REDEMPTION_NOT_FOUND: 'REDEMPTION_NOT_FOUND',
  REDEMPTION_ALREADY_DECIDED: 'REDEMPTION_ALREADY_DECIDED',
  /** VIP levels: ranks not 0..n in order, or thresholds that do not rise with the rank. */
  VIP_LEVELS_INVALID: 'VIP_LEVELS_INVALID',
  /** Platform messages: an unknown message; one already withdrawn; named players who have no (real-money) account. */
  MESSAGE_NOT_FOUND: 'MESSAGE_NOT_FOUND',
  MESSAGE_WITHDRAWN: 'MESSAGE_WITHDRAWN',
  MESSAGE_RECIPIENTS_UNKNOWN: 'MESSAGE_RECIPIENTS_UNKNOWN',
  /** Site settings: another operator changed a setting after this one loaded it; reload and redo. */
  SETTING_CHANGED: 'SETTING_CHANGED',
  /** Rewards engine: an unknown rule; a rule that is live or ended (pause it first); a status change its state does not allow. */
  REWARD_RULE_NOT_FOUND: 'REWARD_RULE_NOT_FOUND',
  REWARD_RULE_NOT_EDITABLE: 'REWARD_RULE_NOT_EDITABLE',
  REWARD_RULE_STATUS_INVALID: 'REWARD_RULE_STATUS_INVALID',
  /** The operator's jurisdiction profile forbids this reward or condition; `value.reasons` names why. */
  REWARD_FORBIDDEN_BY_JURISDICTION: 'REWARD_FORBIDDEN_BY_JURISDICTION',
  /** Reward grants: unknown (or another player's); not waiting for the player's claim; past its claim date; not held for review. */
  GRANT_NOT_FOUND: 'GRANT_NOT_FOUND',
  GRANT_NOT_CLAIMABLE: 'GRANT_NOT_CLAIMABLE',
  GRANT_EXPIRED: 'GRANT_EXPIRED',
  GRANT_NOT_HELD: 'GRANT_NOT_HELD',
  /** A held grant's release already waits for a second operator; a release approval with no release waiting. */
  GRANT_RELEASE_WAITING: 'GRANT_RELEASE_WAITING',
  GRANT_RELEASE_NOT_WAITING: 'GRANT_RELEASE_NOT_WAITING',
  /** Promotions' activity: a promotion without participation settings; one not open now (coming soon or closed); the wrong action for its mode; already done this period; an application not (or no longer) awaiting the action. */
  PROMO_NOT_FOUND: 'PROMO_NOT_FOUND',
  PROMO_NOT_OPEN: 'PROMO_NOT_OPEN',
  PROMO_MODE_MISMATCH: 'PROMO_MODE_MISMATCH',
  PROMO_ALREADY_DONE: 'PROMO_ALREADY_DONE',
  PROMO_APPLICATION_NOT_FOUND: 'PROMO_APPLICATION_NOT_FOUND',
  PROMO_APPLICATION_DECIDED: 'PROMO_APPLICATION_DECIDED',
  /** An application's approval already waits for a second operator; a second approval with none waiting. */
  PROMO_APPLICATION_WAITING: 'PROMO_APPLICATION_WAITING',
  PROMO_APPLICATION_NOT_WAITING: 'PROMO_APPLICATION_NOT_WAITING',
  PROMO_NOTHING_TO_CLAIM: 'PROMO_NOTHING_TO_CLAIM',
  PROMO_REWARD_RULE_MISSING: 'PROMO_REWARD_RULE_MISSING',
  PROMO_REWARD_RULE_INVALID: 'PROMO_REWARD_RULE_INVALID',
  /** Raffles: an unknown raffle; one already drawn (no more tickets); no tickets to claim. */
  RAFFLE_NOT_FOUND: 'RAFFLE_NOT_FOUND',
  RAFFLE_CLOSED: 'RAFFLE_CLOSED',
  RAFFLE_NO_TICKETS: 'RAFFLE_NO_TICKETS',
  /** The raffle's prizes passed a set-up ceiling: it waits for a second operator (no tickets, no draw). */
  RAFFLE_AWAITING_APPROVAL: 'RAFFLE_AWAITING_APPROVAL',
  /** Only a raffle waiting for a second operator can be approved or rejected. */
  RAFFLE_NOT_AWAITING: 'RAFFLE_NOT_AWAITING',
  /** The agent side: a call only agents (account types 1, 2, 41, 42) may make. */
  AGENT_ONLY: 'AGENT_ONLY',
  /** The agent tree: an unknown member; a new upline that is not an active agent; a move under the member's own downline. */
  AGENT_MEMBER_NOT_FOUND: 'AGENT_MEMBER_NOT_FOUND',
  AGENT_UPLINE_INVALID: 'AGENT_UPLINE_INVALID',
  AGENT_TREE_CYCLE: 'AGENT_TREE_CYCLE',
  /**
   * Agent contracts: unknown or not the member's; an action its state or the member's side does not
   * allow; an offer to a member who is not a direct downline agent; an offer already awaiting an
   * answer; a rate above the upline's (or an upline without a contract of the type); lower terms
   * that would end downlines' contracts, not confirmed (`value.affected`).
   */
  AGENT_CONTRACT_NOT_FOUND: 'AGENT_CONTRACT_NOT_FOUND',
  AGENT_CONTRACT_STATE: 'AGENT_CONTRACT_STATE',
  AGENT_NOT_DIRECT_DOWNLINE: 'AGENT_NOT_DIRECT_DOWNLINE',
  AGENT_CONTRACT_PENDING: 'AGENT_CONTRACT_PENDING',
  AGENT_RATE_ABOVE_UPLINE: 'AGENT_RATE_ABOVE_UPLINE',
  AGENT_CONTRACT_CONFIRM_CASCADE: 'AGENT_CONTRACT_CONFIRM_CASCADE',
  /** An operator's change of an account type: a trial account cannot take one; an agent with downlines cannot become a member. */
  AGENT_TYPE_INVALID: 'AGENT_TYPE_INVALID',
  AGENT_HAS_DOWNLINES: 'AGENT_HAS_DOWNLINES',
  AGENT_STATEMENT_NOT_FOUND: 'AGENT_STATEMENT_NOT_FOUND',
  AGENT_SETTLEMENT_RUN_NOT_FOUND: 'AGENT_SETTLEMENT_RUN_NOT_FOUND',
  AGENT_SETTLEMENT_RUN_STATE: 'AGENT_SETTLEMENT_RUN_STATE',
  AGENT_HOLD_NOT_FOUND: 'AGENT_HOLD_NOT_FOUND',
  AGENT_HOLD_EXISTS: 'AGENT_HOLD_EXISTS',
  /** The agent centre's links: not one of the agent's (or deleted); the most an agent keeps reached. */
  AGENT_LINK_NOT_FOUND: 'AGENT_LINK_NOT_FOUND',
  AGENT_LINK_LIMIT: 'AGENT_LINK_LIMIT',
  /** The lottery: games, draws, bet slips and their limits, results entered with four eyes. */
  LOTTERY_GAME_NOT_FOUND: 'LOTTERY_GAME_NOT_FOUND',
  LOTTERY_GAME_PAUSED: 'LOTTERY_GAME_PAUSED',
  LOTTERY_DRAW_NOT_FOUND: 'LOTTERY_DRAW_NOT_FOUND',
  LOTTERY_DRAW_CLOSED: 'LOTTERY_DRAW_CLOSED',
  LOTTERY_SELECTION_INVALID: 'LOTTERY_SELECTION_INVALID',
  LOTTERY_STAKE_INVALID: 'LOTTERY_STAKE_INVALID',
  LOTTERY_LIMIT_EXCEEDED: 'LOTTERY_LIMIT_EXCEEDED',
  LOTTERY_TICKET_LIMIT: 'LOTTERY_TICKET_LIMIT',
  LOTTERY_DRAW_NOT_DUE: 'LOTTERY_DRAW_NOT_DUE',
  LOTTERY_DRAW_STATE: 'LOTTERY_DRAW_STATE',
  LOTTERY_RESULT_INVALID: 'LOTTERY_RESULT_INVALID',
  LOTTERY_RESULT_ENTRY_NOT_FOUND: 'LOTTERY_RESULT_ENTRY_NOT_FOUND',
  LOTTERY_RESULT_SAME_OPERATOR: 'LOTTERY_RESULT_SAME_OPERATOR',
  LOTTERY_VOID_PENDING: 'LOTTERY_VOID_PENDING',
  LOTTERY_VOID_REQUEST_NOT_FOUND: 'LOTTERY_VOID_REQUEST_NOT_FOUND',
  LOTTERY_VOID_SAME_OPERATOR: 'LOTTERY_VOID_SAME_OPERATOR',
  /** Responsible gambling (modules/responsible-gaming, docs/compliance.md): limits, time-outs, self-exclusion. */
  RG_DEPOSIT_LIMIT_REACHED: 'RG_DEPOSIT_LIMIT_REACHED',
  RG_STAKE_LIMIT_EXCEEDED: 'RG_STAKE_LIMIT_EXCEEDED',
  RG_VENDOR_WALLET_OVER_STAKE_LIMIT: 'RG_VENDOR_WALLET_OVER_STAKE_LIMIT',
  RG_LOSS_LIMIT_REACHED: 'RG_LOSS_LIMIT_REACHED',
  RG_LIMITS_REQUIRED: 'RG_LIMITS_REQUIRED',
  RG_TIME_LIMIT_REACHED: 'RG_TIME_LIMIT_REACHED',
  RG_TIME_OUT_ACTIVE: 'RG_TIME_OUT_ACTIVE',
  RG_SELF_EXCLUDED: 'RG_SELF_EXCLUDED',
  RG_SELF_EXCLUSION_COOLING_OFF: 'RG_SELF_EXCLUSION_COOLING_OFF',
  RG_EXCLUDED_REGISTRATION: 'RG_EXCLUDED_REGISTRATION',
  RG_LIMIT_CHANGE_NOT_PENDING: 'RG_LIMIT_CHANGE_NOT_PENDING',
  RG_LIMIT_CHANGE_NOT_DUE: 'RG_LIMIT_CHANGE_NOT_DUE',
  RG_REALITY_CHECK_REQUIRED: 'RG_REALITY_CHECK_REQUIRED',
  RG_REOPEN_INVALID: 'RG_REOPEN_INVALID',
  /**
   * Identity under a profile that identifies players (BR; docs/compliance.md): an account exists
   * for this CPF; younger than the licence's minimum age; a registration the barred-persons list
   * refuses (the reason is never told); a login it refuses; the list could not be asked (nothing
   * was done: try again).
   */
  CPF_TAKEN: 'CPF_TAKEN',
  UNDER_MINIMUM_AGE: 'UNDER_MINIMUM_AGE',
  REGISTRATION_REFUSED: 'REGISTRATION_REFUSED',
  ACCOUNT_RESTRICTED: 'ACCOUNT_RESTRICTED',
  /** An account made before the operator switched to a licence that identifies players: its session does nothing but take the CPF and date of birth (POST /wps/member/identity). */
  IDENTITY_REQUIRED: 'IDENTITY_REQUIRED',
  BARRED_LIST_UNAVAILABLE: 'BARRED_LIST_UNAVAILABLE',
  /** Barred-list hits in the back office: unknown; already settled (or a sign-up refusal, with nothing to settle); the member still has a balance to move out first. */
  BARRED_HIT_NOT_FOUND: 'BARRED_HIT_NOT_FOUND',
  BARRED_HIT_NOT_OPEN: 'BARRED_HIT_NOT_OPEN',
  BARRED_BALANCE_OUTSTANDING: 'BARRED_BALANCE_OUTSTANDING',
  /**
   * A barred member's refund by PIX: an earlier refund is still under way or
   * paid; the balance cannot go out as a withdrawal (`value.reason`: nothing_to_refund, no_pix_key,
   * below_minimum, above_maximum, identity_unverified); the hit's refund is not paid yet, so it
   * cannot be settled.
   */
  BARRED_REFUND_OPEN: 'BARRED_REFUND_OPEN',
  BARRED_REFUND_NOT_PAYABLE: 'BARRED_REFUND_NOT_PAYABLE',
  BARRED_REFUND_NOT_PAID: 'BARRED_REFUND_NOT_PAID',
  /** The sandbox barred list: the CPF is listed already; an unknown entry. */
  BARRED_CPF_LISTED: 'BARRED_CPF_LISTED',
  BARRED_LIST_ENTRY_NOT_FOUND: 'BARRED_LIST_ENTRY_NOT_FOUND',
  /** The daily regulator export (docs/compliance.md, "Records, audit and reports"): a run of that day is in progress; the day has not ended (with its grace); no such run or file. */
  REGULATOR_EXPORT_BUSY: 'REGULATOR_EXPORT_BUSY',
  REGULATOR_EXPORT_DAY_NOT_ENDED: 'REGULATOR_EXPORT_DAY_NOT_ENDED',
  REGULATOR_EXPORT_NOT_FOUND: 'REGULATOR_EXPORT_NOT_FOUND',
  /**
   * Identity checks (KYC; docs/compliance.md, "KYC"): the player is verified already; no provider
   * can take a check now (nothing was started); no such check; the check is not waiting for an
   * operator; a withdrawal (or a deposit past the unverified limit) needs a verified identity.
   */
  KYC_ALREADY_VERIFIED: 'KYC_ALREADY_VERIFIED',
  KYC_PROVIDER_UNAVAILABLE: 'KYC_PROVIDER_UNAVAILABLE',
  KYC_CHECK_NOT_FOUND: 'KYC_CHECK_NOT_FOUND',
  KYC_NOT_IN_REVIEW: 'KYC_NOT_IN_REVIEW',
  KYC_REQUIRED: 'KYC_REQUIRED',
  /** Before the identity check has passed, deposits stop at the operator's cumulative cap (`value`: cap and room left). */
  KYC_DEPOSIT_CAP_REACHED: 'KYC_DEPOSIT_CAP_REACHED',
  /** A facial re-verification was due at login: no play, deposit or withdrawal until it passes. */
  KYC_REVERIFICATION_REQUIRED: 'KYC_REVERIFICATION_REQUIRED',
  /** A re-verification was asked for while none is due. */
  KYC_REVERIFICATION_NOT_DUE: 'KYC_REVERIFICATION_NOT_DUE',
  /** Under a licence that identifies players the payee name is the one read from the verified document: the player cannot type it. */
  PAYEE_NAME_FROM_IDENTITY: 'PAYEE_NAME_FROM_IDENTITY',
  /** Closing one's account (docs/compliance.md, "Player rights"): refused for an agent, while money is still at a game vendor, or when closed already (`value.reason`: agent, balance, closed). */
  ACCOUNT_CLOSURE_REFUSED: 'ACCOUNT_CLOSURE_REFUSED',
  /**
   * PIX and own accounts (docs/compliance.md, "PIX"): the licence does not take this kind of
   * money (cards, crypto, cash under BR); the account has no CPF to match payments and payout
   * accounts against; the PIX key or bank account belongs to another CPF; the PIX directory does
   * not know it; the directory cannot be asked now.
   */
  DEPOSIT_METHOD_NOT_ALLOWED: 'DEPOSIT_METHOD_NOT_ALLOWED',
  OWN_CPF_REQUIRED: 'OWN_CPF_REQUIRED',
  PAYOUT_ACCOUNT_NOT_OWN: 'PAYOUT_ACCOUNT_NOT_OWN',
  PAYOUT_ACCOUNT_UNKNOWN: 'PAYOUT_ACCOUNT_UNKNOWN',
  PIX_DIRECTORY_UNAVAILABLE: 'PIX_DIRECTORY_UNAVAILABLE',
  /** The gateway could not take back a payment it must return to its payer; the gateway retries its webhook. */
  DEPOSIT_RETURN_PENDING: 'DEPOSIT_RETURN_PENDING',
  /**
   * An operator's confirmation of a manual bank transfer under a licence that takes only the
   * player's own money (BR): the statement's payer CPF was not given (`value.reason`
   * 'payer_unknown') or is not the player's ('payer_not_owner', with `value.payerCpfMasked`).
   * Nothing is credited or written; the operator rejects the order and returns the money.
   */
  DEPOSIT_PAYER_NOT_OWNER: 'DEPOSIT_PAYER_NOT_OWNER',
  /** Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"): no such flag; the flag is closed already (notes and outcome are kept as they were). */
  MONITORING_FLAG_NOT_FOUND: 'MONITORING_FLAG_NOT_FOUND',
  MONITORING_FLAG_CLOSED: 'MONITORING_FLAG_CLOSED',
  /**
   * Anti-money laundering (docs/compliance.md, "Anti-money laundering"): no such case; the case's
   * state does not allow this step (`value.status`); the operator who proposed a filing cannot
   * approve it (four eyes); the COAF report could not be sent now (nothing filed, try again).
   */
  AML_CASE_NOT_FOUND: 'AML_CASE_NOT_FOUND',
  AML_CASE_STATE: 'AML_CASE_STATE',
  AML_CASE_OWN_FILING: 'AML_CASE_OWN_FILING',
  AML_REPORT_UNAVAILABLE: 'AML_REPORT_UNAVAILABLE',
  /** The online-service list's chat entry asked for is switched off or no longer there. */
  ONLINE_SERVICE_NOT_FOUND: 'ONLINE_SERVICE_NOT_FOUND',
  /** Login from a device the account has not remembered (docs/decisions.md): the code is wrong, spent or its challenge unknown; the code has expired; no such remembered device. */
  DEVICE_CODE_INVALID: 'DEVICE_CODE_INVALID',
  DEVICE_CODE_EXPIRED: 'DEVICE_CODE_EXPIRED',
  TRUSTED_DEVICE_NOT_FOUND: 'TRUSTED_DEVICE_NOT_FOUND',
  /** No code can reach the account (no mobile, no e-mail): the player asks their agent for a pass. */
  DEVICE_VERIFICATION_NO_CONTACT: 'DEVICE_VERIFICATION_NO_CONTACT',
  /** The agent's pass is only for accounts no code can reach. */
  DEVICE_PASS_HAS_CONTACT: 'DEVICE_PASS_HAS_CONTACT',
  /**
   * Sign-in with an identity provider: no such enabled provider; the attempt (state) is unknown,
   * spent, expired or from another browser; the provider refused or its answer did not validate;
   * the identity is linked to another account already; no such link of the member.
   */
  OIDC_PROVIDER_NOT_FOUND: 'OIDC_PROVIDER_NOT_FOUND',
  OIDC_FLOW_INVALID: 'OIDC_FLOW_INVALID',
  OIDC_SIGN_IN_FAILED: 'OIDC_SIGN_IN_FAILED',
  OIDC_IDENTITY_TAKEN: 'OIDC_IDENTITY_TAKEN',
  OIDC_LINK_NOT_FOUND: 'OIDC_LINK_NOT_FOUND',
  /**
   * The operator's licence (modules/licence): a door the licence refuses (`value` names the door,
   * the rule and its source); a switch of profile that live set-ups would break (`value.blockers`
   * lists them); a switch already waiting; an unknown or decided switch; a door no check was wired
   * to, refused rather than let through (the port fails closed).
   */
  LICENCE_REFUSED: 'LICENCE_REFUSED',
  LICENCE_SWITCH_BLOCKED: 'LICENCE_SWITCH_BLOCKED',
  LICENCE_CHANGE_PENDING: 'LICENCE_CHANGE_PENDING',
  LICENCE_CHANGE_NOT_FOUND: 'LICENCE_CHANGE_NOT_FOUND',
  LICENCE_CHANGE_ALREADY_DECIDED: 'LICENCE_CHANGE_ALREADY_DECIDED',
  LICENCE_DOOR_NOT_WIRED: 'LICENCE_DOOR_NOT_WIRED',
  /**
   * The licence's contactConfirmation rule: an account registered without a confirmed contact
   * stakes and moves no money until it enters a code sent to its e-mail or mobile (`value` as
   * LICENCE_REFUSED's: the door, the rule and its source).
   */
  CONTACT_CONFIRMATION_REQUIRED: 'CONTACT_CONFIRMATION_REQUIRED',
  /**
   * The licence's certifiedGames rule: a house original with no lab certificate on record is not
   * offered where the licence asks for one (`value` as LICENCE_REFUSED's, with the game's node id).
   */
  GAME_NOT_CERTIFIED: 'GAME_NOT_CERTIFIED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
