import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { SystemService } from '../system/system.service';
import { createRewardEventStream, type RewardEventStream } from './reward-events';
import { readTimeZone } from './reward-rules.repository';
import { createRewardsService, type RewardsService } from './rewards.service';

/** The operator's time zone (reward settings), in which every module's periods are cut. */
export const operatorTimeZone = readTimeZone;

/**
 * What happens to players (written by triggers and by the modules that make the change), applied
 * once per consumer by the rewards engine's consumers, woken by the change feed; started by
 * server.ts, drained by tests. Built first: consumers subscribe as their modules are built.
 */
export function wireRewardEvents(ctx: AppContext, deps: { changeFeed: ChangeFeed }) {
  return createRewardEventStream({
    db: ctx.db,
    log: ctx.log,
    pollMs: ctx.config.rewardEventsPollMs,
    feed: deps.changeFeed,
  });
}

/** The rewards engine: grants and their payers, the operator's rules over the player event stream. */
export function wireRewards(
  ctx: AppContext,
  deps: {
    ledger: LedgerService;
    audit: AuditService;
    events: RewardEventStream;
    catalogue: CatalogueService;
    member: MemberService;
    operatorMoney: OperatorMoneyService;
    licence: LicenceService;
    /** Players in a time-out or self-exclusion get no rewards (the responsible-gaming module). */
    isExcluded: (memberId: string, trx: AppContext['db']) => Promise<boolean>;
  },
) {
  const { licence } = deps;
  return createRewardsService({
    ...ctx,
    ledger: deps.ledger,
    audit: deps.audit,
    events: deps.events,
    facts: { vendorCategories: deps.catalogue.vendorCategories, registeredAt: deps.member.findRegisteredAt },
    moneyPolicy: deps.operatorMoney.policy,
    licenceProfile: (db) => licence.policy.profile(db),
    licence: licence.policy,
    isExcluded: deps.isExcluded,
  });
}

/** What the modules paying through the engine's grants share (missions, the rebate, referral). */
export function rewardInputsOf(
  ctx: AppContext,
  deps: { audit: AuditService; rewards: RewardsService; catalogue: CatalogueService; system: SystemService },
) {
  const { system } = deps;
  return {
    db: ctx.db,
    audit: deps.audit,
    grants: deps.rewards.grants,
    timeZone: deps.rewards.timeZone,
    vendorCategories: deps.catalogue.vendorCategories,
    brand: () => system.getBrand(),
    now: ctx.calendarClock,
  };
}
