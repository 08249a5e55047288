/**
 * Stable, machine-readable error codes. The web translates by code; the server's
 * `message` is only an English fallback. Never rename a code: clients depend on it.
 */
// The reasons a session ended live in their own small module, so the player site's first download
// (its api client notes the reason) does not carry this whole table of codes.
export { SESSION_END_REASONS, type SessionEndReason, type SessionRevokeReason } from './session-end-reasons';

import { ACCOUNT_ERRORS } from './error-codes/accounts';
import { PAYMENT_ERRORS } from './error-codes/payments';
import { GAME_ERRORS } from './error-codes/games';
import { OPERATION_ERRORS } from './error-codes/operations';
import { AGENT_LOTTERY_ERRORS } from './error-codes/agents-lottery';
import { COMPLIANCE_ERRORS } from './error-codes/compliance';

// The codes live by domain in error-codes/, spread here in that order (the order Object.values
// gives, in which the OpenAPI document lists them); callers import ErrorCode from here alone.
export const ErrorCode = {
  ...ACCOUNT_ERRORS,
  ...PAYMENT_ERRORS,
  ...GAME_ERRORS,
  ...OPERATION_ERRORS,
  ...AGENT_LOTTERY_ERRORS,
  ...COMPLIANCE_ERRORS,
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
