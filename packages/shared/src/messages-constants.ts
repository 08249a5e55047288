/**
 * Message constants the web needs as values, apart from schemas/messages.ts (which re-exports
 * them) so that importing one does not bring zod into the web app's first load.
 */

/** Notice kinds the web words (other modules may add kinds; unknown ones get a generic text). */
export const NOTICE_KINDS = [
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'agent_contract_terminated',
  'oidc_linked',
  'oidc_links_removed',
  'barred_withdrawal_window',
] as const;
