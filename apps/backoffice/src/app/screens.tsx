import type { ComponentType } from 'react';
import type { OpsPermission } from '@wps/shared/ops-permissions';
import { AgentReportPage } from '../features/agents/components/agent-report-page';
import { AgentsPage } from '../features/agents/components/agents-page';
import { ContractsPage } from '../features/agents/components/contracts-page';
import { HoldsPage } from '../features/agents/components/holds-page';
import { SettlementRunsPage } from '../features/agents/components/settlement-runs-page';
import { StatementsPage } from '../features/agents/components/statements-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { RegulatorExportsPage } from '../features/compliance/components/regulator-exports-page';
import { KycChecksPage } from '../features/kyc/components/kyc-checks-page';
import { MonitoringFlagPage } from '../features/monitoring/components/monitoring-flag-page';
import { MonitoringPage } from '../features/monitoring/components/monitoring-page';
import { MonitoringSettingsPage } from '../features/monitoring/components/monitoring-settings-page';
import { AmlCasesPage } from '../features/aml/components/aml-cases-page';
import { AmlCasePage } from '../features/aml/components/aml-case-page';
import { PepSandboxPage } from '../features/aml/components/pep-sandbox-page';
import { KycSettingsPage } from '../features/kyc/components/kyc-settings-page';
import { IdentityProvidersPage } from '../features/identity-providers/components/identity-providers-page';
import { BonusCostPage } from '../features/bonuses/components/bonus-cost-page';
import { BonusSettingsPage } from '../features/bonuses/components/bonus-settings-page';
import { BonusesPage } from '../features/bonuses/components/bonuses-page';
import { ContentPage } from '../features/content/components/content-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { FeedbackPage } from '../features/feedback/components/feedback-page';
import { BarredHitsPage } from '../features/barred-list/components/barred-hits-page';
import { BarredListPage } from '../features/barred-list/components/barred-list-page';
import { GamesPage } from '../features/games/components/games-page';
import { MissionsPage } from '../features/missions/components/missions-page';
import { MessagesPage } from '../features/messages/components/messages-page';
import { RewardsPage } from '../features/rewards/components/rewards-page';
import { HeldRewardsPage } from '../features/queues/components/held-rewards-page';
import { RaffleApprovalsPage } from '../features/setup-approvals/components/raffle-approvals-page';
import { RewardProgrammesPage } from '../features/reward-programmes/components/reward-programmes-page';
import { OperatorsPage } from '../features/operators/components/operators-page';
import { PaymentsPage } from '../features/payments/components/payments-page';
import { ApplicationsPage } from '../features/promo/components/applications-page';
import { PromoSettingsPage } from '../features/promo/components/promo-settings-page';
import { RafflesPage } from '../features/promo/components/raffles-page';
import { AdjustmentsPage } from '../features/players/components/adjustments-page';
import { PlayersSearchPage } from '../features/players/components/players-search-page';
import { DepositsPage } from '../features/queues/components/deposits-page';
import { VendorTransfersPage } from '../features/queues/components/vendor-transfers-page';
import { WithdrawalsPage } from '../features/queues/components/withdrawals-page';
import { ReportsPage } from '../features/reports/components/reports-page';
import { SiteSettingsPage } from '../features/site-settings/components/site-settings-page';
import { LoyaltyPage } from '../features/loyalty/components/loyalty-page';
import { LotteryDrawPage } from '../features/lottery/components/lottery-draw-page';
import { LotteryDrawsPage, LotterySettlementsPage } from '../features/lottery/components/lottery-draws-page';
import { LotteryGamesPage } from '../features/lottery/components/lottery-games-page';
import { LotteryReportsPage } from '../features/lottery/components/lottery-reports-page';
import { LotteryResultsPage } from '../features/lottery/components/lottery-results-page';
import { RedemptionsPage } from '../features/loyalty/components/redemptions-page';
import { PlayerScreen } from './player-screen';
import { ToLanding } from './to-landing';

