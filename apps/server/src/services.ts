import type { AppContext } from './app-context';
import { createChangeFeed } from './db/change-feed';
import { createMetrics } from './metrics/metrics';
import { createAccountRecordService } from './modules/account-record/account-record.service';
import { wireAgents } from './modules/agents/agents.module';
import { wireAml } from './modules/aml/aml.module';
import { createAuditService } from './modules/audit/audit.service';
import { wireBetRecord } from './modules/bet-record/bet-record.module';
import { wireBonus } from './modules/bonus/bonus.module';
import { wireCatalogue } from './modules/catalogue/catalogue.module';
import { wireContent } from './modules/content/content.module';
import { wireDeposits } from './modules/deposit/deposit.module';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { wireGateway, wireVendorConnections } from './modules/gateway/gateway.module';
import { wireBarredRefunds, wireIdentity } from './modules/identity/identity.module';
import { wireInhouse } from './modules/inhouse/inhouse.module';
import { wireKyc } from './modules/kyc/kyc.module';
import { wireLedger } from './modules/ledger/ledger.module';
import { wireLicence, wireLicenceBlockers, wireLicenceDoors } from './modules/licence/licence.module';
import { wireLoginVerification } from './modules/login-verification/login-verification.module';
import { wireLottery } from './modules/lottery/lottery.module';
import { wireLoyalty } from './modules/loyalty/loyalty.module';
import { createMemberViews } from './modules/member/member-views';
import { wireMember } from './modules/member/member.module';
import { wireMessages } from './modules/messages/messages.module';
import { wireMissions } from './modules/missions/missions.module';
import { wireMonitoring } from './modules/monitoring/monitoring.module';
import { wireOidc } from './modules/oidc/oidc.module';
import { createOperatorMoneyService } from './modules/operator-money/operator-money.service';
import { createOperatorService } from './modules/operator/operator.service';
import { wirePix } from './modules/pix/pix.module';
import { wirePlayers } from './modules/players/players.module';
import { wirePrivacy } from './modules/privacy/privacy.module';
import { wirePromo } from './modules/promo/promo.module';
import { wireRebate } from './modules/rebate/rebate.module';
import { wireRecords } from './modules/records/records.module';
import { wireReferral } from './modules/referral/referral.module';
import { wireReporting } from './modules/reporting/reporting.module';
import { wireResponsibleGaming } from './modules/responsible-gaming/responsible-gaming.module';
import { operatorTimeZone, rewardInputsOf, wireRewardEvents, wireRewards } from './modules/rewards/rewards.module';
import { wireSecurity } from './modules/security/security.module';
import { wireLoginCodes, wireSession } from './modules/session/session.module';
import { wireSystem } from './modules/system/system.module';
import { wireTransfer } from './modules/transfer/transfer.module';
import { wireVerification } from './modules/verification/verification.module';
import { wireWithdrawal } from './modules/withdrawal/withdrawal.module';

/**
 * Build every service once, in dependency order. Routes receive this object. Each module's wiring
 * is in its own `modules/<module>/<module>.module.ts`; this file lists them in order, then makes
 * the few bindings that a cycle between two modules forces (see the end, each with its reason).
 */
