import type { AppContext } from './app-context';
import { createChangeFeed } from './db/change-feed';
import { createMetrics } from './metrics/metrics';
import { createSystemService } from './modules/system/system.service';
import { createKeyService } from './modules/system/key.service';
import { createSiteSettings } from './modules/system/site-settings';
import { createContentService } from './modules/content/content.service';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createLedgerService, PLAYER_MAIN } from './modules/ledger/ledger.service';
import { createBalanceCache } from './modules/ledger/balance-cache';
import { createRateLimiter } from './modules/verification/rate-limiter';
import { createNotifier } from './modules/verification/notifier';
import { createCaptchaService } from './modules/verification/captcha.service';
import { createOtpService } from './modules/verification/otp.service';
import { createMemberService } from './modules/member/member.service';
import { createLoginVerificationService } from './modules/login-verification/login-verification.service';
import { createMemberViews } from './modules/member/member-views';
import { createSessionService } from './modules/session/session.service';
import { createRefreshTokens } from './modules/session/refresh-tokens';
import { createExchangeCodeService } from './modules/session/exchange-code.service';
import { createOidc } from './modules/oidc/oidc.module';
import { createSecurityService } from './modules/security/security.service';
import { createAuditService } from './modules/audit/audit.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createDepositMemberViews } from './modules/deposit/deposit-member-views';
import { createOperatorService } from './modules/operator/operator.service';
import { createDepositService } from './modules/deposit/deposit.service';
import { loadDepositSettings } from './modules/deposit/deposit-settings';
import { createWithdrawalService } from './modules/withdrawal/withdrawal.service';
import { createTransferService } from './modules/transfer/transfer.service';
import { createAccountRecordService } from './modules/account-record/account-record.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createGatewayService, loadGatewaySettings } from './modules/gateway/gateway.service';
import { createVendorConnections } from './modules/gateway/vendor-connections';
import { createTransferReview } from './modules/gateway/transfer-review';
import { createInhouseService } from './modules/inhouse/inhouse.service';
import { createLotteryService } from './modules/lottery/lottery.service';
import { createLotteryViews } from './modules/lottery/lottery-views';
import { createBetRecordService } from './modules/bet-record/bet-record.service';
import { createReportingService } from './modules/reporting/reporting.service';
import { createPlayersService } from './modules/players/players.service';
import { createPlayerActions } from './modules/players/player-actions';
import { createAdjustmentsService } from './modules/players/adjustments.service';
import { createOperatorMoneyService } from './modules/operator-money/operator-money.service';
import { createPayoutChecks } from './modules/operator-money/operator-money-withdrawals';
import { createRewardEventStream } from './modules/rewards/reward-events';
import { createRewardsService } from './modules/rewards/rewards.service';
import { raffleTicketRuleBreaches, rewardRuleViews } from './modules/rewards/reward-rules';
import { allowsSignUpBonus } from '@wps/shared/rewards-jurisdiction';
import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import {
  clearedOfBarredList,
  confirmedContact,
  identifiedAndVerified,
  identifiedBettor,
  transfersBetweenPlayers,
} from './modules/licence/licence-checks';
import { createLicenceService } from './modules/licence/licence.service';
import { allowedProduct } from './modules/licence/licence-products';
import { setVerifiedName } from './modules/identity/identity-verified-name';
import { bindVerifiedPayeeName } from './modules/member/member-security-columns';
import { createKycService } from './modules/kyc/kyc.service';
import { createPrivacyService } from './modules/privacy/privacy.service';
import { identityDataOf } from './modules/identity/identity-data';
import { createBarredRefunds } from './modules/identity/barred-refund';
import { loadKycSettings } from './modules/kyc/kyc-settings';
import { createSandboxKyc } from './modules/kyc/sandbox-kyc';
import { createKycTiers } from './modules/kyc/kyc-tiers';
import { createMissionsService } from './modules/missions/missions.service';
import { createRebateService } from './modules/rebate/rebate.service';
import { createBonusService } from './modules/bonus/bonus.service';
import { createBonusOps } from './modules/bonus/bonus-ops';
import { createPromoRewardLinks } from './modules/promo/promo-reward-links';
import { createPromoActivityService } from './modules/promo/promo-activity.service';
import { createPromoReviewService } from './modules/promo/promo-review.service';
import { createRaffleService } from './modules/promo/raffle.service';
import { createLoyaltyService } from './modules/loyalty/loyalty.service';
import { createReferralService } from './modules/referral/referral.service';
import { createAgentsService } from './modules/agents/agents.service';
import { createAgentSettlementService } from './modules/agents/settlement/settlement.service';
import { createGatewayViews } from './modules/gateway/gateway-views';
import { createLedgerViews } from './modules/ledger/ledger-views';
import { createMemberAdmin } from './modules/member/member-admin';
import { createAgentCentre } from './modules/agents/centre/agent-centre';
import { createLedgerEntryViews } from './modules/ledger/ledger-entry-views';
import { createRecordsService } from './modules/records/records.service';
import { recordsViewsOf } from './modules/records/records-views';
import { createMonitoringService } from './modules/monitoring/monitoring.service';
import { monitoringViewsOf } from './modules/monitoring/monitoring-views';
import { createResponsibleGamingService } from './modules/responsible-gaming/responsible-gaming.service';
import { createIdentityService } from './modules/identity/identity.service';
import { createSandboxBarredList } from './modules/identity/sandbox-barred-list';
import { loadBarredListSettings } from './modules/identity/identity-settings';
import { createIdentityDirectory, findRegisteredIdentity } from './modules/identity/identity-directory';
import { createMonitoringSignals } from './modules/monitoring/monitoring-signals';
import { createAmlService } from './modules/aml/aml.service';
import { amlOperationsOf } from './modules/aml/aml-operations';
import { loadAmlSettings } from './modules/aml/aml-settings';
import { createSandboxCoaf } from './modules/aml/sandbox-coaf';
import { createSandboxPep } from './modules/aml/sandbox-pep';
import { loadPixDirectorySettings } from './modules/pix/pix-settings';
import { createSandboxPixDirectory } from './modules/pix/sandbox-pix-directory';

