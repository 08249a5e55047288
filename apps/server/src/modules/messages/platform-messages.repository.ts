import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlatformMessageWords } from '../../db/tables/messages';
import type { DepositMemberViews } from '../deposit/deposit-member-views';
import type { MemberViews } from '../member/member-views';

type Db = Kysely<Database>;

/** What decides which broadcast messages reach a player: when the account was made and whether it has deposited. */
export type RecipientFacts = { id: string; createdAt: Date; hasDeposited: boolean };

export type InboxRow = {
  id: string;
  sendAt: Date;
  translations: Record<string, PlatformMessageWords>;
  isRead: boolean;
};

export type PlatformMessageRow = {
  id: string;
  audience: 'all' | 'segment' | 'players';
  registeredFrom: Date | null;
  registeredUntil: Date | null;
  hasDeposited: boolean | null;
  translations: Record<string, PlatformMessageWords>;
  sendAt: Date;
  withdrawnAt: Date | null;
  createdAt: Date;
  recipientCount: number;
};

export type NewPlatformMessage = Omit<PlatformMessageRow, 'id' | 'withdrawnAt' | 'createdAt'> & { createdBy: string };

const MESSAGE_COLUMNS = [
  'id',
  'audience',
  'registered_from as registeredFrom',
  'registered_until as registeredUntil',
  'has_deposited as hasDeposited',
  'translations',
  'send_at as sendAt',
  'withdrawn_at as withdrawnAt',
  'created_at as createdAt',
  'recipient_count as recipientCount',
] as const;

