import type { Kysely } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicencePolicy } from '../licence/licence-policy';
import type { OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { RewardEventStream } from './reward-events';
import { createRewardGrants } from './reward-grants';
import { createRewardRules } from './reward-rules';
import { readTimeZone } from './reward-rules.repository';
import { createRulesConsumer, type RuleFactSources } from './rules-consumer';

export type RewardsContext = Pick<AppContext, 'db' | 'log'> & {
  ledger: Pick<LedgerService, 'creditPlayerFromSystem' | 'getOperatorCurrency'>;
  audit: Pick<AuditService, 'record'>;
  events: RewardEventStream;
  facts: RuleFactSources;
  /** The operator money policy, asked when an operator releases a held grant of money. */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
  /** The operator's licence profile, read in the caller's transaction (the licence module owns it). */
  licenceProfile: (db: Kysely<Database>) => Promise<JurisdictionProfile>;
  /** The licence's port, asked at the door `reward.pay`. */
  licence: Pick<LicencePolicy, 'ask'>;
  /** Who gets no rewards: players in a time-out or self-exclusion (the responsible-gaming module). */
  isExcluded: (memberId: string, trx: Kysely<Database>) => Promise<boolean>;
};

/**
 * The rewards engine: grants (every reward, paid by the payer of its kind), the operator's rules
 * and their consumer of the player event stream. Other modules add payers (`registerSink`), facts
 * the rules read (`facts`), and issue grants of their own (`grants.issue`).
 */
export function createRewardsService(ctx: RewardsContext) {
  const grants = createRewardGrants({
    db: ctx.db,
    log: ctx.log,
    ledger: ctx.ledger,
    audit: ctx.audit,
    moneyPolicy: ctx.moneyPolicy,
    licenceProfile: ctx.licenceProfile,
    licence: ctx.licence,
    isExcluded: ctx.isExcluded,
  });
  const rules = createRewardRules({
    db: ctx.db,
    licenceProfile: ctx.licenceProfile,
    audit: ctx.audit,
    events: ctx.events,
    facts: ctx.facts,
    hasSink: (kind) => grants.hasSink(kind as never),
  });
  ctx.events.subscribe(
    createRulesConsumer({ grants, facts: ctx.facts, log: ctx.log, licenceProfile: ctx.licenceProfile }),
  );
  return {
    grants,
    rules,
    registerSink: grants.registerSink,
    /** The operator's time zone (reward settings), in which every module's periods are cut. */
    timeZone: readTimeZone,
    /** The players' VIP levels and promotion joins, once the modules that know them exist. */
    setFacts(more: Partial<Pick<RuleFactSources, 'vipLevels' | 'joinedPromotion'>>): void {
      Object.assign(ctx.facts, more);
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