/** Build every service once, in dependency order. Routes receive this object. */
export function createServices(ctx: AppContext) {
  // Started by the app once every service has subscribed (app.ts).
  const changeFeed = createChangeFeed(ctx.database);
  // One registry per app, so the many apps a test process builds do not collide; served by app.ts or server.ts.
  const metrics = createMetrics({
    processMetrics: ctx.config.metricsPort !== undefined || ctx.config.metricsToken !== undefined,
  });
  metrics.watchPool(() => ctx.database.poolStats?.());
  // Every service built below gets the port through `...ctx`.
  ctx = { ...ctx, metrics: metrics.port };
  const system = createSystemService(ctx);
  // The operator's licence (modules/licence, packages/shared/src/licence.ts): the profile in force
  // and the port every door asks. Built after the audit; modules built before it get this getter.
  const jurisdiction = (): Promise<JurisdictionProfile> => licence.policy.profile();
  // What happens to players (written by triggers and by the modules that make the change), applied
  // once per consumer by the rewards engine's consumers, woken by the change feed; started by
  // server.ts, drained by tests.
  const rewardEvents = createRewardEventStream({
    db: ctx.db,
    log: ctx.log,
    pollMs: ctx.config.rewardEventsPollMs,
    feed: changeFeed,
  });
  const keys = createKeyService(ctx);
  // The balance players see is kept in memory; the ledger's money-moving calls evict it (balance-cache.ts).
  const playerBalances = createBalanceCache({ db: ctx.db, changeFeed });
  const ledger = playerBalances.watch(createLedgerService({ ...ctx, databaseKind: ctx.database.kind, system }));
  const rateLimiter = createRateLimiter(ctx);
  const notifier = createNotifier(ctx);
  const captcha = createCaptchaService(ctx);
  const otp = createOtpService({ ...ctx, notifier, rateLimiter });
  // What other modules' statements may read of the members table (the session lookup first).
  const memberViews = createMemberViews(ctx);
  const session = createSessionService({
    ...ctx,
    system,
    memberViews,
    changeFeed,
    // The licence may end sessions sooner (BR: 30 minutes unused), read from its copy on this instance.
    licenceIdleSeconds: async () => {
      const minutes = (await licence.currentRules()).sessionIdleMinutes;
      return minutes === null ? null : minutes * 60;
    },
  });
  // The refresh cookie's sign-ins (docs/decisions.md, "Staying signed in: refresh tokens").
  const refreshTokens = createRefreshTokens({ ...ctx, session });
  const loginCodes = createExchangeCodeService({
    ...ctx,
    session,
    rateLimiter,
    memberViews,
    // A code's new session asks the barred-persons list like any login (the identity module, built below).
    beforeOpen: (memberId) => identity.gate.beforeLogin(memberId),
  });
  const member = createMemberService({
    ...ctx,
    // The licence is built after the audit, below; the door is asked only when an account is made.
    licence: { ask: (trx, door, subject) => licence.policy.ask(trx, door, subject) },
    system,
    ledger,
    captcha,
    otp,
    rateLimiter,
    session,
    notifier,
    changeFeed,
  });
  const security = createSecurityService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system,
    otp,
    rateLimiter,
    notifier,
    changeFeed,
    payeeNameFromIdentity: async () => jurisdictionRules(await jurisdiction()).identity !== 'none',
  });
  const audit = createAuditService(ctx);
  const licence = createLicenceService({
    db: ctx.db,
    audit,
    changeFeed,
    operators: { namesOf: (ids) => operators.namesOf(ids) },
  });
  // A password login from a device the account has not remembered waits for a code (docs/decisions.md).
  const loginVerification = createLoginVerificationService({
    ...ctx,
    notifier,
    rateLimiter,
    audit,
    isEnabled: async () => (await system.getOperatorConfig()).newDeviceVerification,
    findContacts: (memberId) => member.findContacts(memberId),
    countWithoutContact: () => member.countActiveWithoutContact(),
  });
  member.useNewDeviceGate(loginVerification);
  // The inbox: notices and platform messages (a segment reads the member and deposit modules' views).
  const depositViews = createDepositMemberViews(ctx);
  const messages = createMessagesService({ ...ctx, audit, system, memberViews, depositViews });
  // Sign-in with an identity provider: sessions through the member module, handed over by login exchange codes.
  const oidc = createOidc({ ...ctx, audit, member, messages, session, loginCodes, rateLimiter });
  // A password change or reset removes the account's provider links (docs/decisions.md).
  member.usePasswordChangeEffect((trx, memberId) => oidc.flow.removeLinksOnPasswordChange(trx, memberId));
  // Responsible gambling: the players' limits, time-outs and self-exclusion. Built before what it
  // guards: every new session passes its check, deposits and bets are held to the limits.
  const responsibleGaming = createResponsibleGamingService({
    db: ctx.db,
    audit,
    changeFeed,
    now: ctx.calendarClock ?? Date.now,
    realNow: Date.now,
    brand: () => system.getBrand(),
    jurisdiction,
    jurisdictionIn: (trx) => licence.policy.profile(trx),
    timeZone: (db) => rewards.timeZone(db),
    session,
    members: { findContacts: member.findContacts },
  });
  // Every new session, in the transaction that opens it: responsible gambling's refusals first (a
  // time-out, a self-exclusion), then the licence's session.open door (wired below).
  session.useOpenGuard(async (trx, memberId) => {
    await responsibleGaming.access.beforeSession(trx, memberId);
    await licence.policy.ask(trx, 'session.open', { memberId });
  });
  const operators = createOperatorService({ ...ctx, rateLimiter, audit });
  // No operator pays alone: every operator-decided payment asks this policy in its money transaction
  // (built here, before the first paying path that asks it: withdrawals).
  const operatorMoney = createOperatorMoneyService({ ...ctx, audit, operators });
  // The back office's site settings; a change drops this instance's configuration copy at once.
  const siteSettings = createSiteSettings({
    db: ctx.db,
    audit,
    evict: system.invalidateCache,
    signUpBonusAllowed: system.isSignUpBonusAllowed,
    // The identification the licence requires, and the domain it wants the site under.
    profile: jurisdiction,
    publicUrl: ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`,
  });
  // Player feedback and the operators' answers.
  const feedback = createFeedbackService({ db: ctx.db, audit, memberViews, rateLimiter });
  // Identity tiers (docs/compliance.md, "KYC"): the unverified deposit cap rides on the deposit
  // limits' guard; a face check due at login restricts play, deposits and withdrawals.
  const kycTiers = createKycTiers({
    db: ctx.db,
    audit,
    jurisdiction,
    jurisdictionIn: (trx) => licence.policy.profile(trx),
    brand: () => system.getBrand(),
    depositsUsed: (memberId) => depositViews.depositsHeld(memberId, new Date()),
    endSessions: async (trx, memberId) => void (await session.revokeOthers(memberId, undefined, trx, 'operator')),
    now: ctx.calendarClock ?? Date.now,
    changeFeed,
  });
  const deposits = createDepositService({
    ...ctx,
    system,
    ledger,
    audit,
    member,
    messages,
    rateLimiter,
    settings: loadDepositSettings(),
    limits: kycTiers.withDepositCap(responsibleGaming.guards.deposits),
    // A player's deposit order asks the licence's money.in door (wired below).
    licence: { ask: (trx, door, subject) => licence.policy.ask(trx, door, subject) },
  });
  // Bonus money: built before withdrawals, which forfeit a player's bonuses on a confirmed request.
  const bonus = createBonusService({ db: ctx.db, log: ctx.log, ledger, system });
  // Identity checks (KYC) through a provider: the sandbox outside production (docs/compliance.md, "KYC").
  const kycSettings = loadKycSettings();
  const kycSandbox = createSandboxKyc({ db: ctx.db, secret: kycSettings.sandboxSecret });
  const kyc = {
    sandbox: kycSandbox,
    isSandboxEnabled: kycSettings.isSandboxEnabled,
    tiers: kycTiers,
    service: createKycService({
      db: ctx.db,
      audit,
      jurisdiction,
      jurisdictionIn: (trx) => licence.policy.profile(trx),
      // The check is bound to the CPF and date of birth the member registered (docs/compliance.md, "KYC").
      registeredIdentity: findRegisteredIdentity,
      providers: kycSettings.isSandboxEnabled ? { sandbox: kycSandbox.provider } : {},
      active: kycSettings.isSandboxEnabled ? 'sandbox' : null,
      accountNames: (ids) => member.findAccountNames(ids),
      // The name read from the document becomes the identity's, and the payee name (replacing a
      // typed one only for a player the licence identifies).
      onVerified: async (trx, memberId, fullName) => {
        if (!fullName) return;
        const identified = await setVerifiedName(trx, memberId, fullName);
        await bindVerifiedPayeeName(trx, memberId, fullName, identified);
      },
      tiers: kycTiers,
      now: Date.now,
    }),
  };
  const withdrawal = createWithdrawalService({
    ...ctx,
    now: ctx.calendarClock,
    dataDir: ctx.config.dataDir,
    system,
    ledger,
    security,
    audit,
    messages,
    member,
    bonus,
    moneyPolicy: operatorMoney.policy,
    payoutChecks: createPayoutChecks(),
    operatorNames: (ids) => operators.namesOf(ids),
    identityCheckPending: async (memberId) => {
      await kycTiers.assertNotReverifying(memberId);
      return (await kyc.service.isRequired()) && !(await kyc.service.isVerified(memberId));
    },
    // A player's withdrawal request asks the licence's money.out door (wired below).
    licence: { ask: (trx, door, subject) => licence.policy.ask(trx, door, subject) },
  });
  // The alerting reads the overdue reviews at each scrape (withdrawals_review_overdue).
  metrics.watchWithdrawalReviews(() => withdrawal.reviewOverdue());
  // The agent side: the tree (a closure table kept by triggers on members), its operator moves and
  // the contracts between uplines and downlines, whose flags the consolidated funds summary shows.
  const agents = createAgentsService({
    db: ctx.db,
    audit,
    member,
    messages,
    memberAdmin: createMemberAdmin(),
    setups: operatorMoney.setups,
  });
  const transfer = createTransferService({
    ...ctx,
    system,
    ledger,
    security,
    withdrawal,
    member,
    contracts: agents.contracts,
    bonus,
    licence: licence.policy,
  });
  const accountRecord = createAccountRecordService({ ...ctx, system, ledger });
  const gatewaySettings = loadGatewaySettings(undefined, ctx.config.startedVendorSandbox);
  // Which vendors can launch: the gateway's, read by the catalogue so players see only those (built before both).
  const vendorConnections = createVendorConnections({
    db: ctx.db,
    isSandboxVendorAllowed: gatewaySettings.isSandboxVendorAllowed,
    changeFeed,
  });
  const catalogue = createCatalogueService({
    ...ctx,
    system,
    audit,
    ledger,
    memberViews,
    changeFeed,
    connections: vendorConnections,
    // Players' lists leave out the products the licence forbids (BR: P2P tables, foreign lottery draws).
    licence: licence.products,
  });
  // Site content (banners, promotions, announcements, help, legal pages); live items cached per instance, evicted by the change feed.
  // A banner that launches a game names its node; the catalogue gives the vendor the launch needs.
  const content = createContentService({
    ...ctx,
    audit,
    system,
    changeFeed,
    licence,
    gameVendor: catalogue.findOpenGameVendor,
  });
  // Settled rounds advance bonus wagering, weighted by the vendor's category in the catalogue.
  rewardEvents.subscribe(bonus.wageringConsumer((vassalage, trx) => catalogue.findVendorCategory(vassalage, trx)));
  const gateway = createGatewayService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system,
    ledger,
    catalogue,
    member,
    session,
    audit,
    changeFeed,
    settings: gatewaySettings,
    connections: vendorConnections,
    betGuard: responsibleGaming.guards,
    launchGuard: kycTiers.assertNotReverifying,
    // The products the licence allows: each game's class from the catalogue, the licence's word on it
    // at launch and at the stake door (docs/compliance.md, "Products the licence allows").
    products: {
      classOf: catalogue.productClassOf,
      vendorClassOf: catalogue.vendorProductClassOf,
      ...licence.products,
    },
  });
  responsibleGaming.useRounds(gateway.sumMemberRounds);
  // Vendor transfers whose outcome is not known yet, for the back office's queue.
  const transferReview = createTransferReview({ ...ctx, system, audit, member, transfers: gateway.transfers });
  const inhouse = createInhouseService({ ...ctx, system, gateway, catalogue, audit });
  const betRecord = createBetRecordService({
    ...ctx,
    system,
    gateway,
    catalogue,
    inhouse,
    lottery: createLotteryViews(ctx),
  });
  // The agent centre: team reads over the closure table and the owners' views, links behind affiliate codes.
  const calendarClock = ctx.calendarClock;
  const agentCentre = createAgentCentre({
    db: ctx.db,
    views: {
      member: memberViews,
      gateway: { gameRounds: gateway.gameRounds },
      catalogue: { vendorNames: catalogue.vendorNames, gameNames: catalogue.gameNames },
      ledger: createLedgerEntryViews(ctx),
    },
    system,
    ledger,
    member,
    devicePasses: loginVerification,
    announcements: (language, q) => content.announcements(language, q),
    // The operator's days (the rewards engine's time zone), read when a figure is asked for.
    timeZone: (db) => rewards.timeZone(db),
    ...(calendarClock ? { now: () => new Date(calendarClock()) } : {}),
  });
  // The back office's player administration: search and player page, changes, manual adjustments.
  const players = createPlayersService({ ...ctx, system, audit, security });
  // The player's rights over their data: a copy of it, and closing the account (docs/compliance.md, "Player rights").
  const privacy = createPrivacyService({
    db: ctx.db,
    audit,
    member,
    memberAdmin: createMemberAdmin(),
    session,
    players,
    kyc: kyc.service,
    identityOf: (memberId) => identityDataOf(ctx.db, memberId),
    withdrawal,
    now: Date.now,
  });
  const playerActions = createPlayerActions({ ...ctx, audit, session, messages, system, players });
  const adjustments = createAdjustmentsService({
    ...ctx,
    ledger,
    audit,
    operators,
    players,
    moneyPolicy: operatorMoney.policy,
    moneyLimits: operatorMoney.limits,
    licence: licence.policy,
  });
  // The rewards engine: grants and their payers, the operator's rules over the player event stream.
  const rewards = createRewardsService({
    ...ctx,
    ledger,
    audit,
    events: rewardEvents,
    facts: { vendorCategories: catalogue.vendorCategories, registeredAt: member.findRegisteredAt },
    moneyPolicy: operatorMoney.policy,
    licenceProfile: (db) => licence.policy.profile(db),
    licence: licence.policy,
  });
  // The registration bonus is a site setting, paid at account creation; the licence's profile decides whether it may be.
  system.setSignUpBonusPolicy(async () => allowsSignUpBonus(await jurisdiction()));
  system.setJurisdictionSource(jurisdiction);
  // A switch of licence is refused while live rules would break the profile it goes to.
  licence.changes.addBlockerSource((trx, to) => rewards.rules.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => system.licenceBlockers(trx, to));
  // Identity under the licence (CPF, age, the barred-persons list; docs/compliance.md): checked at
  // registration and login through the member module's gate, the base swept every 15 days.
  const barredListSandbox = loadBarredListSettings().isSandboxEnabled
    ? createSandboxBarredList({ db: ctx.db, audit })
    : null;
  const identity = createIdentityService({
    db: ctx.db,
    log: ctx.log,
    audit,
    jurisdiction,
    provider: barredListSandbox?.provider ?? null,
    endSessions: async (trx, memberId) => void (await session.revokeOthers(memberId, undefined, trx, 'operator')),
    clearIdentityRequired: (trx, memberId) => session.clearIdentityRequired(memberId, trx),
    notify: (trx, notice) => messages.notify(trx, notice),
    balance: async (memberId, trx = ctx.db) =>
      ledger.getMemberAccountBalance(memberId, PLAYER_MAIN, await ledger.getOperatorCurrency(trx), trx),
    accountNames: (ids) => member.findAccountNames(ids),
    timeZone: rewards.timeZone,
    now: calendarClock,
  });
  // A barred player's refund: a PIX payout through the withdrawal module, linked from the hit (barred-refund.ts).
  const barredRefunds = createBarredRefunds({
    db: ctx.db,
    audit,
    payouts: withdrawal,
    now: calendarClock ?? Date.now,
  });
  // Anti-money laundering (docs/compliance.md): PEP screening through the identity gate at sign-up
  // and in the daily sweep, ratings from the monitoring flags, the case queue and its COAF report.
  const amlSandbox = loadAmlSettings().isSandboxEnabled
    ? { pep: createSandboxPep({ db: ctx.db, audit }), coaf: createSandboxCoaf({ db: ctx.db }) }
    : null;
  const aml = createAmlService({
    db: ctx.db,
    log: ctx.log,
    audit,
    pepProvider: amlSandbox?.pep.provider ?? null,
    coafSender: amlSandbox?.coaf ?? null,
    identities: createIdentityDirectory({ db: ctx.db }),
    signals: createMonitoringSignals({ db: ctx.db }),
    accountNames: (ids) => member.findAccountNames(ids),
    operatorNames: (ids) => operators.namesOf(ids),
    operations: amlOperationsOf(players),
    communicant: async () => (await system.getOperatorConfig()).operatorIdentity,
    money: async () => {
      const brand = await system.getBrand();
      return { currency: brand.currency, scale: brand.currencyScale };
    },
    now: calendarClock,
  });
  // A login also asks whether the operator's schedule wants a new face check (kyc-tiers.ts); a
  // sign-up's CPF is screened for PEPs once the gate admitted it (never refused for it).
  member.useIdentity(
    aml.withPepScreening({
      ...identity.gate,
      beforeLogin: async (memberId) => {
        await identity.gate.beforeLogin(memberId);
        await kycTiers.atLogin(memberId);
      },
    }),
  );
  responsibleGaming.useCpf(identity.cpfOf);
  // The licence's doors (docs/compliance.md, "The licence as one policy"): what each checks. A door
  // not wired here is refused by the port (it fails closed); test/licence-doors.test.ts lists them.
  const identified = identifiedBettor(identity.cpfOf);
  licence.policy.wire('account.create', identified);
  // A session opens only for a CPF the barred-persons list found clear this operator day (asked
  // before the transaction by the identity gate's beforeLogin, read here inside it).
  licence.policy.wire('session.open', clearedOfBarredList(identity.isClearToday));
  licence.policy.wire('money.transfer', transfersBetweenPlayers);
  licence.policy.wire('reward.pay', identified);
  // Money in and out: under a licence that identifies players, no deposit order and no
  // withdrawal request from an account without a CPF. Asked where the player starts the movement;
  // a credit and a payout (closures, barred refunds) follow an order already let through
  // (docs/compliance.md, "Money in and out at the licence's doors").
  licence.policy.wire('money.in', identified);
  licence.policy.wire('money.out', identified);
  // A stake on a product the licence forbids (a P2P table, a foreign lottery's draw) is refused;
  // asked by the bets, tickets and vendor transfers on such products (licence-products.ts).
  licence.policy.wire('stake', allowedProduct);
  // Every stake (vendor bets, in-house rounds, tickets, transfer-wallet deposits): under a licence
  // that identifies players, a CPF and, under kyc, a passed identity check.
  licence.policy.wire('stake', identifiedAndVerified(identity.cpfOf, kyc.service.passedIn));
  // A new account registered without a confirmed contact (by username) stakes and moves no money
  // until it confirms an e-mail or a mobile number by a code (the security module's links tell the
  // identity module, in the link's transaction).
  const contactConfirmed = confirmedContact(identity.isContactPending);
  for (const door of ['money.in', 'money.out', 'money.transfer', 'stake', 'reward.pay'] as const)
    licence.policy.wire(door, contactConfirmed);
  security.useContactConfirmed(identity.contactConfirmed);
  // PIX under the licence (docs/compliance.md, "PIX"): which kinds of money players may pay with,
  // and their own CPF, which a payment must come from to be credited.
  deposits.useOwnership({
    rules: async () => jurisdictionRules(await jurisdiction()),
    cpfOf: (memberId) => identity.cpfOf(ctx.db, memberId),
  });
  // Payouts only to the player's own accounts: the PIX directory names each key's and account's owner (the sandbox outside production).
  const pixSandbox = loadPixDirectorySettings().isSandboxEnabled ? createSandboxPixDirectory({ db: ctx.db }) : null;
  const pix = { sandbox: pixSandbox, directory: pixSandbox?.provider ?? null };
  security.usePayoutOwnership({
    rules: async () => jurisdictionRules(await jurisdiction()),
    cpfOf: (memberId) => identity.cpfOf(ctx.db, memberId),
    directory: pix.directory,
  });
  // Missions and the rebate: counters kept by their own consumers of the event stream, rewards paid as the engine's cash grants.
  const rewardInputs = {
    db: ctx.db,
    audit,
    grants: rewards.grants,
    timeZone: rewards.timeZone,
    vendorCategories: catalogue.vendorCategories,
    brand: () => system.getBrand(),
    now: ctx.calendarClock,
  };
  const missions = createMissionsService({
    ...rewardInputs,
    licenceProfile: (db) => licence.policy.profile(db),
    accountNames: (ids: string[]) => member.findAccountNames(ids),
    setups: operatorMoney.setups,
  });
  rewardEvents.subscribe(missions.subscriber());
  const rebate = createRebateService({ ...rewardInputs, setups: operatorMoney.setups });
  rewardEvents.subscribe(rebate.subscriber());
  // Agent contract settlement: each contract type's periods counted from the round records and the
  // ledger (through their modules' views) and paid through the ledger, in the operator's time zone.
  const agentSettlement = createAgentSettlementService({
    db: ctx.db,
    audit,
    ledger,
    views: {
      rounds: createGatewayViews(ctx).settledRounds,
      bonuses: createLedgerViews(ctx).playerBonusCredits,
      members: memberViews.uplines,
    },
    timeZone: rewards.timeZone,
    now: ctx.calendarClock,
  });
  // Bonus grants are paid by the bonus module; operators give bonuses as grants of the engine.
  rewards.registerSink(bonus.sink);
  const bonusOps = createBonusOps({
    db: ctx.db,
    bonus,
    audit,
    system,
    member,
    operators,
    issueGrant: rewards.grants.issue,
    moneyPolicy: operatorMoney.policy,
  });
  // Promotions' activity (join, apply, claim, per period) and raffles, on the rewards engine's grants;
  // the join is a fact the engine's rules read, and raffle tickets are paid by this module's sink.
  const promoActivity = createPromoActivityService({
    db: ctx.db,
    content,
    system,
    rewardEvents,
    rewards,
    rules: rewardRuleViews,
  });
  rewards.setFacts({ joinedPromotion: promoActivity.joinedPromotion });
  // The rules that pay what each promotion promises: a promotion offering a bonus is published only
  // with a live one, and a deposit order's opt-ins are the promotions' joins (docs/decisions.md,
  // "A promotion pays what it promises").
  const promoRewards = createPromoRewardLinks({
    db: ctx.db,
    audit,
    content,
    rules: rewardRuleViews,
    activity: promoActivity,
  });
  content.usePublishGuard(promoRewards.assertPublishable);
  deposits.useOptIn(promoRewards.optIn);
  const promoReview = createPromoReviewService({
    licenceProfile: (db) => licence.policy.profile(db),
    db: ctx.db,
    audit,
    content,
    memberViews,
    rewardEvents,
    rewards,
    moneyPolicy: operatorMoney.policy,
  });
  const raffles = createRaffleService({
    licenceProfile: (db) => licence.policy.profile(db),
    ticketRuleBreaches: raffleTicketRuleBreaches,
    db: ctx.db,
    audit,
    content,
    memberViews,
    system,
    rewards,
    setups: operatorMoney.setups,
  });
  // Points and VIP: a consumer of the player events, the 'points' payer of grants, VIP bonuses as
  // grants; the member info's club label and member labels are read from it.
  const loyalty = createLoyaltyService({
    ...ctx,
    changeFeed,
    licenceProfile: (db) => licence.policy.profile(db),
    licence: licence.policy,
    system,
    ledger,
    security,
    audit,
    catalogue,
    member,
    events: rewardEvents,
    rewards,
    setups: operatorMoney.setups,
  });
  member.useLabels(loyalty.vip.findLabels);
  // After the modules whose queues the back office's badges count.
  const reporting = createReportingService({
    ...ctx,
    system,
    catalogue,
    deposits,
    withdrawal,
    gateway,
    waiting: {
      redemptions: loyalty.ops.countWaitingRedemptions,
      heldRewards: rewards.grants.countHeld,
      setupApprovals: async () => {
        const counts = await Promise.all([
          missions.countAwaiting(),
          loyalty.ops.countAwaitingItems(),
          raffles.countAwaiting(),
        ]);
        return counts.reduce((a, b) => a + b, 0);
      },
    },
  });
  rewards.setFacts({ vipLevels: loyalty.vip.findRanks });
  // No bonus, advance or deposit-conditioned reward (docs/compliance.md, "Bonuses and advances"): a
  // switch of licence is refused, with each item, while a live mission, VIP level, raffle, promotion's
  // reward or published item of content would break the profile it goes to.
  licence.changes.addBlockerSource((trx, to) => missions.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => loyalty.vip.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => raffles.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => promoReview.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => content.licenceBlockers(trx, to));
  // Refer and earn: invited players followed on the event stream; what referrer and invitee share is read through the modules that keep it.
  const referral = createReferralService({
    ...rewardInputs,
    events: rewardEvents,
    traits: {
      members: member.findReferralTraits,
      sessions: session.findClientTraits,
      bankAccounts: security.findBankAccountKeys,
    },
    accountNames: (ids: string[]) => member.findAccountNames(ids),
    inviteCode: member.ensureInviteCode,
  });
  rewardEvents.subscribe(referral.subscriber());
  // The in-house lottery: draws on the operator's days, tickets through the seamless wallet like any vendor's rounds.
  const lottery = createLotteryService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system,
    gateway,
    audit,
    changeFeed,
    timeZone: rewards.timeZone,
    ...(calendarClock ? { now: () => new Date(calendarClock()) } : {}),
    // Tickets are play: a face check due refuses them as it refuses a game's launch.
    playGuard: (memberId) => kycTiers.assertNotReverifying(memberId),
    // Menus leave out the foreign lottery draws the licence forbids; a ticket on one asks the stake door.
    licence: licence.products,
  });
  // The catalogue lists the lottery's games too: it hides the foreign draws the lottery names.
  catalogue.useForeignLotteries(() => lottery.foreignGameCodes());
  // A switch of licence is refused while the products it forbids are live (P2P tables, foreign draws on sale).
  licence.changes.addBlockerSource((trx, to) => catalogue.licenceBlockers(trx, to));
  licence.changes.addBlockerSource((trx, to) => lottery.licenceBlockers(trx, to));
  // The records a licence asks for (docs/compliance.md, "Records, audit and reports"): rounds rebuilt
  // from the records and the daily regulator export, on the operator's days, over the owners' views.
  const records = createRecordsService({
    db: ctx.db,
    log: ctx.log,
    audit,
    views: recordsViewsOf(ctx.db),
    timeZone: rewards.timeZone,
    now: ctx.calendarClock,
    operatorNames: (ids) => operators.namesOf(ids),
  });
  // Behaviour monitoring (docs/compliance.md): players' patterns flagged to the back office, read
  // through the owners' views (ledger, gateway rounds, members, the players' limit changes).
  const monitoring = createMonitoringService({
    db: ctx.db,
    log: ctx.log,
    audit,
    views: monitoringViewsOf(ctx.db),
    timeZone: rewards.timeZone,
    accountNames: (ids) => member.findAccountNames(ids),
    operatorNames: (ids) => operators.namesOf(ids),
    now: ctx.calendarClock,
  });
  system.setPromoSwitches(async () => ({
    REFERRAL: { enabled: await referral.isEnabled() },
    REBATE: { enabled: await rebate.isEnabled() },
  }));
  // Players in a time-out or self-exclusion get no rewards and no platform messages (marketing).
  rewards.grants.useExclusion(responsibleGaming.isExcluded);
  messages.platform.useOptOut((memberId) => responsibleGaming.isExcluded(memberId));
  return {
    licence,
    monitoring,
    privacy,
    kyc,
    responsibleGaming,
    jurisdiction,
    identity,
    barredRefunds,
    barredListSandbox,
    aml,
    amlPepSandbox: amlSandbox?.pep ?? null,
    agents,
    agentSettlement,
    agentCentre,
    lottery,
    loyalty,
    metrics,
    changeFeed,
    rewardEvents,
    security,
    system,
    keys,
    ledger,
    playerBalances,
    rateLimiter,
    notifier,
    captcha,
    otp,
    session,
    refreshTokens,
    loginCodes,
    oidc,
    loginVerification,
    member,
    audit,
    messages,
    operators,
    siteSettings,
    content,
    feedback,
    deposits,
    withdrawal,
    transfer,
    accountRecord,
    catalogue,
    gateway,
    transferReview,
    inhouse,
    betRecord,
    players,
    playerActions,
    adjustments,
    operatorMoney,
    reporting,
    rewards,
    missions,
    rebate,
    bonus,
    bonusOps,
    promoActivity,
    promoReview,
    promoRewards,
    raffles,
    referral,
    records,
    pix,
  };
}

export type AppServices = ReturnType<typeof createServices>;
