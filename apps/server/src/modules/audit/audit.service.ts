import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../app-context';
import { findAuditEntries, insertAuditEntry } from './audit.repository';

type Db = Kysely<Database>;

export type AuditActorType = 'operator' | 'system' | 'member';

export type AuditRecordInput = {
  actorType: AuditActorType;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** bigint values (money) are stored as exact strings; JSON has no bigint. */
function toJsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * The append-only audit log (security guide: every operator action that moves money or changes
 * configuration). Entries are written in the caller's transaction, so an action and its entry
 * commit or roll back together.
 */
export function createAuditService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  return {
    /** Append one entry inside the caller's database transaction. */
    async record(trx: Db, input: AuditRecordInput): Promise<void> {
      await insertAuditEntry(trx, {
        actorType: input.actorType,
        actorId: input.actorId,
        action: input.action,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        reason: input.reason,
        before: toJsonSafe(input.before),
        after: toJsonSafe(input.after),
      });
    },

    /** One page of entries, newest first. */
    async list(filter: { subjectType?: string | undefined; subjectId?: string | undefined; action?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await findAuditEntries(db, {
        subjectType: filter.subjectType,
        subjectId: filter.subjectId,
        action: filter.action,
        offset: (filter.page - 1) * filter.pageSize,
        limit: filter.pageSize,
      });
      return {
        list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
        totalPages: Math.max(1, Math.ceil(total / filter.pageSize)),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
