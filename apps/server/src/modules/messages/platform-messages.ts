import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type {
  OpsPlatformMessage,
  PlatformMessageBody,
  PlatformMessageListResult,
  PlatformMessageStatus,
} from '@wps/shared/schemas/platform-messages';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { sanitizeContentHtml } from '../content/content-html';
import type { DepositMemberViews } from '../deposit/deposit-member-views';
import type { MemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import {
  countReads,
  countUnreadMessages,
  findInbox,
  findMessagePage,
  findNamedAccounts,
  findRecipientFacts,
  findRecipientIds,
  insertMessage,
  insertReadReceipts,
  lockMessage,
  setWithdrawn,
  type PlatformMessageRow,
} from './platform-messages.repository';

export type PlatformMessagesContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  system: Pick<SystemService, 'getOperatorConfig'>;
  memberViews: MemberViews;
  depositViews: DepositMemberViews;
  /**
   * Players in a time-out or self-exclusion see no platform messages (operators' marketing); their
   * notices (deposits, withdrawals) still reach them. The responsible-gaming module answers.
   */
  optOut: (memberId: string) => Promise<boolean>;
  now?: () => number;
};

/** A message naming at most this many players lists them in the back office; more show as a count. */
const LISTED_ACCOUNTS = 10;
/** A send time this far in the past is a mistake, not "now" (clocks of a browser and a server differ a little). */
const PAST_SLACK_MS = 5 * 60_000;

function statusOf(row: PlatformMessageRow, at: number): PlatformMessageStatus {
  if (row.withdrawnAt) return 'withdrawn';
  return row.sendAt.getTime() > at ? 'scheduled' : 'sent';
}

