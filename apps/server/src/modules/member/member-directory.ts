import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertWithUniqueRetry, VALUE_TAKEN } from '../../db/unique-violation';
import { randomInviteCode } from './member-helpers';
import {
  countActiveWithoutContact,
  findAccountNames,
  findCredentialsByAccount,
  findMemberBrief,
  findMemberContacts,
  findMemberCode,
  findMemberTypes,
  findReferralTraits,
  findRegisteredAt,
  findUpline,
  insertAffiliateCodeIfMissing,
} from './member.repository';

const CODE_ATTEMPTS = 5;

// What other modules read of a member. They ask here instead of querying the members table, so
// the member module stays the only one that knows its columns.

export function createMemberDirectory({ db }: { db: Kysely<Database> }) {
  return {
    /** The id of the member with this account name; undefined when there is none. */
    findMemberIdByAccount: async (account: string) => (await findCredentialsByAccount(db, account))?.id,
    /** A member's account name, nickname, type and status; undefined for an unknown id. */
    findMemberBrief: (memberId: string) => findMemberBrief(db, String(memberId)),
    /** A member's e-mail and phone in E.164 (`trx` inside the caller's transaction); undefined for an unknown id. */
    findContacts: (memberId: string, trx: Kysely<Database> = db) => findMemberContacts(trx, String(memberId)),
    /** How many active members have neither a mobile nor an e-mail: no login code can reach them. */
    countActiveWithoutContact: () => countActiveWithoutContact(db),
    /** Members' types by id (a batch of a draw's winners); unknown ids are left out. */
    findMemberTypes: (memberIds: string[]) => findMemberTypes(db, memberIds.map(String)),
    /** The agent a member registered under with its type and status: undefined for an unknown member, null without one. */
    findUpline: (memberId: string) => findUpline(db, String(memberId)),
    /** Account names by member id, for lists that show whose row is whose; unknown ids are left out. */
    findAccountNames: (memberIds: string[]) => findAccountNames(db, memberIds.map(String)),
    /** When members registered, by id (a reward rule's segment); `trx` when the caller is inside a transaction. */
    findRegisteredAt: (memberIds: string[], trx: Kysely<Database> = db) => findRegisteredAt(trx, memberIds.map(String)),
    /** Where members registered from, their phone (E.164) and payee name: a referral's check for related accounts. */
    findReferralTraits: (memberIds: string[], trx: Kysely<Database> = db) =>
      findReferralTraits(trx, memberIds.map(String)),
    /**
     * The code a member invites players with (registration records them as its referrals): its
     * existing code, or a new random one made now. Two requests at once may both insert; the
     * oldest code is the one answered, so both answer the same. A code drawn that is already
     * another member's is not written, and another is drawn.
     */
    async ensureInviteCode(memberId: string): Promise<string> {
      const existing = await findMemberCode(db, String(memberId));
      if (existing) return existing;
      return insertWithUniqueRetry(
        randomInviteCode,
        async (code) => {
          await insertAffiliateCodeIfMissing(db, { code, kind: 'referral', memberId: String(memberId), domain: null });
          return (await findMemberCode(db, String(memberId))) ?? VALUE_TAKEN;
        },
        { constraint: 'affiliate_codes_pkey', attempts: CODE_ATTEMPTS },
      );
    },
  };
}
