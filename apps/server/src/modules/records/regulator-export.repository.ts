import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { camelRow, type CamelRow } from '../../db/camel-row';

type Db = Kysely<Database>;

/** PostgreSQL's lock_not_available: a NOWAIT lock another transaction holds. */
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Lock a day's row for a run (created when missing), without waiting: a run of the same day in
 * progress holds it, and the caller is told at once (null) instead of queueing a second run. The
 * NOWAIT refusal is taken back to a savepoint, so the caller's transaction goes on. Returns the
 * day's latest version.
 */
export async function lockExportDay(db: Db, day: string): Promise<number | null> {
  await sql`INSERT INTO regulator_export_days (operator_day) VALUES (${day}::date) ON CONFLICT (operator_day) DO NOTHING`.execute(
    db,
  );
  await sql`SAVEPOINT regulator_export_day`.execute(db);
  try {
    const { rows } = await sql<{ latest_version: number }>`
      SELECT latest_version FROM regulator_export_days WHERE operator_day = ${day}::date FOR UPDATE NOWAIT`.execute(db);
    await sql`RELEASE SAVEPOINT regulator_export_day`.execute(db);
    return rows[0]!.latest_version;
  } catch (err) {
    if ((err as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw err;
    await sql`ROLLBACK TO SAVEPOINT regulator_export_day`.execute(db);
    return null;
  }
}

/** Whether a day already has an export (any version). */
export async function dayHasExport(db: Db, day: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT 1 AS n FROM regulator_exports WHERE operator_day = ${day}::date LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** The latest day the schedule exported, as YYYY-MM-DD. */
export async function latestScheduledDay(db: Db): Promise<string | null> {
  const { rows } = await sql<{
    day: string | null;
  }>`SELECT to_char(max(operator_day), 'YYYY-MM-DD') AS day FROM regulator_exports WHERE trigger = 'schedule'`.execute(
    db,
  );
  return rows[0]?.day ?? null;
}

export type NewExport = {
  day: string;
  version: number;
  trigger: 'schedule' | 'rerun';
  requestedBy: string | null;
  reason: string | null;
  timeZone: string;
  window: { start: Date; end: Date };
  format: string;
  schemaVersion: number;
  counts: Record<string, number>;
  totals: unknown;
  checksum: string;
  startedAt: Date;
  files: { name: string; contentType: string; rows: number; bytes: number; sha256: string; content: Buffer }[];
};

/** Store a run with its files and move the day's latest version on. */
export async function insertExport(db: Db, run: NewExport): Promise<string> {
  const row = await db
    .insertInto('regulator_exports')
    .values({
      operator_day: run.day,
      version: run.version,
      trigger: run.trigger,
      requested_by: run.requestedBy,
      reason: run.reason,
      time_zone: run.timeZone,
      window_start: run.window.start,
      window_end: run.window.end,
      format: run.format,
      schema_version: run.schemaVersion,
      counts: JSON.stringify(run.counts),
      totals: JSON.stringify(run.totals),
      checksum: run.checksum,
      started_at: run.startedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('regulator_export_files')
    .values(
      run.files.map((f) => ({
        export_id: row.id,
        name: f.name,
        content_type: f.contentType,
        rows: f.rows,
        bytes: f.bytes,
        sha256: f.sha256,
        content: f.content,
      })),
    )
    .execute();
  await sql`UPDATE regulator_export_days SET latest_version = ${run.version} WHERE operator_day = ${run.day}::date`.execute(
    db,
  );
  return row.id;
}

/** A run's row as stored; it leaves this file as `ExportRunRow`. */
type ExportRunColumns = {
  id: string;
  operator_day: string;
  version: number;
  trigger: 'schedule' | 'rerun';
  requested_by: string | null;
  reason: string | null;
  time_zone: string;
  started_at: Date;
  finished_at: Date;
  format: string;
  counts: Record<string, number>;
  checksum: string;
};
export type ExportRunRow = CamelRow<ExportRunColumns>;

/** One page of runs, newest day first, each day's versions newest first, with how many there are. */
export async function listExports(
  db: Db,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<{ rows: ExportRunRow[]; total: number }> {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<ExportRunColumns>`
    SELECT id::text AS id, to_char(operator_day, 'YYYY-MM-DD') AS operator_day, version, trigger, requested_by, reason, time_zone,
           started_at, finished_at, format, counts, checksum
    FROM regulator_exports ORDER BY operator_day ${dir}, version DESC OFFSET ${offset} LIMIT ${limit}`.execute(db);
  const count = await sql<{ n: string }>`SELECT count(*)::text AS n FROM regulator_exports`.execute(db);
  return { rows: rows.map(camelRow), total: Number(count.rows[0]!.n) };
}

/** The files of these runs, without their content. */
export async function listExportFiles(db: Db, exportIds: string[]) {
  if (exportIds.length === 0) return [];
  return db
    .selectFrom('regulator_export_files')
    .select(['export_id as exportId', 'name', 'rows', 'bytes', 'sha256'])
    .where('export_id', 'in', exportIds)
    .orderBy('export_id')
    .orderBy('name')
    .execute();
}

/** One stored file with its content. */
export async function findExportFile(db: Db, exportId: string, name: string) {
  return db
    .selectFrom('regulator_export_files as f')
    .innerJoin('regulator_exports as x', 'x.id', 'f.export_id')
    .select([
      'f.name',
      'f.content_type as contentType',
      'f.sha256',
      'f.content',
      sql<string>`to_char(x.operator_day, 'YYYY-MM-DD')`.as('day'),
      'x.version',
    ])
    .where('f.export_id', '=', exportId)
    .where('f.name', '=', name)
    .executeTakeFirst();
}

/** The export job's latest unfinished period that failed (job_runs: the scheduler's own table), if any. */
export async function findFailingRun(
  db: Db,
  job: string,
): Promise<{ error: string; at: Date; attempt: number } | undefined> {
  const { rows } = await sql<{ error: string; at: Date; attempt: number }>`
    SELECT error, started_at AS at, attempt FROM job_runs
    WHERE job = ${job} AND finished_at IS NULL AND error IS NOT NULL ORDER BY period_start DESC LIMIT 1`.execute(db);
  return rows[0];
}

/** Every stored manifest (the audit chain's head each export kept), oldest export first. */
export async function listManifests(db: Db): Promise<{ day: string; version: number; content: Buffer }[]> {
  const { rows } = await sql<{ day: string; version: number; content: Uint8Array }>`
    SELECT to_char(x.operator_day, 'YYYY-MM-DD') AS day, x.version, f.content
    FROM regulator_export_files f JOIN regulator_exports x ON x.id = f.export_id
    WHERE f.name = 'manifest.json' ORDER BY x.id`.execute(db);
  return rows.map((r) => ({ ...r, content: Buffer.from(r.content) }));
}
