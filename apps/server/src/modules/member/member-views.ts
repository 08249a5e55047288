import { AccountType } from '@wps/shared/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Views of the members table for other modules' statements. A caller that must read a member in
// the same statement as its own rows (the session lookup on every authenticated request, the
// winners board) joins one of these as a derived table (`.innerJoin(view.as('m'), …)`) instead of
// naming the table: the member module still decides which columns and rows are read, and
// PostgreSQL folds the subquery into the join, so the plan and the round trips stay the same.
// Built once at start (services.ts), before the session service, which needs them.

export function createMemberViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Every member's account name, nickname, type and status, by id. */
    briefs: () => db.selectFrom('members').select(['id', 'account', 'nickname', 'type', 'status']),
    /** Members whose money is real, with their account names: trial (free-play) accounts are left out. */
    realMoneyAccounts: () => db.selectFrom('members').select(['id', 'account']).where('type', '<>', AccountType.TRIAL),
    /** Real-money members with when they registered (who a platform message reaches, its segments). */
    registrations: () =>
      db.selectFrom('members').select(['id', 'account', 'created_at']).where('type', '<>', AccountType.TRIAL),
    /** Real-money members with their type and upline: the agent tree's edges (the agent settlement walks each player's chain of agents). */
    uplines: () =>
      db.selectFrom('members').select(['id', 'account', 'type', 'upline_id']).where('type', '<>', AccountType.TRIAL),
    /** Real-money members with their status and when they registered and last signed in: the records module's LGPD anonymisation finds closed accounts past retention by it. */
    activity: () =>
      db
        .selectFrom('members')
        .select(['id', 'account', 'status', 'created_at', 'last_login_at'])
        .where('type', '<>', AccountType.TRIAL),
  };
}

export type MemberViews = ReturnType<typeof createMemberViews>;
