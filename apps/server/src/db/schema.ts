import type { Generated } from 'kysely';
import type { LedgerTables } from './tables/ledger';
import type { MemberTables } from './tables/member';
import type { SystemTables } from './tables/system';
import type { VerificationTables } from './tables/verification';
import type { SecurityTables } from './tables/security';
import type { WithdrawalTables } from './tables/withdrawal';
import type { OperatorTables } from './tables/operator';
import type { DepositTables } from './tables/deposit';
import type { GatewayTables } from './tables/gateway';
import type { CatalogueTables } from './tables/catalogue';
import type { InhouseTables } from './tables/inhouse';
import type { SessionTables } from './tables/session';
import type { PlayersTables } from './tables/players';
import type { ContentTables } from './tables/content';
import type { FeedbackTables } from './tables/feedback';
import type { MessagesTables } from './tables/messages';
import type { RewardsTables } from './tables/rewards';
import type { PromoTables } from './tables/promo';
import type { RebateTables } from './tables/rebate';
import type { MissionsTables } from './tables/missions';
import type { BonusTables } from './tables/bonus';
import type { LoyaltyTables } from './tables/loyalty';
import type { ReferralTables } from './tables/referral';
import type { AgentsTables } from './tables/agents';
import type { AgentCentreTables } from './tables/agent-centre';
import type { LotteryTables } from './tables/lottery';
import type { IdentityTables } from './tables/identity';
import type { KycTables } from './tables/kyc';
import type { PixTables } from './tables/pix';
import type { ResponsibleGamingTables } from './tables/responsible-gaming';
import type { AuditTables } from './tables/audit';
import type { RecordsTables } from './tables/records';
import type { MonitoringTables } from './tables/monitoring';
import type { OidcTables } from './tables/oidc';
import type { LoginVerificationTables } from './tables/login-verification';
import type { LicenceTables } from './tables/licence';
import type { OperatorMoneyTables } from './tables/operator-money';
import type { PrivacyTables } from './tables/privacy';
import type { AmlTables } from './tables/aml';

/** Every table Kysely knows about; each module owns its file under tables/. */
export type Database = SystemTables &
  MemberTables &
  LedgerTables &
  VerificationTables &
  OperatorTables &
  DepositTables &
  SecurityTables &
  WithdrawalTables &
  CatalogueTables &
  GatewayTables &
  InhouseTables &
  SessionTables &
  PlayersTables &
  ContentTables &
  FeedbackTables &
  MessagesTables &
  RewardsTables &
  RebateTables &
  MissionsTables &
  BonusTables &
  PromoTables &
  LoyaltyTables &
  ReferralTables &
  AgentsTables &
  AgentCentreTables &
  LotteryTables &
  IdentityTables &
  KycTables &
  PixTables &
  ResponsibleGamingTables &
  AuditTables &
  RecordsTables &
  MonitoringTables &
  AmlTables &
  OidcTables &
  LoginVerificationTables &
  OperatorMoneyTables &
  LicenceTables &
  PrivacyTables &
  MigrationTables;

export type MigrationTables = {
  schema_migrations: { version: number; name: string; applied_at: Generated<Date> };
  /** The function files (modules/<owner>/sql/<name>.sql) applied, by the checksum of the text applied (function-files.ts). */
  schema_functions: { name: string; checksum: string; applied_at: Generated<Date> };
};