export function createServices(appCtx: AppContext) {
  // Started by the app once every service has subscribed (app.ts).
  const changeFeed = createChangeFeed(appCtx.database);
  // One registry per app, so the many apps a test process builds do not collide; served by app.ts or server.ts.
  const metrics = createMetrics({
    processMetrics: appCtx.config.metricsPort !== undefined || appCtx.config.metricsToken !== undefined,
  });
  metrics.watchPool(() => appCtx.database.poolStats?.());
  // The replica's lag and fallbacks, only when DATABASE_READ_URL names one.
  const readDb = appCtx.readDb;
  if (readDb?.status().configured) metrics.watchReadReplica(() => readDb.status());
  // Every service built below gets the port through `...ctx`.
  const ctx: AppContext = { ...appCtx, metrics: metrics.port };
  // Consumers subscribe to the players' event stream as their modules are built below.
  const rewardEvents = wireRewardEvents(ctx, { changeFeed });

  const audit = createAuditService(ctx);
  const verification = wireVerification(ctx);
  const { rateLimiter, notifier, captcha, otp } = verification;
  const operators = createOperatorService({ ...ctx, rateLimiter, audit });
  // The licence early: the modules below get its policy at construction.
  const { licence, jurisdiction } = wireLicence(ctx, { audit, changeFeed, operators });
  const { system, keys, siteSettings } = wireSystem(ctx, { audit, jurisdiction });
  const { ledger, playerBalances } = wireLedger(ctx, { system, changeFeed });
  const { session, refreshTokens } = wireSession(ctx, { system, changeFeed, licence });
  const member = wireMember(ctx, { ...verification, system, ledger, session, changeFeed, licence });
  // Before messages and rewards, which leave out the players it excludes.
  const responsibleGaming = wireResponsibleGaming(ctx, {
    audit,
    changeFeed,
    system,
    licence,
    jurisdiction,
    session,
    member,
    timeZone: operatorTimeZone,
  });
  const messages = wireMessages(ctx, { audit, system, optOut: (memberId) => responsibleGaming.isExcluded(memberId) });
  const loginVerification = wireLoginVerification(ctx, { notifier, rateLimiter, audit, system, member });
  // No operator pays alone: every operator-decided payment asks this policy in its money transaction.
  const operatorMoney = createOperatorMoneyService({ ...ctx, audit, operators });
  // Player feedback and the operators' answers.
  const feedback = createFeedbackService({ db: ctx.db, audit, memberViews: createMemberViews(ctx), rateLimiter });
  const kyc = wireKyc(ctx, { audit, changeFeed, system, licence, jurisdiction, session, member });
  // Read by the catalogue and the gateway, so built before both.
  const vendors = wireVendorConnections(ctx, { changeFeed });
  const catalogue = wireCatalogue(ctx, {
    system,
    audit,
    ledger,
    changeFeed,
    connections: vendors.connections,
    licence,
  });
  const rewards = wireRewards(ctx, {
    ledger,
    audit,
    events: rewardEvents,
    catalogue,
    member,
    operatorMoney,
    licence,
    isExcluded: responsibleGaming.isExcluded,
  });
  const content = wireContent(ctx, { audit, system, changeFeed, licence, catalogue });
  // Before withdrawals, which forfeit a player's bonuses on a confirmed request.
  const { bonus, bonusOps } = wireBonus(ctx, {
    ledger,
    system,
    audit,
    member,
    operators,
    operatorMoney,
    catalogue,
    rewards,
    rewardEvents,
  });
  const { promoActivity, promoRewards, promoReview, raffles } = wirePromo(ctx, {
    audit,
    system,
    content,
    rewardEvents,
    rewards,
    operatorMoney,
    licence,
  });
  const pix = wirePix(ctx);
  const { identity, barredListSandbox } = wireIdentity(ctx, {
    audit,
    jurisdiction,
    session,
    messages,
    ledger,
    member,
    timeZone: operatorTimeZone,
  });
  // After identity: a login code's new session asks the barred-persons list like any login.
  const loginCodes = wireLoginCodes(ctx, { session, rateLimiter, identity });
  // Sign-in with an identity provider: sessions through the member module, handed over by login exchange codes.
  const oidc = wireOidc({ ...ctx, audit, member, messages, session, loginCodes, rateLimiter });
  // After identity and PIX: payouts go only to the player's own accounts.
  const security = wireSecurity(ctx, { otp, rateLimiter, notifier, system, changeFeed, jurisdiction, identity, pix });
  // After identity (the payer's CPF) and promo (an order's opt-ins).
  const deposits = wireDeposits(ctx, {
    system,
    ledger,
    audit,
    member,
    messages,
    rateLimiter,
    kycTiers: kyc.tiers,
    responsibleGaming,
    licence,
    jurisdiction,
    identity,
    optIn: promoRewards.optIn,
  });
  const withdrawal = wireWithdrawal(ctx, {
    metrics,
    system,
    ledger,
    security,
    audit,
    messages,
    member,
    bonus,
    operatorMoney,
    operators,
    kyc,
    licence,
  });
  const barredRefunds = wireBarredRefunds(ctx, { audit, withdrawal });
  const { gateway, transferReview } = wireGateway(ctx, {
    vendors,
    system,
    ledger,
    catalogue,
    member,
    session,
    audit,
    changeFeed,
    responsibleGaming,
    kycTiers: kyc.tiers,
    licence,
  });
  const inhouse = wireInhouse(ctx, { system, gateway, catalogue, audit, member, changeFeed, licence });
  const betRecord = wireBetRecord(ctx, { system, gateway, catalogue, inhouse });
  const { agents, agentCentre, agentSettlement } = wireAgents(ctx, {
    audit,
    ledger,
    member,
    messages,
    operatorMoney,
    system,
    gateway,
    catalogue,
    loginVerification,
    content,
    timeZone: operatorTimeZone,
  });
  const transfer = wireTransfer(ctx, { system, ledger, security, withdrawal, member, agents, bonus, licence });
  const accountRecord = createAccountRecordService({ ...ctx, system, ledger });
  const { players, playerActions, adjustments } = wirePlayers(ctx, {
    system,
    audit,
    security,
    session,
    messages,
    ledger,
    operators,
    operatorMoney,
    licence,
  });
  const privacy = wirePrivacy(ctx, { audit, member, session, players, kyc: kyc.service, withdrawal });
  const { aml, amlPepSandbox } = wireAml(ctx, { audit, member, operators, players, system });
  const rewardInputs = rewardInputsOf(ctx, { audit, rewards, catalogue, system });
  const missions = wireMissions(ctx, { rewardInputs, rewardEvents, licence, member, operatorMoney });
  const rebate = wireRebate({ rewardInputs, rewardEvents, operatorMoney });
  const loyalty = wireLoyalty(ctx, {
    changeFeed,
    licence,
    system,
    ledger,
    security,
    audit,
    catalogue,
    member,
    rewardEvents,
    rewards,
    operatorMoney,
  });
  // After the modules whose queues the back office's badges count.
  const reporting = wireReporting(ctx, {
    inhouse,
    system,
    catalogue,
    deposits,
    withdrawal,
    gateway,
    loyalty,
    rewards,
    missions,
    raffles,
  });
  const referral = wireReferral({ rewardInputs, rewardEvents, member, session, security });
  const lottery = wireLottery(ctx, {
    system,
    gateway,
    audit,
    changeFeed,
    kycTiers: kyc.tiers,
    licence,
    timeZone: operatorTimeZone,
  });
  const records = wireRecords(ctx, { audit, operators, timeZone: operatorTimeZone });
  const monitoring = wireMonitoring(ctx, { audit, member, operators, timeZone: operatorTimeZone });

  // Bindings a cycle forces: the first module of each pair is built before the second, which needs it.
  // Member ↔ login verification: the device check reads the member's contacts.
  member.useNewDeviceGate(loginVerification);
  // Member ↔ oidc: a password change or reset removes the account's provider links (docs/decisions.md).
  member.usePasswordChangeEffect((trx, memberId) => oidc.flow.removeLinksOnPasswordChange(trx, memberId));
  // Member ↔ identity, aml and kyc (each reads members): a login also asks whether the operator's
  // schedule wants a new face check (kyc-tiers.ts); a sign-up's CPF is screened for PEPs once the
  // gate admitted it (never refused for it).
  member.useIdentity(
    aml.withPepScreening({
      ...identity.gate,
      beforeLogin: async (memberId) => {
        await identity.gate.beforeLogin(memberId);
        await kyc.tiers.atLogin(memberId);
      },
    }),
  );
  // Member ↔ loyalty: the member info's club label and member labels are read from loyalty.
  member.useLabels(loyalty.vip.findLabels);
  // Session ↔ responsible gaming (which ends sessions): every new session, in the transaction that
  // opens it, passes responsible gambling's refusals first (a time-out, a self-exclusion), then the
  // licence's session.open door.
  session.useOpenGuard(async (trx, memberId) => {
    await responsibleGaming.access.beforeSession(trx, memberId);
    await licence.policy.ask(trx, 'session.open', { memberId });
  });
  // Responsible gaming ↔ gateway (whose bets it guards): the limits count the member's rounds.
  responsibleGaming.useRounds(gateway.sumMemberRounds);
  // Responsible gaming ↔ identity (which notifies through messages, which leave out the players
  // responsible gaming excludes): a self-exclusion refuses new accounts with the same CPF.
  responsibleGaming.useCpf(identity.cpfOf);
  // Content ↔ promo (which reads the live promotions): a promotion offering a bonus is published
  // only with a live one.
  content.usePublishGuard(promoRewards.assertPublishable);
  // Catalogue ↔ lottery (which sells through the gateway, which reads the catalogue): the catalogue
  // lists the lottery's games and hides the foreign draws the lottery names.
  catalogue.useForeignLotteries(() => lottery.foreignGameCodes());
  // System ↔ referral and rebate (which read the operator's configuration): the promotions' switches shown to the site.
  system.setPromoSwitches(async () => ({
    REFERRAL: { enabled: await referral.isEnabled() },
    REBATE: { enabled: await rebate.isEnabled() },
  }));
  // Licence ↔ everyone who asks it: what its doors check and what blocks a switch of licence.
  wireLicenceDoors(licence, { identity, kyc: kyc.service, houseGames: inhouse.certificates });
  wireLicenceBlockers(licence, {
    rewards,
    system,
    missions,
    loyalty,
    raffles,
    promoReview,
    content,
    catalogue,
    lottery,
  });

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
    amlPepSandbox,
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
