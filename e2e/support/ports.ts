/**
 * Each extra server needs a port of its own, because Playwright runs two spec files at once.
 * Every port a run uses is derived from one base, checked unique below, so that two runs on one
 * machine (two checkouts, or two developers) stay apart by giving each its own E2E_PORT. The extra
 * servers take PORT_SPAN ports from E2E_PORT_BASE, which by default is 20000 + (E2E_PORT mod 190) × 64:
 * E2E_PORTs that differ by less than 190 never share an extra port, and the extra ports stay below
 * Linux's ephemeral range (32768 and up), where an outgoing connection could hold one for a moment
 * (the highest is 20000 + 189 × 64 + 63 = 32159). A new suite takes the next free offset; past
 * PORT_SPAN, raise it and lower the modulus so that the highest port stays below 32768.
 */
const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
/** How many ports from the base a run may use. */
const PORT_SPAN = 64;
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 20_000 + (MAIN_PORT % 190) * PORT_SPAN);

/** Offsets from the base; each suite that starts servers has its own. */
const PORT_OFFSETS = {
  auth: 0,
  maintenance: 1,
  loginToHome: 2,
  region: 3,
  security: 4,
  deposits: 5,
  withdrawals: 6,
  lobby: 7,
  gateway: 8,
  /** The reference vendor process (apps/vendor-sandbox) the gateway suite starts. */
  vendorSandbox: 9,
  inhouse: 10,
  /** Back office sign-in with TOTP. */
  backoffice: 11,
  /** The /reset-password suite. */
  resetPassword: 12,
  /** ERROR_REPORT_URL set at run time. */
  errorReport: 13,
  /** The back-office shell: navigation by role, 404, preferences, session expiry (short operator sessions). */
  backofficeShell: 14,
  /** The back office's dashboard and reports over a workload made through the APIs. */
  backofficeReports: 15,
  /** Operators management and the audit log: an admin creates a support operator who signs in. */
  backofficeOperators: 16,
  /** Player search, the player page and a manual adjustment approved by a second operator. */
  backofficePlayers: 17,
  /** The back office's vendors and games: maintenance seen in the player lobby. */
  backofficeGames: 18,
  /** The back office's money queues: deposits, withdrawals, disputes. */
  backofficeQueues: 19,
  /** The back office's payments setup: deposit channels and withdrawal rules, seen by the player. */
  backofficePayments: 20,
  /** The back office's site settings: a registration rule the player's form follows, maintenance. */
  backofficeSite: 21,
  /** The back office's content: a scheduled banner and an announcement, seen through the players' API. */
  backofficeContent: 22,
  /** The operator's content on the player site: banner strip, legal pages, help centre. */
  content: 23,
  /** Feedback, the speed test and announcements on the player site, answered and published through the ops API. */
  playerContent: 24,
  /** A transfer-wallet game offering the transfer in place, on a server that started the reference vendor itself. */
  playTransfer: 25,
  /** The inbox: a message sent in the back office read by the player; the notice modal. */
  inbox: 28,
  /** Identity under the BR profile: CPF and date of birth at registration, the barred-persons list at sign-up and at the next day's first login (the test clock door). */
  complianceIdentity: 29,
  /** App download (/down, the modal's QR), customer service with its VIP entry, /helpmc. */
  download: 30,
  /** The storefront: home lanes, promotions, search, tab bar, footer blocks, trial DEMO; promotion tags in the back office. */
  storefront: 26,
  /** The rewards engine: a rule written and put live in the back office, claimed in the reward centre. */
  rewards: 43,
  /** Promotions' activity: the back office's settings, an application with images approved in the review queue, claimed by the player. */
  promoActivity: 35,
  /** A raffle: created and drawn in the back office, tickets claimed and the draw verified on the promotion's page. */
  raffle: 36,
  /** Points and VIP: the mall's redeem approved in the back office, a VIP level-up with its bonus (points switch on). */
  loyalty: 33,
  /** Missions: a daily mission completed by the player's login, claimed once, its badge gone. */
  missions: 37,
  /** Refer and earn: switched on in the back office, an invitee's reward paid, one held for review and released. */
  referral: 38,
  /** The back office's missions: a daily mission written there, completed and claimed on the player site, its figures back on the screen. */
  backofficeMissions: 39,
  /** Bonus money: a deposit promotion joined, the deposit's bonus wagered on the in-house slot and converted to the main wallet. */
  bonus: 31,
  /** The betting bonus: turnover settled, the day ended by the test clock door (TEST_CLOCK_DOOR), claimed once. */
  rebate: 32,
  /** The agent centre: agents made and contracts set through the ops API, contracts offered, answered and terminated on the player site. */
  agentCentre: 40,
  /** The agent centre's team side: an invitation link, an offer made with the tier editor, the team's pages and a transfer to a downline. */
  agentCentreTeam: 41,
  /** The back office's agent screens: the tree (search, move, type), a house contract, the contracts list and a team report. */
  backofficeAgents: 42,
  /** Agents' settlement: players under a two-level chain play, the day ends by the test clock door, both agents see their statement and money. */
  agentSettlement: 44,
  /** The lottery: quick-draw tickets won and verified, a liability limit lowered in the back office trimming a bet. */
  lottery: 27,
  /** The back office's lottery: a Vietnamese result typed by one operator and approved by another (the test clock door), a void, liability, a game's limit. */
  backofficeLottery: 45,
  /** Records: the regulator export's runs listed, downloaded and re-run (the test clock door ends the day), the audit chain checked. */
  complianceRecords: 46,
  /** Responsible gambling: limits (a raised one waits on the test clock door), self-exclusion, the reality check. */
  responsibleGaming: 34,
  /** A player's identity check (sandbox provider, a review passed in the back office), data download and account closure. */
  playerCompliance: 47,
  /** PIX under the BR profile: a deposit from the player's own CPF credited, one from another CPF returned; a withdrawal to the player's own PIX key. */
  pixPayments: 48,
  /** KYC tiers under the BR profile: the deposit cap before verification, the facial re-verification at login. */
  kycTiers: 49,
  /** Behaviour monitoring: flags raised by a player's pattern, reviewed with notes and an outcome in the back office. */
  monitoring: 50,
  /** The BR sign-up story: register with CPF and date of birth, limits asked at sign-up, KYC in the sandbox. */
  brJourney: 51,
  /** PVP tables on /pvp joined through the reference vendor's room list, and the /seamless vendors' lobby. */
  pvp: 55,
  /** The online-service list on the registration page: a chat entry's 440×500 window, closed when its address cannot be had. */
  onlineService: 57,
  /** A login from a new device asks for a code (switched on in the back office), the device remembered, then forgotten in the security centre. */
  newIpVerification: 52,
  /** Sign-in with an identity provider: sign-up, sign-in and linking through the local identity provider, unlinked in the security centre; the provider's switch in the back office. */
  oidc: 53,
  /** The local identity provider (apps/idp-sandbox) the oidc suite's server starts beside itself. */
  oidcIdp: 54,
  /** Page width: every route of the site at 360 px and every back-office screen at 1024 px, over the permissive demo. */
  pageWidth: 56,
  /** The permissive demo's promotions pay what they promise: each one's call to action and a deposit from it, over the demo. */
  promoPays: 58,
  /** Sports, e-sports and cockfight: the reference vendor's event games on /sports, staked through the seamless wallet. */
  sportsVendors: 61,
  /** The phone header of a signed-in player with a long balance (registration needs the captcha off). */
  headerBalance: 62,
  /** The house originals: limbo, plinko, keno, mines and hi-lo won and lost in the /game frame, verified in the fairness panel. */
  originals: 59,
  /** Crash: two players in one live round, an automatic cash-out with the page closed, a cash-out by hand, a crash. */
  crash: 60,
} as const;

function derivePorts(): { readonly [K in keyof typeof PORT_OFFSETS]: number } {
  if (!Number.isInteger(MAIN_PORT) || !Number.isInteger(PORT_BASE))
    throw new Error('E2E_PORT and E2E_PORT_BASE must be integers');
  const ports = Object.fromEntries(
    Object.entries(PORT_OFFSETS).map(([name, offset]) => [name, PORT_BASE + offset]),
  ) as {
    [K in keyof typeof PORT_OFFSETS]: number;
  };
  const seen = new Map<number, string>([[MAIN_PORT, 'main server (E2E_PORT)']]);
  for (const [name, port] of Object.entries(ports)) {
    const offset = port - PORT_BASE;
    if (offset < 0 || offset >= PORT_SPAN)
      throw new Error(`e2e port offset of ${name} (${offset}) is outside 0..${PORT_SPAN - 1}`);
    const other = seen.get(port);
    // Two suites on one port collide only when Playwright happens to run them at the same time: refuse at once instead.
    if (other) throw new Error(`e2e port ${port} is assigned to both ${other} and ${name}`);
    seen.set(port, name);
  }
  return ports;
}

export const EXTRA_PORTS = derivePorts();
