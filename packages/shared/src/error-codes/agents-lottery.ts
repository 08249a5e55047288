// ErrorCode's codes for the agent side (tree, contracts, statements, settlement, links) and the lottery. Callers import ErrorCode from ../error-codes.ts.
export const AGENT_LOTTERY_ERRORS = {
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
} as const;
