import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { recordsViewsOf } from './records-views';
import { createRecordsService } from './records.service';

/**
 * The records a licence asks for (docs/compliance.md, "Records, audit and reports"): rounds rebuilt
 * from the records and the daily regulator export, on the operator's days, over the owners' views.
 */
export function wireRecords(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    operators: Pick<OperatorService, 'namesOf'>;
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const { operators } = deps;
  return createRecordsService({
    db: ctx.db,
    readDb: ctx.readDb,
    log: ctx.log,
    audit: deps.audit,
    views: recordsViewsOf(ctx.db),
    timeZone: deps.timeZone,
    now: ctx.calendarClock,
    operatorNames: (ids) => operators.namesOf(ids),
  });
}
