import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { TransferWalletService } from '../modules/gateway/transfer-wallet.service';
import type { BonusService } from '../modules/bonus/bonus.service';
import type { InhouseService } from '../modules/inhouse/inhouse.service';
import type { RaffleService } from '../modules/promo/raffle.service';
import type { KeyService } from '../modules/system/key.service';
import type { RebateService } from '../modules/rebate/rebate.service';
import type { VipService } from '../modules/loyalty/vip.service';
import type { WithdrawalService } from '../modules/withdrawal/withdrawal.service';
import type { AgentSettlementService } from '../modules/agents/settlement/settlement.service';
import type { LotteryService } from '../modules/lottery/lottery.service';
import { startAgentSettlementJobs } from './agent-settlement.job';
import { startLotteryClock } from './lottery-clock.job';
import { startCrashDriver } from './crash-driver.job';
import { startBonusExpiryJob } from './bonus-expiry.job';
import { startEncryptionKeyRotationJob } from './encryption-key-rotation.job';
import { startInhouseStaleRoundsJob } from './inhouse-stale-rounds.job';
import { startRebateSettlementJob } from './rebate-settlement.job';
import { newInstanceId, type JobScheduler } from './interval-job';
import { startRaffleDrawJob } from './raffle-draw.job';
import { startVendorTransferStatusJob } from './vendor-transfer-status.job';
import { startVipReviewJob } from './vip-review.job';
import { startWithdrawalAutoReceiptJob } from './withdrawal-auto-receipt.job';
import { startRegulatorExportJob } from './regulator-export.job';
import { startMonthPartitionsJob } from './month-partitions.job';
import type { MonthPartitionsService } from '../modules/records/month-partitions.service';
import type { RegulatorExportService } from '../modules/records/regulator-export.service';
import { startRgTimeLimitsJob } from './rg-time-limits.job';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service';
import { startBarredListSweepJob } from './barred-list-sweep.job';
import type { IdentityService } from '../modules/identity/identity.service';
import { startMonitoringScanJob } from './monitoring-scan.job';
import { startAuditChainSealJob } from './audit-chain-seal.job';
import type { AuditService } from '../modules/audit/audit.service';
import type { MonitoringService } from '../modules/monitoring/monitoring.service';
import { startAmlSweepJob } from './aml-sweep.job';
import type { AmlService } from '../modules/aml/aml.service';

/** How long a period claim holds without renewal when JOB_LEASE_MS is not set. */
export const DEFAULT_JOB_LEASE_MS = 60_000;

export type PeriodicJobServices = {
  withdrawal: Pick<WithdrawalService, 'runAutoReceipt'>;
  inhouse: Pick<InhouseService, 'settleStaleRounds'> & { crash: Pick<InhouseService['crash'], 'createDriver'> };
  gateway: { transfers: Pick<TransferWalletService, 'runStatusChecks'> };
  keys: Pick<KeyService, 'rotateIfDue' | 'pruneNonces'>;
  rebate: Pick<RebateService, 'settleEndedPeriods'>;
  bonus: Pick<BonusService, 'expireDue'>;
  raffles: Pick<RaffleService, 'drawDue'>;
  loyalty: { vip: Pick<VipService, 'runReview'> };
  records: {
    exports: Pick<RegulatorExportService, 'runScheduled'>;
    partitions: Pick<MonthPartitionsService, 'ensureAhead'>;
  };
  identity: Pick<IdentityService, 'sweep' | 'clock'>;
  monitoring: Pick<MonitoringService, 'scan'>;
  aml: Pick<AmlService, 'sweep'>;
  agentSettlement: Pick<AgentSettlementService, 'settleEnded'>;
  responsibleGaming: Pick<ResponsibleGamingService, 'enforceAllTimeLimits'>;
  lottery: Pick<LotteryService, 'runClock' | 'clockSleepMs' | 'onDrawToFinish'>;
  audit: Pick<AuditService, 'sealChain'>;
};

export type PeriodicJobSettings = {
  /** How long a claim holds without renewal: how soon a dead instance's period is taken over. */
  leaseMs?: number | undefined;
  /** Run every job on this interval instead of its own (tests, demonstrations). */
  intervalOverrideMs?: number | undefined;
};

/**
 * Start the server's periodic jobs, each run once per period across every instance on the
 * database (see interval-job.ts). Returns a stop function that waits for runs in progress;
 * call it before the database closes.
 */
export function startPeriodicJobs(
  services: PeriodicJobServices,
  db: Kysely<Database>,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  settings: PeriodicJobSettings = {},
): { instance: string; stop: () => Promise<void> } {
  const scheduler: JobScheduler = {
    db,
    instance: newInstanceId(),
    leaseMs: settings.leaseMs ?? DEFAULT_JOB_LEASE_MS,
    intervalOverrideMs: settings.intervalOverrideMs,
    log,
  };
  const stops = [
    startWithdrawalAutoReceiptJob(services.withdrawal, scheduler),
    startInhouseStaleRoundsJob(services.inhouse, scheduler),
    startVendorTransferStatusJob(services.gateway.transfers, scheduler),
    startEncryptionKeyRotationJob(services.keys, scheduler),
    startRebateSettlementJob(services.rebate, scheduler),
    startBonusExpiryJob(services.bonus, scheduler),
    startRaffleDrawJob(services.raffles, scheduler),
    startVipReviewJob(services.loyalty.vip, scheduler),
    startRegulatorExportJob(services.records.exports, scheduler),
    startMonthPartitionsJob(services.records.partitions, scheduler),
    startRgTimeLimitsJob(services.responsibleGaming, scheduler),
    startBarredListSweepJob(services.identity, scheduler),
    startMonitoringScanJob(services.monitoring, scheduler),
    startAmlSweepJob(services.aml, scheduler),
    startAuditChainSealJob(services.audit, scheduler),
    ...startAgentSettlementJobs(services.agentSettlement, scheduler),
    startLotteryClock(services.lottery, log),
    startCrashDriver(services.inhouse.crash.createDriver(scheduler.instance), log),
  ];
  log.info({ instance: scheduler.instance, leaseMs: scheduler.leaseMs }, 'periodic jobs started');
  return { instance: scheduler.instance, stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}
