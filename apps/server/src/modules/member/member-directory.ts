import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findAccountNames, findCredentialsByAccount, findMemberBrief, findRegisteredAt, findUpline } from './member.repository';

// What other modules read of a member. They ask here instead of querying the members table, so
// the member module stays the only one that knows its columns.

export function createMemberDirectory({ db }: { db: Kysely<Database> }) {
  return {
    /** The id of the member with this account name; undefined when there is none. */
    findMemberIdByAccount: async (account: string) => (await findCredentialsByAccount(db, account))?.id,
    /** A member's account name, nickname, type and status; undefined for an unknown id. */
    findMemberBrief: (memberId: string) => findMemberBrief(db, String(memberId)),
    /** The agent a member registered under with its type and status: undefined for an unknown member, null without one. */
    findUpline: (memberId: string) => findUpline(db, String(memberId)),
    /** Account names by member id, for lists that show whose row is whose; unknown ids are left out. */
    findAccountNames: (memberIds: string[]) => findAccountNames(db, memberIds.map(String)),
    /** When members registered, by id (a reward rule's segment); `trx` when the caller is inside a transaction. */
    findRegisteredAt: (memberIds: string[], trx: Kysely<Database> = db) => findRegisteredAt(trx, memberIds.map(String)),
  };
}