/** A real-money member's facts in one statement (the member and deposit modules' views); undefined for trial or unknown ids. */
export async function findRecipientFacts(
  db: Db,
  views: { members: MemberViews; deposits: DepositMemberViews },
  memberId: string,
): Promise<RecipientFacts | undefined> {
  const row = await db
    .selectFrom(views.members.registrations().as('m'))
    .select((eb) => [
      'm.id',
      'm.created_at as createdAt',
      eb
        .exists(
          eb
            .selectFrom(views.deposits.creditedDeposits().as('d'))
            .select('d.member_id')
            .whereRef('d.member_id', '=', 'm.id'),
        )
        .as('hasDeposited'),
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  return row && { id: row.id, createdAt: row.createdAt, hasDeposited: Boolean(row.hasDeposited) };
}

/**
 * The messages a player sees at `at`: live broadcasts sent since the player registered whose
 * segment rules (if any) the player meets (platform_messages_broadcast_idx), plus live messages
 * naming the player (the recipients' primary key). Two branches of one UNION ALL, so each keeps
 * its index; `unreadOnly` drops those with a read receipt.
 */
function visibleMessages(db: Db, facts: RecipientFacts, at: Date, unreadOnly: boolean) {
  // Whether the player has a read receipt for the row's message (the receipts' primary key).
  const isRead = sql<boolean>`exists (select 1 from platform_message_reads rd where rd.message_id = pm.id and rd.member_id = ${facts.id})`;
  const isUnread = sql<boolean>`not exists (select 1 from platform_message_reads rd where rd.message_id = pm.id and rd.member_id = ${facts.id})`;
  const broadcasts = db
    .selectFrom('platform_messages as pm')
    .select(['pm.id', 'pm.send_at as sendAt', 'pm.translations', isRead.as('isRead')])
    .where('pm.withdrawn_at', 'is', null)
    .where('pm.audience', '<>', 'players')
    .where('pm.send_at', '<=', at)
    .where('pm.send_at', '>=', facts.createdAt)
    .where((eb) => eb.or([eb('pm.registered_from', 'is', null), eb('pm.registered_from', '<=', facts.createdAt)]))
    .where((eb) => eb.or([eb('pm.registered_until', 'is', null), eb('pm.registered_until', '>', facts.createdAt)]))
    .where((eb) => eb.or([eb('pm.has_deposited', 'is', null), eb('pm.has_deposited', '=', facts.hasDeposited)]))
    .$if(unreadOnly, (q) => q.where(isUnread));
  const named = db
    .selectFrom('platform_message_recipients as r')
    .innerJoin('platform_messages as pm', 'pm.id', 'r.message_id')
    .select(['pm.id', 'pm.send_at as sendAt', 'pm.translations', isRead.as('isRead')])
    .where('r.member_id', '=', facts.id)
    .where('pm.withdrawn_at', 'is', null)
    .where('pm.send_at', '<=', at)
    .$if(unreadOnly, (q) => q.where(isUnread));
  return broadcasts.unionAll(named);
}

/** How many messages the player has not read. */
export async function countUnreadMessages(db: Db, facts: RecipientFacts, at: Date): Promise<number> {
  const row = await db
    .selectFrom(visibleMessages(db, facts, at, true).as('v'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the player's messages, newest first, and how many there are. */
export async function findInbox(
  db: Db,
  facts: RecipientFacts,
  at: Date,
  offset: number,
  limit: number,
): Promise<{ rows: InboxRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom(visibleMessages(db, facts, at, false).as('v'))
      .selectAll()
      .orderBy('sendAt', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom(visibleMessages(db, facts, at, false).as('v'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, isRead: Boolean(r.isRead) })), total: Number(count.n) };
}

/** Record read receipts for the given messages (or every unread one) the player can see; answers how many were new. */
export async function insertReadReceipts(
  db: Db,
  facts: RecipientFacts,
  at: Date,
  ids: string[] | undefined,
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const inserted = await db
    .insertInto('platform_message_reads')
    .columns(['member_id', 'message_id', 'read_at'])
    .expression(
      db
        .selectFrom(visibleMessages(db, facts, at, true).as('v'))
        .select([
          sql<string>`cast(${facts.id} as bigint)`.as('member_id'),
          'v.id',
          sql<Date>`cast(${at.toISOString()} as timestamptz)`.as('read_at'),
        ])
        .$if(ids !== undefined, (q) => q.where('v.id', 'in', ids!)),
    )
    .onConflict((oc) => oc.columns(['member_id', 'message_id']).doNothing())
    .returning('message_id')
    .execute();
  return inserted.length;
}

/** Named accounts that are real-money players, as member ids (trial and unknown accounts are left out). */
export async function findRecipientIds(
  db: Db,
  views: { members: MemberViews },
  accounts: string[],
): Promise<{ id: string; account: string }[]> {
  if (accounts.length === 0) return [];
  return db
    .selectFrom(views.members.realMoneyAccounts().as('m'))
    .select(['m.id', 'm.account'])
    .where('m.account', 'in', accounts)
    .execute();
}

export async function insertMessage(
  db: Db,
  message: NewPlatformMessage,
  recipientIds: string[],
): Promise<PlatformMessageRow> {
  const row = await db
    .insertInto('platform_messages')
    .values({
      audience: message.audience,
      registered_from: message.registeredFrom,
      registered_until: message.registeredUntil,
      has_deposited: message.hasDeposited,
      translations: JSON.stringify(message.translations),
      send_at: message.sendAt,
      created_by: message.createdBy,
      recipient_count: recipientIds.length,
    })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
  if (recipientIds.length > 0) {
    await db
      .insertInto('platform_message_recipients')
      .values(recipientIds.map((memberId) => ({ member_id: memberId, message_id: row.id })))
      .execute();
  }
  return row;
}

/** The message, locked for a change. */
export async function lockMessage(db: Db, id: string): Promise<PlatformMessageRow | undefined> {
  return db.selectFrom('platform_messages').select(MESSAGE_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setWithdrawn(db: Db, id: string, operatorId: string, at: Date): Promise<PlatformMessageRow> {
  return db
    .updateTable('platform_messages')
    .set({ withdrawn_at: at, withdrawn_by: operatorId })
    .where('id', '=', id)
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** One page of every message, newest first, and the total. */
export async function findMessagePage(
  db: Db,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<{ rows: PlatformMessageRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('platform_messages')
      .select(MESSAGE_COLUMNS)
      .orderBy('id', order)
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('platform_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Read receipts per message (platform_message_reads_message_idx). */
export async function countReads(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('platform_message_reads')
    .select((eb) => ['message_id', eb.fn.countAll<string>().as('n')])
    .where('message_id', 'in', ids)
    .groupBy('message_id')
    .execute();
  return new Map(rows.map((r) => [r.message_id, Number(r.n)]));
}

/** The accounts each message names, for messages naming few. */
export async function findNamedAccounts(
  db: Db,
  views: { members: MemberViews },
  ids: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('platform_message_recipients as r')
    .innerJoin(views.members.briefs().as('m'), 'm.id', 'r.member_id')
    .select(['r.message_id', 'm.account'])
    .where('r.message_id', 'in', ids)
    .orderBy('m.account')
    .execute();
  for (const row of rows) out.set(row.message_id, [...(out.get(row.message_id) ?? []), row.account]);
  return out;
}
