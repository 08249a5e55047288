import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type AuditEntryRow = {
  id: string;
  at: Date;
  actorType: 'operator' | 'system' | 'member';
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** Append one audit entry; the table rejects every UPDATE, DELETE and TRUNCATE. */
export async function insertAuditEntry(db: Db, entry: Omit<AuditEntryRow, 'id' | 'at'>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: entry.actorType,
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      reason: entry.reason,
      before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** Audit entries, newest first, optionally of one subject; one page plus the total. */
export async function findAuditEntries(
  db: Db,
  filter: {
    subjectType?: string | undefined;
    subjectId?: string | undefined;
    action?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.subjectType) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.action) query = query.where('action', '=', filter.action);
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'at',
        'actor_type as actorType',
        'actor_id as actorId',
        'action',
        'subject_type as subjectType',
        'subject_id as subjectId',
        'reason',
        'before',
        'after',
      ])
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What the audit search filters on, resolved to stored values (the actor by type and id). */
export type AuditSearchFilter = {
  actor?: { types: readonly AuditEntryRow['actorType'][]; id: string } | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Escape LIKE's wildcards so a prefix matches literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The audit rows a filter selects. An action ending in '.' matches every action under that prefix. */
function filtered(db: Db, filter: AuditSearchFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor_type', 'in', filter.actor.types).where('actor_id', '=', filter.actor.id);
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where('action', 'like', likePrefix(filter.action))
      : query.where('action', '=', filter.action);
  }
  if (filter.subjectType) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

/**
 * Entries in time order (then id: entries of one transaction share its now()), either one page at
 * an offset or, for the export, keyset batches after the row `afterId` names (entries added
 * meanwhile never shift a batch). Each filter has an index ending in (at, id) (migration 0161).
 */
export async function searchAuditEntries(
  db: Db,
  filter: AuditSearchFilter,
  page: { order: 'asc' | 'desc'; limit: number; offset?: number | undefined; afterId?: string | undefined },
): Promise<AuditEntryRow[]> {
  let query = filtered(db, filter);
  if (page.afterId) {
    const cursor = sql`(SELECT c.at, c.id FROM audit_log c WHERE c.id = ${page.afterId})`;
    query = query.where(
      page.order === 'desc' ? sql<boolean>`(at, id) < ${cursor}` : sql<boolean>`(at, id) > ${cursor}`,
    );
  }
  return query
    .select([
      'id',
      'at',
      'actor_type as actorType',
      'actor_id as actorId',
      'action',
      'subject_type as subjectType',
      'subject_id as subjectId',
      'reason',
      'before',
      'after',
    ])
    .orderBy('at', page.order)
    .orderBy('id', page.order)
    .offset(page.offset ?? 0)
    .limit(page.limit)
    .execute();
}

/** How many entries a filter selects. */
export async function countAuditEntries(db: Db, filter: AuditSearchFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
