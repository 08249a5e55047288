import type { Kysely } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MemberService } from '../member/member.service';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import type { RewardEventStream } from '../rewards/reward-events';
import type { GrantRequest, GrantStatus, RewardSink } from '../rewards/reward-grants.types';
import type { SecurityService } from '../security/security.service';
import type { SystemService } from '../system/system.service';

type Db = Kysely<Database>;

/** What loyalty needs of the rewards engine: to give grants (VIP bonuses) and to pay 'points' grants. */
export type LoyaltyRewardsPort = {
  grants: {
    issue(trx: Db, request: GrantRequest): Promise<{ grantId: string; status: GrantStatus; created: boolean }>;
  };
  registerSink(sink: RewardSink): void;
};

export type LoyaltyContext = Pick<AppContext, 'db' | 'log'> & {
  system: Pick<SystemService, 'getBrand' | 'isModuleEnabled'>;
  ledger: Pick<LedgerService, 'transaction' | 'creditPlayerFromSystem'>;
  security: Pick<SecurityService, 'verifyPaymentPassword'>;
  audit: Pick<AuditService, 'record'>;
  /** Every vendor's game category, for the earning rate of its rounds (read before the consumer's transaction). */
  catalogue: Pick<CatalogueService, 'vendorCategories'>;
  member: Pick<MemberService, 'findAccountNames'>;
  events: Pick<RewardEventStream, 'record' | 'subscribe'>;
  rewards: LoyaltyRewardsPort;
  /** The operator money policy's set-up ceilings: a cash or bonus item offered above them waits (mall-approval.ts). */
  setups: Pick<SetupCeilings, 'assess' | 'assertApprover'>;
  /** The licence's profile, read in the saving transaction: VIP levels it forbids are refused (vip-licence.ts). */
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
  /**
   * The licence's door reward.pay, asked in the transaction that pays points out as money (a
   * conversion, a cash item): under a licence that identifies players an account without a CPF
   * receives no money. Required: the port fails closed.
   */
  licence: { ask: (trx: Db, door: 'reward.pay', subject: { memberId: string }) => Promise<unknown> };
  /** Evicts the VIP copies member info reads (vip-cache.ts); without it nothing is kept in memory. */
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset' | 'announce'>;
  /** The clock of the VIP window and review; Date.now when absent. */
  now?: () => number;
};