/** The sidebar's groups, in the order they appear. */
export const NAV_GROUPS = [
  'dashboard',
  'players',
  'queues',
  'payments',
  'games',
  'lottery',
  'rewards',
  'agents',
  'site',
  'operators',
  'audit',
  'reports',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * One back-office screen: where it lives, who may open it, and its sidebar entry.
 * A path with no entry here is the 404 page; nothing links to an unbuilt screen.
 */
export type Screen = {
  /** Path under /backoffice/, without a leading slash ('' is the landing page); may hold params ('players/:id'). */
  path: string;
  /** The permission the operator's role must hold (the server checks the same one on its routes). */
  permission: OpsPermission;
  Component: ComponentType;
  /** The sidebar entry; screens reached from another screen (a player's page) have none. */
  nav?: { group: NavGroup; labelKey: string };
};

/**
 * Every screen of the back office. To add one: build it under features/<feature>/, then add a
 * line here (path, permission, component, and a nav entry with a label key in common.json).
 */
export const SCREENS: readonly Screen[] = [
  // The landing page (after sign-in and at /backoffice/) is the dashboard: what waits and today's figures.
  {
    path: '',
    permission: 'dashboard.read',
    Component: DashboardPage,
    nav: { group: 'dashboard', labelKey: 'nav.dashboard' },
  },
  // The dashboard's former address, kept for bookmarks and shared links (with their chart range).
  { path: 'dashboard', permission: 'dashboard.read', Component: ToLanding },
  {
    path: 'players',
    permission: 'players.read',
    Component: PlayersSearchPage,
    nav: { group: 'players', labelKey: 'nav.players' },
  },
  { path: 'players/:playerId', permission: 'players.read', Component: PlayerScreen },
  {
    path: 'adjustments',
    permission: 'players.read',
    Component: AdjustmentsPage,
    nav: { group: 'players', labelKey: 'nav.adjustments' },
  },
  {
    path: 'feedback',
    permission: 'players.read',
    Component: FeedbackPage,
    nav: { group: 'players', labelKey: 'nav.feedback' },
  },
  {
    path: 'compliance/barred-hits',
    permission: 'players.read',
    Component: BarredHitsPage,
    nav: { group: 'players', labelKey: 'nav.barredHits' },
  },
  {
    path: 'compliance/barred-list',
    permission: 'settings.read',
    Component: BarredListPage,
    nav: { group: 'site', labelKey: 'nav.barredList' },
  },
  {
    path: 'bonuses',
    permission: 'bonuses.read',
    Component: BonusesPage,
    nav: { group: 'players', labelKey: 'nav.bonuses' },
  },
  {
    path: 'bonuses/settings',
    permission: 'bonuses.read',
    Component: BonusSettingsPage,
    nav: { group: 'site', labelKey: 'nav.bonusSettings' },
  },
  {
    path: 'messages',
    permission: 'inbox.read',
    Component: MessagesPage,
    nav: { group: 'players', labelKey: 'nav.messages' },
  },
  {
    path: 'queues/deposits',
    permission: 'money.read',
    Component: DepositsPage,
    nav: { group: 'queues', labelKey: 'nav.deposits' },
  },
  {
    path: 'queues/withdrawals',
    permission: 'money.read',
    Component: WithdrawalsPage,
    nav: { group: 'queues', labelKey: 'nav.withdrawals' },
  },
  {
    path: 'queues/vendor-transfers',
    permission: 'money.read',
    Component: VendorTransfersPage,
    nav: { group: 'queues', labelKey: 'nav.vendorTransfers' },
  },
  {
    path: 'queues/redemptions',
    permission: 'loyalty.read',
    Component: RedemptionsPage,
    nav: { group: 'queues', labelKey: 'nav.redemptions' },
  },
  {
    path: 'queues/held-rewards',
    permission: 'rewards.read',
    Component: HeldRewardsPage,
    nav: { group: 'queues', labelKey: 'nav.heldRewards' },
  },
  {
    path: 'queues/raffle-approvals',
    permission: 'adjustments.approve',
    Component: RaffleApprovalsPage,
    nav: { group: 'queues', labelKey: 'nav.raffleApprovals' },
  },
  {
    path: 'payments',
    permission: 'payments.read',
    Component: PaymentsPage,
    nav: { group: 'payments', labelKey: 'nav.payments' },
  },
  { path: 'games', permission: 'games.read', Component: GamesPage, nav: { group: 'games', labelKey: 'nav.games' } },
  {
    path: 'lottery/games',
    permission: 'lottery.read',
    Component: LotteryGamesPage,
    nav: { group: 'lottery', labelKey: 'nav.lotteryGames' },
  },
  {
    path: 'lottery/draws',
    permission: 'lottery.read',
    Component: LotteryDrawsPage,
    nav: { group: 'lottery', labelKey: 'nav.lotteryDraws' },
  },
  { path: 'lottery/draws/:drawId', permission: 'lottery.read', Component: LotteryDrawPage },
  {
    path: 'lottery/results',
    permission: 'lottery.read',
    Component: LotteryResultsPage,
    nav: { group: 'lottery', labelKey: 'nav.lotteryResults' },
  },
  {
    path: 'lottery/settlements',
    permission: 'lottery.read',
    Component: LotterySettlementsPage,
    nav: { group: 'lottery', labelKey: 'nav.lotterySettlements' },
  },
  {
    path: 'lottery/reports',
    permission: 'lottery.read',
    Component: LotteryReportsPage,
    nav: { group: 'lottery', labelKey: 'nav.lotteryReports' },
  },
  {
    path: 'rewards',
    permission: 'rewards.read',
    Component: RewardsPage,
    nav: { group: 'rewards', labelKey: 'nav.rewards' },
  },
  {
    path: 'missions',
    permission: 'rewards.read',
    Component: MissionsPage,
    nav: { group: 'rewards', labelKey: 'nav.missions' },
  },
  {
    path: 'reward-programmes',
    permission: 'rewards.read',
    Component: RewardProgrammesPage,
    nav: { group: 'rewards', labelKey: 'nav.rewardProgrammes' },
  },
  {
    path: 'agents',
    permission: 'agents.read',
    Component: AgentsPage,
    nav: { group: 'agents', labelKey: 'nav.agentTree' },
  },
  {
    path: 'agents/contracts',
    permission: 'agents.read',
    Component: ContractsPage,
    nav: { group: 'agents', labelKey: 'nav.agentContracts' },
  },
  {
    path: 'agents/reports',
    permission: 'agents.read',
    Component: AgentReportPage,
    nav: { group: 'agents', labelKey: 'nav.agentReports' },
  },
  {
    path: 'agents/settlement',
    permission: 'agents.read',
    Component: SettlementRunsPage,
    nav: { group: 'agents', labelKey: 'nav.agentRuns' },
  },
  {
    path: 'agents/statements',
    permission: 'agents.read',
    Component: StatementsPage,
    nav: { group: 'agents', labelKey: 'nav.agentStatements' },
  },
  {
    path: 'agents/holds',
    permission: 'agents.read',
    Component: HoldsPage,
    nav: { group: 'agents', labelKey: 'nav.agentHolds' },
  },
  {
    path: 'site-settings',
    permission: 'settings.read',
    Component: SiteSettingsPage,
    nav: { group: 'site', labelKey: 'nav.site' },
  },
  {
    path: 'content',
    permission: 'content.read',
    Component: ContentPage,
    nav: { group: 'site', labelKey: 'nav.content' },
  },
  {
    path: 'promo/applications',
    permission: 'promotions.write',
    Component: ApplicationsPage,
    nav: { group: 'rewards', labelKey: 'nav.promoApplications' },
  },
  {
    path: 'promo/settings',
    permission: 'promotions.write',
    Component: PromoSettingsPage,
    nav: { group: 'rewards', labelKey: 'nav.promoSettings' },
  },
  {
    path: 'promo/raffles',
    permission: 'promotions.write',
    Component: RafflesPage,
    nav: { group: 'rewards', labelKey: 'nav.raffles' },
  },
  {
    path: 'loyalty',
    permission: 'loyalty.read',
    Component: LoyaltyPage,
    nav: { group: 'rewards', labelKey: 'nav.loyalty' },
  },
  {
    path: 'reports',
    permission: 'reports.read',
    Component: ReportsPage,
    nav: { group: 'reports', labelKey: 'nav.reports' },
  },
  {
    path: 'reports/bonus-cost',
    permission: 'bonuses.read',
    Component: BonusCostPage,
    nav: { group: 'reports', labelKey: 'nav.bonusCost' },
  },
  {
    path: 'operators',
    permission: 'operators.manage',
    Component: OperatorsPage,
    nav: { group: 'operators', labelKey: 'nav.operators' },
  },
  { path: 'audit', permission: 'audit.read', Component: AuditPage, nav: { group: 'audit', labelKey: 'nav.audit' } },
  {
    path: 'compliance/kyc',
    permission: 'kyc.review',
    Component: KycChecksPage,
    nav: { group: 'players', labelKey: 'nav.kycChecks' },
  },
  {
    path: 'compliance/monitoring',
    permission: 'monitoring.review',
    Component: MonitoringPage,
    nav: { group: 'players', labelKey: 'nav.monitoring' },
  },
  { path: 'compliance/monitoring/settings', permission: 'settings.write', Component: MonitoringSettingsPage },
  { path: 'compliance/monitoring/:flagId', permission: 'monitoring.review', Component: MonitoringFlagPage },
  {
    path: 'compliance/aml',
    permission: 'aml.review',
    Component: AmlCasesPage,
    nav: { group: 'players', labelKey: 'nav.aml' },
  },
  {
    path: 'compliance/aml/pep-sandbox',
    permission: 'settings.read',
    Component: PepSandboxPage,
    nav: { group: 'site', labelKey: 'nav.amlPepSandbox' },
  },
  { path: 'compliance/aml/:caseId', permission: 'aml.review', Component: AmlCasePage },
  {
    path: 'compliance/kyc-settings',
    permission: 'settings.read',
    Component: KycSettingsPage,
    nav: { group: 'site', labelKey: 'nav.kycSettings' },
  },
  {
    path: 'identity-providers',
    permission: 'settings.read',
    Component: IdentityProvidersPage,
    nav: { group: 'site', labelKey: 'nav.identityProviders' },
  },
  {
    path: 'compliance/exports',
    permission: 'compliance.exports',
    Component: RegulatorExportsPage,
    nav: { group: 'audit', labelKey: 'nav.regulatorExports' },
  },
];