/** What the audit log keeps of a message. */
function snapshot(row: PlatformMessageRow, accounts?: string[]) {
  return {
    audience: row.audience,
    registeredFrom: row.registeredFrom?.toISOString() ?? null,
    registeredUntil: row.registeredUntil?.toISOString() ?? null,
    hasDeposited: row.hasDeposited,
    ...(accounts ? { accounts } : {}),
    recipientCount: row.recipientCount,
    translations: row.translations,
    sendAt: row.sendAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

/**
 * Platform messages (messageV2): operators write them to every player, a segment or named
 * players (audited in the same transaction); players read them in their language with a read
 * receipt each. A message to everyone or a segment is one row whatever the audience's size; see
 * migration 0220 and docs/decisions.md "Platform messages".
 */
export function createPlatformMessages(ctx: PlatformMessagesContext) {
  const { db, audit, system } = ctx;
  const now = ctx.now ?? Date.now;
  const views = { members: ctx.memberViews, deposits: ctx.depositViews };

  async function toOps(trx: Kysely<Database>, rows: PlatformMessageRow[]): Promise<OpsPlatformMessage[]> {
    const ids = rows.map((r) => r.id);
    const few = rows.filter((r) => r.audience === 'players' && r.recipientCount <= LISTED_ACCOUNTS).map((r) => r.id);
    const [reads, named] = await Promise.all([countReads(trx, ids), findNamedAccounts(trx, views, few)]);
    const at = now();
    return rows.map((row) => ({
      id: row.id,
      audience:
        row.audience === 'all'
          ? { type: 'all' as const }
          : row.audience === 'segment'
            ? {
                type: 'segment' as const,
                registeredFrom: row.registeredFrom?.toISOString() ?? null,
                registeredUntil: row.registeredUntil?.toISOString() ?? null,
                hasDeposited: row.hasDeposited,
              }
            : {
                type: 'players' as const,
                count: row.recipientCount,
                accounts: few.includes(row.id) ? (named.get(row.id) ?? []) : null,
              },
      translations: row.translations,
      status: statusOf(row, at),
      sendAt: row.sendAt.toISOString(),
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      readCount: reads.get(row.id) ?? 0,
    }));
  }

  const recipientFacts = async (memberId: string) =>
    (await ctx.optOut(memberId)) ? undefined : findRecipientFacts(db, views, memberId);

  return {
    /** The player's unread messages (0 for trial accounts, which get none). */
    async countUnread(memberId: string): Promise<number> {
      const facts = await recipientFacts(memberId);
      return facts ? countUnreadMessages(db, facts, new Date(now())) : 0;
    },

    /** One page of the player's messages in `language` (else the operator's default), newest first. */
    async inbox(
      memberId: string,
      language: string | undefined,
      page: number,
      pageSize: number,
    ): Promise<PlatformMessageListResult> {
      const facts = await recipientFacts(memberId);
      const empty = { list: [], total: 0, page, pageSize, totalPages: 1, unreadCount: 0 };
      if (!facts) return empty;
      const at = new Date(now());
      const [{ rows, total }, unreadCount, config] = await Promise.all([
        findInbox(db, facts, at, (page - 1) * pageSize, pageSize),
        countUnreadMessages(db, facts, at),
        system.getOperatorConfig(),
      ]);
      const fallback = config.languages.default;
      return {
        list: rows.map((row) => {
          const words =
            (language && (row.translations[language] ?? row.translations[language.split('-')[0]!])) ||
            row.translations[fallback] ||
            Object.values(row.translations)[0]!;
          return {
            id: row.id,
            title: words.title,
            bodyHtml: words.bodyHtml,
            sentAt: row.sendAt.toISOString(),
            isRead: row.isRead,
          };
        }),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        unreadCount,
      };
    },

    /** Read receipts for the given messages (or every unread one); ids the player cannot see are ignored. */
    async markRead(memberId: string, ids: string[] | undefined): Promise<{ updated: number; unreadCount: number }> {
      const facts = await recipientFacts(memberId);
      if (!facts) return { updated: 0, unreadCount: 0 };
      const at = new Date(now());
      const updated = await insertReadReceipts(db, facts, at, ids);
      return { updated, unreadCount: await countUnreadMessages(db, facts, at) };
    },

    /** GET /ops/messages: every message, newest first, with its status and read count. */
    async list(q: { page: number; pageSize: number; order: 'asc' | 'desc' }): Promise<OpsPage<OpsPlatformMessage>> {
      const { rows, total } = await findMessagePage(db, q.order, (q.page - 1) * q.pageSize, q.pageSize);
      return {
        list: await toOps(db, rows),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /**
     * POST /ops/messages: store a message (its HTML sanitised) to go out at its send time (now when
     * none). Named accounts must all be real-money players. Audited `message.send` or `message.schedule`.
     */
    async send(operatorId: string, body: PlatformMessageBody): Promise<OpsPlatformMessage> {
      const at = now();
      const sendAt = body.sendAt ? Date.parse(body.sendAt) : at;
      if (sendAt < at - PAST_SLACK_MS)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'The send time has passed', {
          fields: [{ field: 'sendAt', message: 'must not be in the past' }],
        });
      const translations = Object.fromEntries(
        Object.entries(body.translations).map(([language, words]) => [
          language,
          { title: words.title, bodyHtml: sanitizeContentHtml(words.bodyHtml) },
        ]),
      );
      const emptied = Object.entries(translations).filter(([, words]) => words.bodyHtml === '');
      if (emptied.length > 0) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Nothing of the text is left once unsafe HTML is removed', {
          fields: emptied.map(([language]) => ({
            field: `translations.${language}.bodyHtml`,
            message: 'nothing is left once unsafe HTML is removed',
          })),
        });
      }
      const { audience } = body;
      let recipients: { id: string; account: string }[] = [];
      if (audience.type === 'players') {
        recipients = await findRecipientIds(db, views, audience.accounts);
        const found = new Set(recipients.map((r) => r.account));
        const unknown = audience.accounts.filter((account) => !found.has(account));
        if (unknown.length > 0)
          throw new AppError(ErrorCode.MESSAGE_RECIPIENTS_UNKNOWN, 'Some accounts are not players', {
            accounts: unknown,
          });
      }
      const segment = audience.type === 'segment' ? audience : null;
      return runInTransaction(db, async (trx) => {
        const row = await insertMessage(
          trx,
          {
            audience: audience.type,
            registeredFrom: segment?.registeredFrom ? new Date(segment.registeredFrom) : null,
            registeredUntil: segment?.registeredUntil ? new Date(segment.registeredUntil) : null,
            hasDeposited: segment?.hasDeposited ?? null,
            translations,
            sendAt: new Date(Math.max(sendAt, at)),
            recipientCount: recipients.length,
            createdBy: operatorId,
          },
          recipients.map((r) => r.id),
        );
        const action = row.sendAt.getTime() > at ? 'message.schedule' : 'message.send';
        const after = snapshot(row, audience.type === 'players' ? recipients.map((r) => r.account).sort() : undefined);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action,
          subjectType: 'platform_message',
          subjectId: row.id,
          reason: null,
          before: null,
          after,
        });
        return (await toOps(trx, [row]))[0]!;
      });
    },

    /** POST /ops/messages/:id/withdraw: out of every inbox at once (a scheduled one never goes out). Audited `message.withdraw`. */
    async withdraw(operatorId: string, id: string, reason: string): Promise<OpsPlatformMessage> {
      return runInTransaction(db, async (trx) => {
        const locked = await lockMessage(trx, id);
        if (!locked) throw new AppError(ErrorCode.MESSAGE_NOT_FOUND, 'No such message', { id });
        if (locked.withdrawnAt)
          throw new AppError(ErrorCode.MESSAGE_WITHDRAWN, 'The message is already withdrawn', { id });
        const row = await setWithdrawn(trx, id, operatorId, new Date(now()));
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'message.withdraw',
          subjectType: 'platform_message',
          subjectId: id,
          reason,
          before: snapshot(locked),
          after: snapshot(row),
        });
        return (await toOps(trx, [row]))[0]!;
      });
    },
  };
}

export type PlatformMessages = ReturnType<typeof createPlatformMessages>;
