/**
 * Every kind of ledger transaction the server posts. The ledger takes only these (its inputs are
 * typed `LedgerKind`, and the SQL functions post `bet` and `win`), so a new kind is added here
 * first; the player site's test then fails until the account record names it in PT and EN.
 */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  /** A withdrawal's hold paid out to the house's cash account: never a player's account. */
  'withdrawal_payout',
  'transfer_upline',
  /** An agent's transfer to a direct downline (the agent centre). */
  'transfer_downline',
  'registration_bonus',
  'freeplay_demo_credit',
  'adjustment',
  'bet',
  'win',
  'rollback',
  /** Transfer wallet: money held on its way to or from a game vendor's wallet. */
  'vendor_transfer_hold',
  'vendor_transfer_in',
  'vendor_transfer_out',
  'vendor_transfer_void',
  /** Transfer wallet: the player's result at the vendor, synced from its balance. */
  'vendor_result',
  /** A reward paid in cash (a rule, the rebate, a referral, a VIP level…), from the promotion budget. */
  'reward_cash',
  /** A bonus becomes active: its amount from the promotion budget to the player's bonus account. */
  'bonus_grant',
  /** A bonus whose wagering is met: its balance to the main wallet (up to its cap), any excess back to the promotion budget. */
  'bonus_conversion',
  /** A bonus forfeited, expired or cancelled: its balance back to the promotion budget. */
  'bonus_forfeit',
  /** Points converted to cash at the operator's rate, from the promotion budget. */
  'points_conversion',
  /** A points-mall cash item paid, from the promotion budget. */
  'points_redeem_cash',
  /** An agent's salary for a settled period (daily, hourly, real-time), from the agent salary budget. */
  'agent_salary',
  /** An agent's dividend for a settled period, from the agent salary budget. */
  'agent_dividend',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Kinds that never move a player's own account, so the account record cannot show them. */
const HOUSE_ONLY_KINDS: readonly LedgerKind[] = ['withdrawal_payout'];

/** The kinds a player's account record can show, and its filter offers: every other kind. */
export const ACCOUNT_RECORD_KINDS = LEDGER_KINDS.filter((kind) => !HOUSE_ONLY_KINDS.includes(kind));
