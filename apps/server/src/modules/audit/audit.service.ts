import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../app-context';
import { auditChainKeyring, type AuditChainKeyring } from './audit-chain-key';
import { verifyAuditChain, type AuditChainAnchor } from './audit-chain';
import { sealAuditChain } from './audit-chain-seal';
import {
  countAuditEntries,
  findAuditEntries,
  insertAuditEntry,
  searchAuditEntries,
  type AuditEntryRow,
  type AuditSearchFilter,
} from './audit.repository';

type Db = Kysely<Database>;

export type AuditActorType = 'operator' | 'system' | 'member';

/** A search as the routes give it: instants as ISO strings, the actor already resolved. */
export type AuditSearchInput = Omit<AuditSearchFilter, 'from' | 'to'> & {
  from?: string | undefined;
  to?: string | undefined;
};

/** An entry as the API answers it: the time as an ISO string. */
export type AuditEntryView = Omit<AuditEntryRow, 'at'> & { at: string };

function viewOf(row: AuditEntryRow): AuditEntryView {
  return { ...row, at: row.at.toISOString() };
}

function filterOf(input: AuditSearchInput): AuditSearchFilter {
  return {
    ...input,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  };
}

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
export function createAuditService(
  ctx: Pick<AppContext, 'db'> & {
    /** AUDIT_CHAIN_KEY and its older keys: needed only to seal or check the chain (the ops commands that only record pass none). */
    config?: Pick<AppContext['config'], 'nodeEnv' | 'auditChainKey' | 'auditChainOldKeys'>;
  },
) {
  const { db } = ctx;
  // Built on first use: production without a key refuses to start (productionRefusals), and a
  // service that only records entries never needs one.
  let keyring: AuditChainKeyring | undefined;
  const keys = (): AuditChainKeyring => {
    if (!ctx.config)
      throw new Error('audit chain: this audit service was created without the configuration (AUDIT_CHAIN_KEY)');
    keyring ??= auditChainKeyring(ctx.config);
    return keyring;
  };
  /** The highest place this process sealed: a chain whose last seal falls below it lost seals. */
  let sealedUpTo = 0n;
  return {
    /** The database the chain's check reads (audit-chain.ts). */
    db,

    /** The chain's check with the configured key; each anchor (a head kept outside the database) must still be in the chain. */
    verifyChain(anchors: readonly AuditChainAnchor[] = []) {
      return verifyAuditChain(db, keys(), { anchors });
    },

    /** Seal the links written since the last run with the configured key (the `audit-chain-seal` job). */
    async sealChain(): Promise<number> {
      const { sealed, lastSeq } = await sealAuditChain(db, keys(), sealedUpTo);
      if (lastSeq > sealedUpTo) sealedUpTo = lastSeq;
      return sealed;
    },
    /**
     * Append one entry inside the caller's database transaction. The database seals it into the
     * hash chain when that transaction commits (migration 0340), so the signature is unchanged.
     */
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

    /** One page in time order (newest first unless `order` is asc), with how many match in all. */
    async search(input: AuditSearchInput, page: { order: 'asc' | 'desc'; page: number; pageSize: number }) {
      const filter = filterOf(input);
      const [rows, total] = await Promise.all([
        searchAuditEntries(db, filter, {
          order: page.order,
          limit: page.pageSize,
          offset: (page.page - 1) * page.pageSize,
        }),
        countAuditEntries(db, filter),
      ]);
      return {
        list: rows.map(viewOf),
        total,
        page: page.page,
        pageSize: page.pageSize,
        totalPages: Math.max(1, Math.ceil(total / page.pageSize)),
      };
    },

    /** The entries after `afterId` in time order: one keyset page of the CSV export (entries added meanwhile never shift it). */
    async exportPage(
      input: AuditSearchInput,
      order: 'asc' | 'desc',
      afterId: string | null,
      limit: number,
    ): Promise<AuditEntryView[]> {
      const rows = await searchAuditEntries(db, filterOf(input), { order, limit, afterId: afterId ?? undefined });
      return rows.map(viewOf);
    },

    /** One page of entries, newest first. */
    async list(filter: {
      subjectType?: string | undefined;
      subjectId?: string | undefined;
      action?: string | undefined;
      page: number;
      pageSize: number;
    }) {
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
