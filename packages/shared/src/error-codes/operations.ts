// ErrorCode's codes for sign-in links and tokens, the back office's player administration and money policy, site content, and promotions and rewards (rebate, missions, points, mall, VIP, messages, rules, grants, promotions, raffles). Callers import ErrorCode from ../error-codes.ts.
export const OPERATION_ERRORS = {
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
} as const;
