import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { OperatorService } from '../operator/operator.service';
import { monitoringViewsOf } from './monitoring-views';
import { createMonitoringService } from './monitoring.service';

/**
 * Behaviour monitoring (docs/compliance.md): players' patterns flagged to the back office, read
 * through the owners' views (ledger, gateway rounds, members, the players' limit changes).
 */
export function wireMonitoring(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    member: Pick<MemberService, 'findAccountNames'>;
    operators: Pick<OperatorService, 'namesOf'>;
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const { member, operators } = deps;
  return createMonitoringService({
    db: ctx.db,
    log: ctx.log,
    audit: deps.audit,
    views: monitoringViewsOf(ctx.db),
    timeZone: deps.timeZone,
    accountNames: (ids) => member.findAccountNames(ids),
    operatorNames: (ids) => operators.namesOf(ids),
    now: ctx.calendarClock,
  });
}
