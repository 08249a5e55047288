import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';
import {
  REGULATOR_EXPORT_FILES,
  REGULATOR_EXPORT_SCHEMA_VERSION,
  exportManifestSchema,
  regulatorExportRecordSchemas,
  type ExportManifest,
  type RegulatorExportPage,
  type RegulatorExportState,
} from '@wps/shared/schemas/regulator-export';
import type { ReadDb } from '../../db/read-handle';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import { auditChainHead } from '../audit/audit-chain';
import type { AuditService } from '../audit/audit.service';
import { JSON_LINES, type ExportFormat } from './export-format';
import { findIdentities } from './identity-reader';
import { buildDayRecords, playersOf } from './regulator-export-build';
import {
  findBettors,
  findDayEntries,
  findDayPayouts,
  findDayRoundMoves,
  findDayWallets,
  type DayWindow,
} from './regulator-export-data.repository';
import * as repo from './regulator-export.repository';
import type { RecordsViews } from './records-views';

type Db = Kysely<Database>;

/** The job's name in job_runs (jobs/regulator-export.job.ts). */
export const REGULATOR_EXPORT_JOB = 'regulator-export';
/** A day is exported once this long after it ends: writers that began before midnight have committed. */
export const EXPORT_GRACE_MS = 30 * 60_000;
/** Days the schedule catches up on after a pause (the most recent ones). */
export const EXPORT_CATCH_UP_DAYS = 7;

export type RegulatorExportContext = {
  db: Db;
  /**
   * The back office's reads of the stored exports (the runs list, the state, a file's download):
   * the read replica while it keeps up (db/read-handle.ts). Building and storing a day reads the
   * primary, in the transaction that locks the day. Absent: `db`.
   */
  readDb?: Pick<ReadDb, 'current'> | undefined;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  audit: Pick<AuditService, 'record'>;
  views: RecordsViews;
  /** The operator's time zone: its days are the export's days. */
  timeZone: (db: Db) => Promise<string>;
  now?: () => number;
  format?: ExportFormat;
  /** Operators' usernames by id, for the runs list. */
  operatorNames?: (ids: string[]) => Promise<Map<string, string>>;
};

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * Validate each record against its file's schema. A failure names the file, the line and the
 * fields, never a value: the bettors file carries CPFs, which are never logged.
 */
function validated(file: (typeof REGULATOR_EXPORT_FILES)[number], records: unknown[]): unknown[] {
  const schema = regulatorExportRecordSchemas[file];
  return records.map((r, i) => {
    const parsed = schema.safeParse(r);
    if (!parsed.success)
      throw new Error(
        `regulator export: ${file} line ${i + 1} does not match the schema (${parsed.error.issues.map((x) => x.path.join('.') || '(record)').join(', ')})`,
      );
    return parsed.data;
  });
}

/** The `auditChain` a stored manifest kept, read on its own: manifests of every schema version carry it. */
function manifestHead(content: Buffer): { seq: string; hash: string } | undefined {
  try {
    const { auditChain } = JSON.parse(content.toString('utf8')) as { auditChain?: { seq?: unknown; hash?: unknown } };
    const { seq, hash } = auditChain ?? {};
    if (typeof seq === 'string' && /^\d+$/.test(seq) && typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash))
      return { seq, hash };
  } catch {
    // Not JSON: no head.
  }
  return undefined;
}

