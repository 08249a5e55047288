import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../app-context';
import { countUnreadNotices, findNotices, insertNotice, markNoticesRead } from './messages.repository';
import { createPlatformMessages, type PlatformMessagesContext } from './platform-messages';

type Db = Kysely<Database>;

/** Notice kinds the web knows how to word; other modules may add their own. */
export type NoticeKind =
  | 'deposit_credited'
  | 'deposit_failed'
  | 'withdrawal_approved'
  | 'withdrawal_rejected'
  | (string & {});

export type NotifyInput = { memberId: string; kind: NoticeKind; params: Record<string, string> };

const KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_PARAMS = 20;
const MAX_PARAM_LENGTH = 200;

/**
 * The player's inbox: notices (transaction notices; the server stores the kind and its
 * parameters, the web words them in the player's language) and platform messages written by
 * operators (`platform`). CSP_unreadCount counts both.
 */
export function createMessagesService(ctx: Pick<AppContext, 'db'> & Omit<PlatformMessagesContext, 'db'>) {
  const { db } = ctx;
  const now = ctx.now ?? Date.now;
  const platform = createPlatformMessages(ctx);

  return {
    platform,

    /** Insert a notice in the caller's transaction, so it exists exactly when the event committed. */
    async notify(trx: Db, input: NotifyInput): Promise<void> {
      if (!KIND_PATTERN.test(input.kind))
        throw new Error(`messages: invalid notice kind ${JSON.stringify(input.kind)}`);
      const entries = Object.entries(input.params);
      if (entries.length > MAX_PARAMS) throw new Error('messages: too many notice params');
      for (const [key, value] of entries) {
        if (typeof value !== 'string' || value.length > MAX_PARAM_LENGTH)
          throw new Error(`messages: param ${key} must be a short string`);
      }
      await insertNotice(trx, {
        memberId: String(input.memberId),
        kind: input.kind,
        params: Object.fromEntries(entries),
      });
    },

    /** The member's unread notices and platform messages together (the header's count). */
    async countUnread(memberId: string): Promise<number> {
      const [notices, messages] = await Promise.all([countUnreadNotices(db, memberId), platform.countUnread(memberId)]);
      return notices + messages;
    },

    /** One page of the member's notices, newest first. */
    async list(memberId: string, page: number, pageSize: number) {
      const { rows, total } = await findNotices(db, memberId, (page - 1) * pageSize, pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          params: r.params,
          createdAt: r.createdAt.toISOString(),
          isRead: r.readAt !== null,
        })),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        unreadCount: await countUnreadNotices(db, memberId),
      };
    },

    /** Mark the given notices (or all) read; returns the remaining unread count. */
    async markRead(memberId: string, ids: string[] | undefined): Promise<{ updated: number; unreadCount: number }> {
      const updated = await markNoticesRead(db, memberId, ids, new Date(now()));
      return { updated, unreadCount: await countUnreadNotices(db, memberId) };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
