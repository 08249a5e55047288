import type { AppContext } from '../../app-context';
import type { Metrics } from '../../metrics/metrics';
import type { AuditService } from '../audit/audit.service';
import type { BonusService } from '../bonus/bonus.service';
import type { KycModule } from '../kyc/kyc.module';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import { createPayoutChecks } from '../operator-money/operator-money-withdrawals';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { OperatorService } from '../operator/operator.service';
import type { SecurityService } from '../security/security.service';
import type { SystemService } from '../system/system.service';
import { createWithdrawalService } from './withdrawal.service';

/**
 * Withdrawals: a confirmed request forfeits the player's bonuses, an operator's payment asks the
 * operator money policy, a request asks the licence's money.out door and waits for a due identity
 * check; the alerting reads the overdue reviews at each scrape (withdrawals_review_overdue).
 */
export function wireWithdrawal(
  ctx: AppContext,
  deps: {
    metrics: Metrics;
    system: SystemService;
    ledger: LedgerService;
    security: SecurityService;
    audit: AuditService;
    messages: MessagesService;
    member: MemberService;
    bonus: BonusService;
    operatorMoney: OperatorMoneyService;
    operators: OperatorService;
    kyc: KycModule;
    licence: LicenceService;
  },
) {
  const { operators, kyc } = deps;
  const withdrawal = createWithdrawalService({
    ...ctx,
    now: ctx.calendarClock,
    dataDir: ctx.config.dataDir,
    system: deps.system,
    ledger: deps.ledger,
    security: deps.security,
    audit: deps.audit,
    messages: deps.messages,
    member: deps.member,
    bonus: deps.bonus,
    moneyPolicy: deps.operatorMoney.policy,
    payoutChecks: createPayoutChecks(),
    operatorNames: (ids) => operators.namesOf(ids),
    identityCheckPending: async (memberId) => {
      await kyc.tiers.assertNotReverifying(memberId);
      return (await kyc.service.isRequired()) && !(await kyc.service.isVerified(memberId));
    },
    // A player's withdrawal request asks the licence's money.out door.
    licence: deps.licence.policy,
  });
  deps.metrics.watchWithdrawalReviews(() => withdrawal.reviewOverdue());
  return withdrawal;
}
