import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { RecordsViews } from './records-views';
import { createMonthPartitionsService } from './month-partitions.service';
import { createRegulatorExportService, type RegulatorExportContext } from './regulator-export.service';

export type RecordsContext = Pick<AppContext, 'db' | 'readDb' | 'log'> & {
  audit: Pick<AuditService, 'record'>;
  views: RecordsViews;
  timeZone: RegulatorExportContext['timeZone'];
  now?: (() => number) | undefined;
  operatorNames?: RegulatorExportContext['operatorNames'];
};

/**
 * The records a licence asks the operator to keep and show (docs/compliance.md, "Records, audit
 * and reports"): the daily regulator export (a round rebuilt from the records and the LGPD
 * anonymisation are operator commands, records.ops.ts). It keeps no copy of other modules' rows:
 * it reads them through their views.
 */
export function createRecordsService(ctx: RecordsContext) {
  return {
    exports: createRegulatorExportService({
      db: ctx.db,
      readDb: ctx.readDb,
      log: ctx.log,
      audit: ctx.audit,
      views: ctx.views,
      timeZone: ctx.timeZone,
      ...(ctx.now ? { now: ctx.now } : {}),
      ...(ctx.operatorNames ? { operatorNames: ctx.operatorNames } : {}),
    }),
    partitions: createMonthPartitionsService({ db: ctx.db, ...(ctx.now ? { now: ctx.now } : {}) }),
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
