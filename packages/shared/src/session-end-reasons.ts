/**
 * Why a player's session ended, sent as `value.sessionEnded` of an UNAUTHORIZED answer to a call
 * made with that session's token, so the site can say why instead of logging out silently:
 * idle for too long, past its absolute lifetime, signed out (in another tab with the same
 * session), the password changed or reset elsewhere, ended by an operator, the account disabled.
 * A token the server does not know has no reason.
 */
export const SESSION_END_REASONS = [
  'idle',
  'expired',
  'logged_out',
  'password_changed',
  'operator',
  'account_disabled',
  // Responsible gambling (migration 0330): the session or daily time limit was reached, a time-out or a self-exclusion began.
  'session_limit',
  'daily_limit',
  'time_out',
  'self_excluded',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** How the server revokes a session, stored with it (migration 0225). */
export type SessionRevokeReason = Exclude<SessionEndReason, 'idle' | 'expired'>;
