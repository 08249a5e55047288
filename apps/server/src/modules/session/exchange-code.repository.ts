import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MemberStatus } from '../../db/tables/member';
import type { MemberBriefs } from './session.repository';

type Db = Kysely<Database>;

/** The minting session of a code, with what a new session for its member needs. */
export type ExchangeSource = {
  sessionId: string;
  memberId: string;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  mustChangePassword: boolean;
  identityRequired: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

/** Store a new code under its hash. */
export async function insertExchangeCode(
  db: Db,
  input: { codeHash: string; memberId: string; sessionId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('session_exchange_codes')
    .values({
      code_hash: input.codeHash,
      member_id: input.memberId,
      session_id: input.sessionId,
      created_at: input.now,
      expires_at: input.expiresAt,
    })
    .execute();
}

/** Drop codes that can no longer be used; they live a minute, so the table stays small. */
export async function deleteExpiredExchangeCodes(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('session_exchange_codes').where('expires_at', '<=', now).execute();
}

/**
 * Use a code: one conditional UPDATE, so of two concurrent exchanges exactly one gets the row.
 * Unknown, used and expired codes all return undefined.
 */
export async function useExchangeCode(db: Db, codeHash: string, now: Date): Promise<{ sessionId: string } | undefined> {
  return db
    .updateTable('session_exchange_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('session_id as sessionId')
    .executeTakeFirst();
}

/** The session that minted a code, and its member (through the member module's view). */
export async function findExchangeSource(
  db: Db,
  members: MemberBriefs,
  sessionId: string,
): Promise<ExchangeSource | undefined> {
  const row = await db
    .selectFrom('member_sessions as s')
    .innerJoin(members.briefs().as('m'), 'm.id', 's.member_id')
    .select([
      's.id as sessionId',
      's.member_id as memberId',
      'm.account as account',
      'm.nickname as nickname',
      'm.type as type',
      'm.status as status',
      's.must_change_password as mustChangePassword',
      's.identity_required as identityRequired',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  return row ? { ...row, type: Number(row.type) } : undefined;
}
