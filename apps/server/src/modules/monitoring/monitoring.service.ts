import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  MONITORING_DEFAULTS,
  monitoringSettingsSchema,
  type MonitoringFigures,
  type MonitoringSettings,
  type OpsMonitoringCloseBody,
  type OpsMonitoringFlag,
  type OpsMonitoringFlagDetail,
  type OpsMonitoringListQuery,
  type OpsMonitoringPage,
} from '@wps/shared/schemas/monitoring';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { RULE_SPANS, detectAll } from './monitoring-rules';
import type { MonitoringViews } from './monitoring-views';
import * as repo from './monitoring.repository';

type Db = Kysely<Database>;

/** The scan's name in job_runs (jobs/monitoring-scan.job.ts). */
export const MONITORING_SCAN_JOB = 'monitoring-scan';

export type MonitoringContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  audit: Pick<AuditService, 'record'>;
  views: MonitoringViews;
  /** The operator's time zone: the periods a flag stands for are its days, weeks and months. */
  timeZone: (db: Db) => Promise<string>;
  /** Players' account names (the member module's) and operators' usernames, for the screens. */
  accountNames: (ids: string[]) => Promise<Map<string, string>>;
  operatorNames: (ids: string[]) => Promise<Map<string, string>>;
  now?: () => number;
};

/** Stored thresholds over the defaults, group by group, so a group added later starts at its default. */
function withDefaults(stored: unknown): MonitoringSettings {
  if (!stored || typeof stored !== 'object') return MONITORING_DEFAULTS;
  const merged: Record<string, unknown> = { ...MONITORING_DEFAULTS };
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    const base = (MONITORING_DEFAULTS as Record<string, unknown>)[key];
    merged[key] =
      base && typeof base === 'object' && value && typeof value === 'object' ? { ...base, ...value } : value;
  }
  const parsed = monitoringSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : MONITORING_DEFAULTS;
}

/**
 * Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"): a scan evaluates each rule
 * over the owners' views and raises a flag per player, rule and period; operators review the flags
 * in the back office, write notes, and close each with an outcome (audited).
 */
export function createMonitoringService(ctx: MonitoringContext) {
  const { db, audit, views } = ctx;
  const now = ctx.now ?? Date.now;

  async function settings(trx: Db = db): Promise<MonitoringSettings> {
    return withDefaults(await repo.findSettings(trx));
  }

  async function present(rows: repo.FlagRow[]): Promise<OpsMonitoringFlag[]> {
    const [accounts, operators] = await Promise.all([
      ctx.accountNames([...new Set(rows.map((r) => r.memberId))]),
      ctx.operatorNames([...new Set(rows.flatMap((r) => (r.closedBy ? [r.closedBy] : [])))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      account: accounts.get(r.memberId) ?? '',
      rule: r.rule,
      periodKey: r.periodKey,
      windowStart: r.windowStart.toISOString(),
      windowEnd: r.windowEnd.toISOString(),
      figures: r.figures as MonitoringFigures,
      status: r.status,
      outcome: r.outcome,
      closedBy: r.closedBy === null ? null : (operators.get(r.closedBy) ?? r.closedBy),
      closedAt: r.closedAt?.toISOString() ?? null,
      raisedAt: r.detectedAt.toISOString(),
      notes: r.notes,
    }));
  }

  async function detail(id: string): Promise<OpsMonitoringFlagDetail> {
    const row = await repo.findFlag(db, id);
    if (!row) throw new AppError(ErrorCode.MONITORING_FLAG_NOT_FOUND, 'No such flag', { id });
    const notes = await repo.findNotes(db, id);
    const [flag] = await present([row]);
    const names = await ctx.operatorNames([...new Set(notes.map((n) => n.operatorId))]);
    return {
      ...flag!,
      noteList: notes.map((n) => ({
        id: n.id,
        operatorId: n.operatorId,
        operator: names.get(n.operatorId) ?? n.operatorId,
        body: n.body,
        createdAt: n.createdAt.toISOString(),
      })),
    };
  }

  return {
    settings: () => settings(),

    /** Change the thresholds; audited with the whole set before and after. */
    async saveSettings(operatorId: string, next: MonitoringSettings): Promise<MonitoringSettings> {
      await runInTransaction(db, async (trx) => {
        const before = await settings(trx);
        await repo.saveSettings(trx, next, operatorId);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'monitoring.settings',
          subjectType: 'monitoring',
          subjectId: 'settings',
          reason: null,
          before,
          after: next,
        });
      });
      return settings();
    },

    /**
     * Evaluate every rule now and raise the new flags in one transaction; `complete` (the job's
     * period claim) is marked in the same one, so a scan taken over after its holder died writes
     * its flags once. Returns how many flags were raised.
     */
    async scan(complete?: (trx: Db, raised: number) => Promise<boolean>): Promise<number> {
      const current = await settings();
      // Switched off: nothing raised; the job marks its period finished itself.
      if (!current.enabled) return 0;
      const at = new Date(now());
      const timeZone = await ctx.timeZone(db);
      const candidates = await detectAll({ db, views, at, timeZone, settings: current });
      return runInTransaction(db, async (trx) => {
        let raised = 0;
        for (const c of candidates) if (await repo.insertFlag(trx, c, at, RULE_SPANS[c.rule].windowMs)) raised++;
        if (complete && !(await complete(trx, raised)))
          throw new Error('monitoring scan: the period was taken over before it finished');
        return raised;
      });
    },

    /** The back office's list, a page at a time. */
    async list(query: OpsMonitoringListQuery): Promise<OpsMonitoringPage> {
      const { rows, total } = await repo.listFlags(db, {
        rule: query.rule,
        status: query.status,
        memberId: query.memberId,
        order: query.order,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: await present(rows),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    detail,

    /** An operator's note on a flag (open or closed: what was done after closing is worth keeping too); audited. */
    async addNote(operatorId: string, flagId: string, body: string): Promise<OpsMonitoringFlagDetail> {
      await runInTransaction(db, async (trx) => {
        const flag = await repo.lockFlag(trx, flagId);
        if (!flag) throw new AppError(ErrorCode.MONITORING_FLAG_NOT_FOUND, 'No such flag', { id: flagId });
        const noteId = await repo.insertNote(trx, flagId, operatorId, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'monitoring.note',
          subjectType: 'member',
          subjectId: flag.memberId,
          reason: null,
          before: null,
          after: { flagId, noteId },
        });
      });
      return detail(flagId);
    },

    /** Close an open flag with its outcome and why; audited. A closed flag stays closed. */
    async close(operatorId: string, flagId: string, body: OpsMonitoringCloseBody): Promise<OpsMonitoringFlagDetail> {
      await runInTransaction(db, async (trx) => {
        const flag = await repo.lockFlag(trx, flagId);
        if (!flag) throw new AppError(ErrorCode.MONITORING_FLAG_NOT_FOUND, 'No such flag', { id: flagId });
        if (flag.status !== 'open' || !(await repo.closeFlag(trx, flagId, body.outcome, operatorId, new Date(now())))) {
          throw new AppError(ErrorCode.MONITORING_FLAG_CLOSED, 'This flag is closed already', { id: flagId });
        }
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'monitoring.close',
          subjectType: 'member',
          subjectId: flag.memberId,
          reason: body.reason,
          before: { flagId, status: 'open' },
          after: { flagId, status: 'closed', outcome: body.outcome },
        });
      });
      return detail(flagId);
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
