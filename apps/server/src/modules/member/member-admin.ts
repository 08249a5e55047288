import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MemberStatus } from '../../db/tables/member';
import { compareIds } from '../../db/ids';

type Db = Kysely<Database>;

/** A member as a change of the agent tree sees it. */
export type TreeMemberRow = {
  id: string;
  account: string;
  type: number;
  status: MemberStatus;
  uplineId: string | null;
};

/**
 * Operator changes to the member row: the account status and the payee name. A disabled
 * member is refused at login and their sessions stop resolving (session.repository reads the
 * status with the token); the members trigger evicts cached member reads on every instance.
 */
export function createMemberAdmin() {
  return {
    /** Set the status in the caller's transaction; the status before, or undefined for an unknown member. */
    async setStatus(trx: Db, memberId: string, status: MemberStatus): Promise<MemberStatus | undefined> {
      const before = await trx
        .selectFrom('members')
        .select('status')
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      if (before.status !== status)
        await trx.updateTable('members').set({ status }).where('id', '=', memberId).execute();
      return before.status;
    },

    /**
     * Replace the payee (real) name, which the member can bind only once, in the caller's
     * transaction; the name before, or undefined for an unknown member.
     */
    async correctPayeeName(
      trx: Db,
      memberId: string,
      payeeName: string,
    ): Promise<{ before: string | null } | undefined> {
      const row = await trx
        .selectFrom('members')
        .select('payee_name as payeeName')
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.updateTable('members').set({ payee_name: payeeName }).where('id', '=', memberId).execute();
      return { before: row.payeeName };
    },

    /**
     * Lock members' rows for a change of the agent tree, in ascending id order (the one order
     * every tree change takes them in, so two changes never wait on each other crosswise); the
     * rows found, unknown ids left out. FOR NO KEY UPDATE, not FOR UPDATE: a registration under
     * one of these members holds a key-share lock on its row (its foreign key), which this does
     * not wait for, so a registration and a move never wait on each other's row locks.
     */
    async lockForTreeChange(trx: Db, memberIds: string[]): Promise<TreeMemberRow[]> {
      const ids = [...new Set(memberIds.map(String))].sort(compareIds);
      if (ids.length === 0) return [];
      const rows = await trx
        .selectFrom('members')
        .select(['id', 'account', 'type', 'status', 'upline_id as uplineId'])
        .where('id', 'in', ids)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        type: Number(r.type),
        status: r.status,
        uplineId: r.uplineId === null ? null : String(r.uplineId),
      }));
    },

    /** Place a member under another upline (null: no upline) in the caller's transaction; the agent tree follows by trigger. */
    async setUpline(trx: Db, memberId: string, uplineId: string | null): Promise<void> {
      await trx.updateTable('members').set({ upline_id: uplineId }).where('id', '=', memberId).execute();
    },

    /** Give a member another account type in the caller's transaction (the agents module decides which changes are allowed). */
    async setType(trx: Db, memberId: string, type: number): Promise<void> {
      await trx.updateTable('members').set({ type }).where('id', '=', memberId).execute();
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;
