/**
 * What an operator may do in the back office, named once for the server (every /ops route
 * declares one permission) and the back office (navigation and buttons). A role is a fixed set
 * of permissions; 'admin' holds every one.
 */

export const OPS_ROLES = ['admin', 'finance', 'support', 'marketing'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const OPS_PERMISSIONS = [
  /** The dashboard's figures (every role has it). */
  'dashboard.read',
  /** Player search and the player page. */
  'players.read',
  /** Player changes that move no money: status, notes, contact details, sessions. */
  'players.write',
  /** Notices and messages sent to players. */
  'messages.write',
  /** Platform messages (the players' inbox): the sent and scheduled messages with their read counts. */
  'inbox.read',
  /** Platform messages: write, schedule, send and withdraw messages to every player, a segment or named players. */
  'inbox.write',
  /** Close a withdrawal dispute after the payout was checked (moves no money). */
  'disputes.write',
  /** Deposit and withdrawal queues, orders, proofs and the withdrawal rules, read-only. */
  'money.read',
  /** Decide deposits and withdrawals (confirm, approve, reject): moves money. */
  'money.write',
  /** Propose a manual balance adjustment. */
  'adjustments.write',
  /** Approve (or refuse) a proposed adjustment; never one's own. */
  'adjustments.approve',
  /** Financial reports and their exports. */
  'reports.read',
  /** Deposit channels, payment gateways and their receiving accounts, and the bank list, read. */
  'payments.read',
  /** Change deposit channels, gateways, the bank list and the withdrawal rules. */
  'payments.write',
  /** Game vendors and games, read. */
  'games.read',
  /** Put vendors and games in or out of service, edit the catalogue. */
  'games.write',
  /**
   * Connect a vendor or change its connection (wallet model, URLs, timeout, shared secret). The
   * secret signs the vendor's calls that move players' money, so this is admin only, apart from
   * games.write (which support holds for maintenance switches).
   */
  'vendors.connect',
  /** Site settings, read. */
  'settings.read',
  /** Site settings: brand, registration rules, switches, regions. */
  'settings.write',
  /** Site content (banners, promotions, announcements, help, legal pages), read. */
  'content.read',
  /** Site content: write, schedule, publish and archive. */
  'content.write',
  /** Promotions and bonus campaigns. */
  'promotions.write',
  /** Rewards given to players (tasks, missions, loyalty). */
  'rewards.write',
  /** The rewards engine read-only: rules, their dry runs, grants, the engine's state and the cost reports. */
  'rewards.read',
  /** Players' bonuses: the list, the bonus settings and the bonus-cost report, read. */
  'bonuses.read',
  /** Give a player a bonus, cancel one, change the bonus settings (moves promotion money). */
  'bonuses.write',
  /** Points, the points mall, VIP levels and member labels: settings and the redeem queue, read. */
  'loyalty.read',
  /** Change the points settings, mall items, VIP levels and member labels. */
  'loyalty.write',
  /** Decide redemptions of the points mall (fulfil or refuse, points returned). */
  'loyalty.fulfil',
  /** The agent side, read-only: the tree (search, uplines, downlines, team sizes), contracts and the team reports. */
  'agents.read',
  /**
   * Change the agent side: move a member with its team under another upline, change an account
   * type, set a top agent's house contract. Who sits above whom and on what terms decides who is
   * paid on a player's activity, so only admins hold it.
   */
  'agents.write',
  /** The lottery, read-only: games with their paytables, edges and limits, draws, liability per number, settlements and reports. */
  'lottery.read',
  /** Change a lottery game's paytable, limits, cut-off and status. */
  'lottery.write',
  /**
   * Enter a draw's result, approve or reject another operator's entry (never one's own), and void
   * a draw (every ticket refunded). Results decide who is paid, so only admins and finance hold it.
   */
  'lottery.results',
  /** Operator accounts: create, disable, change role, reset two-factor. */
  'operators.manage',
  /** The audit log and its export. */
  'audit.read',
  /** The daily regulator export: its runs, their files (personal data: CPFs) and a re-run of a day. */
  'compliance.exports',
  /** Identity checks (KYC): every check and its steps' outcome, and the decision on one sent to review. */
  'kyc.review',
  /** Behaviour monitoring: the flags raised by players' patterns, their notes, and closing one with an outcome. */
  'monitoring.review',
  /**
   * Anti-money laundering: players' risk ratings and PEP status, the case queue, and filing a
   * case's report with COAF (a second holder approves a filing). Compliance work on money, so
   * admin and finance hold it.
   */
  'aml.review',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

/** Each role's permissions; admin holds every permission, including any added later. */
export const ROLE_PERMISSIONS: Readonly<Record<OpsRole, readonly OpsPermission[]>> = {
  admin: OPS_PERMISSIONS,
  finance: [
    'dashboard.read',
    'players.read',
    'disputes.write',
    'money.read',
    'money.write',
    'adjustments.write',
    'adjustments.approve',
    'reports.read',
    'payments.read',
    'payments.write',
    'games.read',
    'settings.read',
    'content.read',
    'rewards.read',
    'bonuses.read',
    'agents.read',
    'lottery.read',
    'lottery.results',
    'compliance.exports',
    'aml.review',
  ],
  support: [
    'dashboard.read',
    'players.read',
    'players.write',
    'messages.write',
    'inbox.read',
    'inbox.write',
    'disputes.write',
    'money.read',
    // Read-only money: support answers players about deposit channels, banks and withdrawal rules.
    'payments.read',
    'games.read',
    'games.write',
    'settings.read',
    'content.read',
    'rewards.read',
    'bonuses.read',
    'loyalty.read',
    'loyalty.fulfil',
    'agents.read',
    'lottery.read',
    // Support meets players whose identity check needs a person's look.
    'kyc.review',
    // Support is who contacts a player whose play was flagged.
    'monitoring.review',
  ],
  marketing: [
    'dashboard.read',
    'content.read',
    'content.write',
    'inbox.read',
    'inbox.write',
    'promotions.write',
    'rewards.write',
    'rewards.read',
    'games.read',
    'settings.read',
    'bonuses.read',
    'bonuses.write',
    'loyalty.read',
    'loyalty.write',
    'agents.read',
  ],
};

/** Whether a role holds a permission. Unknown roles hold nothing. */
export function roleHasPermission(role: string, permission: OpsPermission): boolean {
  const granted = (ROLE_PERMISSIONS as Record<string, readonly OpsPermission[] | undefined>)[role];
  return granted !== undefined && granted.includes(permission);
}

/** The roles that hold a permission (for documentation and error details). */
export function rolesWithPermission(permission: OpsPermission): OpsRole[] {
  return OPS_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * What an /ops route declares in `config.permission`: a permission, or
 * - 'signedIn': any live operator session (logout, me);
 * - 'public': no session (only the sign-in calls: login and enrol).
 */
export type OpsRouteAccess = OpsPermission | 'signedIn' | 'public';
