import type { Kysely } from 'kysely';
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
export async function insertAuditEntry(
  db: Db,
  entry: Omit<AuditEntryRow, 'id' | 'at'>,
): Promise<void> {
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
  filter: { subjectType?: string | undefined; subjectId?: string | undefined; action?: string | undefined; offset: number; limit: number },
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
