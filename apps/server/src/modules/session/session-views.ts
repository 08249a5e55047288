import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MemberViews } from '../member/member-views';

// Views of the login sessions for other modules' statements (see member-views.ts): the gateway
// checks in the same statement that uses a launch token or a vendor session that the login
// session behind it is still live.

export type SessionViewsContext = { db: Kysely<Database>; memberViews: Pick<MemberViews, 'briefs'> };

export function createSessionViews({ db, memberViews }: SessionViewsContext) {
  return {
    /**
     * Login sessions live at `now`: not revoked, before their absolute expiry, their account
     * active. Id, member id and absolute expiry.
     */
    liveLoginSessions: (now: Date) =>
      db
        .selectFrom('member_sessions as s')
        .innerJoin(memberViews.briefs().as('m'), 'm.id', 's.member_id')
        .select(['s.id', 's.member_id', 's.expires_at'])
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('m.status', '=', 'active'),
  };
}

export type SessionViews = ReturnType<typeof createSessionViews>;
