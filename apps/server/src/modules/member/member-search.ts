import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The back office's player search and profile, over the members table. Every key is served by an
// index (migrations 0002, 0011, 0100, 0180); `players-plans.test.ts` reads the plans at scale.

export type MemberSearchRow = {
  memberId: string;
  account: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'disabled';
  mobile: string | null;
  email: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
};

/** What one search looks for, already normalised. `ids` are members found by another module (a bank account's digits). */
export type MemberSearchCriteria =
  | { key: 'username'; prefix: string }
  | { key: 'mobile'; e164: string }
  | { key: 'email'; email: string }
  | { key: 'id'; memberId: string }
  | { key: 'ids'; memberIds: string[] };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function members(db: Db) {
  return db
    .selectFrom('members as m')
    .select([
      'm.id as memberId',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.mobile_e164 as mobile',
      'm.email',
      'm.created_at as createdAt',
      'm.last_login_at as lastLoginAt',
    ]);
}

/**
 * The statement of one search page (`limit + 1` rows: the extra one says a next page exists):
 * - username: prefix of the lower-case account on `members_account_prefix_idx` (text_pattern_ops), in account order;
 * - mobile: the E.164 number, `members_mobile_key`;
 * - email: `lower(email)`, `members_email_lower_idx`;
 * - id / ids: the primary key.
 */
export function memberSearchQuery(db: Db, criteria: MemberSearchCriteria, offset: number, limit: number) {
  const take = limit + 1;
  switch (criteria.key) {
    case 'username':
      return members(db)
        .where(sql<boolean>`m.account LIKE ${`${escapeLike(criteria.prefix)}%`}`)
        .orderBy('m.account')
        .offset(offset)
        .limit(take);
    case 'mobile':
      return members(db)
        .where('m.mobile_e164', '=', criteria.e164)
        .orderBy('m.mobile_e164')
        .orderBy('m.id')
        .offset(offset)
        .limit(take);
    case 'email':
      return (
        members(db)
          .where(sql<boolean>`lower(m.email) = ${criteria.email.toLowerCase()}`)
          .where('m.email', 'is not', null)
          // `id + 0`: an order the primary key cannot give, so the planner never walks the whole
          // primary key hoping to meet the address early (it did at 200,000 members); the few
          // matches are sorted after the e-mail index found them.
          .orderBy(sql`m.id + 0`)
          .offset(offset)
          .limit(take)
      );
    case 'id':
      return members(db).where('m.id', '=', criteria.memberId).offset(offset).limit(take);
    case 'ids':
      // Already one page of ids: no offset here.
      return members(db)
        .where('m.id', 'in', criteria.memberIds.length ? criteria.memberIds : ['0'])
        .orderBy('m.id')
        .limit(take);
  }
}

export async function searchMembers(
  db: Db,
  criteria: MemberSearchCriteria,
  offset: number,
  limit: number,
): Promise<MemberSearchRow[]> {
  return memberSearchQuery(db, criteria, offset, limit).execute();
}

/** The member row the player page shows (its security columns come from the security module). */
export async function findMemberProfile(db: Db, memberId: string) {
  return db
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select([
      'm.id as memberId',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.mobile_e164 as mobile',
      'm.email',
      'm.created_at as createdAt',
      'm.last_login_at as lastLoginAt',
      'm.language',
      'u.account as uplineAccount',
      'm.register_ip as registerIp',
      'm.register_domain as registerDomain',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}