export function createRegulatorExportService(ctx: RegulatorExportContext) {
  const { db, views } = ctx;
  const reads = () => ctx.readDb?.current() ?? db;
  const now = ctx.now ?? Date.now;
  const format = ctx.format ?? JSON_LINES;

  /** The last operator day whose grace has passed. */
  function lastDueDay(timeZone: string): string {
    const graced = periodOf(new Date(now() - EXPORT_GRACE_MS), 'daily', timeZone);
    return periodOf(new Date(graced.start.getTime() - 1), 'daily', timeZone).key;
  }

  /** Read, build, validate and encode one day; store it as `version` in the caller's transaction. */
  async function exportDay(
    trx: Db,
    day: string,
    version: number,
    trigger: 'schedule' | 'rerun',
    by: { operatorId: string | null; reason: string | null },
  ) {
    const startedAt = new Date(now());
    const timeZone = await ctx.timeZone(trx);
    const window: DayWindow | undefined = periodOfKey(day, timeZone);
    if (!window) throw new Error(`regulator export: no day ${day} in ${timeZone}`);
    // One after another: a transaction is one connection.
    const entries = await findDayEntries(trx, views, window);
    const moves = await findDayRoundMoves(trx, views, window);
    const wallets = await findDayWallets(trx, views, window);
    const payouts = await findDayPayouts(trx, views, window);
    const players = playersOf({ entries, moves, payouts });
    const bettors = await findBettors(trx, views, window, players);
    const identities = await findIdentities(
      trx,
      bettors.map((b) => b.id),
    );
    const { records, totals } = buildDayRecords({ entries, moves, wallets, bettors, payouts, identities });

    const files = REGULATOR_EXPORT_FILES.map((file) => {
      const content = format.encode(validated(file, records[file]));
      return {
        file,
        name: `${file}${format.extension}`,
        contentType: format.contentType,
        rows: records[file].length,
        bytes: content.length,
        sha256: sha256(content),
        content,
      };
    });
    const manifest: ExportManifest = exportManifestSchema.parse({
      schemaVersion: REGULATOR_EXPORT_SCHEMA_VERSION,
      operatorDay: day,
      timeZone,
      windowStart: window.start.toISOString(),
      windowEnd: window.end.toISOString(),
      version,
      format: format.name,
      files: files.map(({ name, file, rows, bytes, sha256: hash }) => ({ name, file, rows, bytes, sha256: hash })),
      totals,
      auditChain: await auditChainHead(trx),
    });
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    const checksum = sha256(manifestBytes);
    const counts = Object.fromEntries(files.map((f) => [f.file, f.rows]));
    const id = await repo.insertExport(trx, {
      day,
      version,
      trigger,
      requestedBy: by.operatorId,
      reason: by.reason,
      timeZone,
      window,
      format: format.name,
      schemaVersion: REGULATOR_EXPORT_SCHEMA_VERSION,
      counts,
      totals,
      checksum,
      startedAt,
      files: [
        ...files.map(({ name, contentType, rows, bytes, sha256: hash, content }) => ({
          name,
          contentType,
          rows,
          bytes,
          sha256: hash,
          content,
        })),
        {
          name: 'manifest.json',
          contentType: 'application/json; charset=utf-8',
          rows: 1,
          bytes: manifestBytes.length,
          sha256: checksum,
          content: manifestBytes,
        },
      ],
    });
    // Counts and the checksum only: the files hold personal data.
    ctx.log.info({ day, version, trigger, counts, checksum }, 'regulator export stored');
    return { id, day, version, checksum, counts };
  }

  return {
    lastDueDay,

    /**
     * The scheduled run: every due day not exported yet (the days after the latest scheduled one, at
     * most a week back; on the first run, yesterday), all in one transaction with `complete`, the
     * job's completion mark: false (the claim was taken over) rolls everything back.
     */
    async runScheduled(complete: (trx: Db, handled: number) => Promise<boolean>): Promise<number> {
      return runInTransaction(db, async (trx) => {
        const timeZone = await ctx.timeZone(trx);
        const last = lastDueDay(timeZone);
        const latest = await repo.latestScheduledDay(trx);
        const days: string[] = [];
        for (let d = last; days.length < EXPORT_CATCH_UP_DAYS && (latest === null ? days.length === 0 : d > latest); ) {
          days.unshift(d);
          d = periodOf(new Date(periodOfKey(d, timeZone)!.start.getTime() - 1), 'daily', timeZone).key;
        }
        let handled = 0;
        for (const day of days) {
          // A re-run of that day holds it: the day is being written; a later period looks again.
          const version = await repo.lockExportDay(trx, day);
          if (version === null || (await repo.dayHasExport(trx, day))) continue;
          await exportDay(trx, day, version + 1, 'schedule', { operatorId: null, reason: null });
          handled += 1;
        }
        if (!(await complete(trx, handled)))
          throw new Error('regulator export: the period was taken over; this run is rolled back');
        return handled;
      });
    },

    /** An operator's re-run of an ended day: a new version beside the old ones, audited. */
    async rerun(day: string, by: { operatorId: string; reason: string }) {
      return runInTransaction(db, async (trx) => {
        const timeZone = await ctx.timeZone(trx);
        if (!periodOfKey(day, timeZone) || day > lastDueDay(timeZone)) {
          throw new AppError(
            ErrorCode.REGULATOR_EXPORT_DAY_NOT_ENDED,
            `${day} has not ended (and its grace passed) in ${timeZone}`,
          );
        }
        const latest = await repo.lockExportDay(trx, day);
        if (latest === null) throw new AppError(ErrorCode.REGULATOR_EXPORT_BUSY, `an export of ${day} is running`);
        const version = latest + 1;
        const run = await exportDay(trx, day, version, 'rerun', { operatorId: by.operatorId, reason: by.reason });
        await ctx.audit.record(trx, {
          actorType: 'operator',
          actorId: by.operatorId,
          action: 'regulator_export.rerun',
          subjectType: 'regulator_export',
          subjectId: day,
          reason: by.reason,
          before: version > 1 ? { version: version - 1 } : null,
          after: { version, checksum: run.checksum, counts: run.counts },
        });
        return run;
      });
    },

    /** GET /ops/compliance/exports/state: is the last due day exported, and is the schedule failing. */
    async state(): Promise<RegulatorExportState> {
      const timeZone = await ctx.timeZone(reads());
      const lastDue = lastDueDay(timeZone);
      const failing = await repo.findFailingRun(reads(), REGULATOR_EXPORT_JOB);
      return {
        timeZone,
        lastDueDay: lastDue,
        exported: await repo.dayHasExport(reads(), lastDue),
        failing: failing
          ? { error: failing.error, at: new Date(failing.at).toISOString(), attempt: failing.attempt }
          : null,
      };
    },

    /** GET /ops/compliance/exports. */
    async list(q: { page: number; pageSize: number; order: 'asc' | 'desc' }): Promise<RegulatorExportPage> {
      const { rows, total } = await repo.listExports(reads(), q.order, (q.page - 1) * q.pageSize, q.pageSize);
      const files = await repo.listExportFiles(
        reads(),
        rows.map((r) => r.id),
      );
      const operatorIds = [...new Set(rows.map((r) => r.requestedBy).filter((x): x is string => x !== null))];
      const names =
        operatorIds.length && ctx.operatorNames ? await ctx.operatorNames(operatorIds) : new Map<string, string>();
      return {
        list: rows.map((r) => ({
          id: r.id,
          operatorDay: r.operatorDay,
          version: r.version,
          trigger: r.trigger,
          requestedBy: r.requestedBy === null ? null : (names.get(r.requestedBy) ?? r.requestedBy),
          reason: r.reason,
          timeZone: r.timeZone,
          startedAt: r.startedAt.toISOString(),
          finishedAt: r.finishedAt.toISOString(),
          format: r.format,
          counts: r.counts,
          checksum: r.checksum,
          files: files
            .filter((f) => f.exportId === r.id)
            .map((f) => ({ name: f.name, rows: f.rows, bytes: f.bytes, sha256: f.sha256 })),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /**
     * The audit chain heads the stored manifests kept (`auditChain`), for the chain's check to
     * compare. A manifest whose head cannot be read is reported as an anchor no chain can hold
     * (place 0 with a hash that is not the chain's start): someone changed the stored copy.
     */
    async auditChainAnchors(): Promise<{ seq: string; hash: string; source: string }[]> {
      const manifests = await repo.listManifests(db);
      return manifests.map(({ day, version, content }) => {
        const source = `regulator export of ${day}, version ${version}`;
        const head = manifestHead(content);
        return head
          ? { ...head, source }
          : { seq: '0', hash: 'f'.repeat(64), source: `${source}: its head cannot be read` };
      });
    },

    /** One stored file, for download; its SHA-256 is checked again before it is sent. */
    async file(exportId: string, name: string) {
      const f = /^\d{1,18}$/.test(exportId) ? await repo.findExportFile(reads(), exportId, name) : undefined;
      if (!f) throw new AppError(ErrorCode.REGULATOR_EXPORT_NOT_FOUND);
      const content = Buffer.from(f.content);
      if (sha256(content) !== f.sha256)
        throw new Error(`regulator export ${exportId}/${name}: stored content does not match its checksum`);
      return {
        filename: `regulator-${f.day}-v${f.version}-${f.name}`,
        contentType: f.contentType,
        sha256: f.sha256,
        content,
      };
    },
  };
}

export type RegulatorExportService = ReturnType<typeof createRegulatorExportService>;
