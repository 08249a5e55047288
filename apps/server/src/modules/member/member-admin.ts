import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MemberStatus } from '../../db/tables/member';

type Db = Kysely<Database>;

/**
 * Operator changes to the member row: the account status and the payee name. A disabled
 * member is refused at login and their sessions stop resolving (session.repository reads the
 * status with the token); the members trigger evicts cached member reads on every instance.
 */
export function createMemberAdmin() {
  return {
    /** Set the status in the caller's transaction; the status before, or undefined for an unknown member. */
    async setStatus(trx: Db, memberId: string, status: MemberStatus): Promise<MemberStatus | undefined> {
      const before = await trx.selectFrom('members').select('status').where('id', '=', memberId).forUpdate().executeTakeFirst();
      if (!before) return undefined;
      if (before.status !== status) await trx.updateTable('members').set({ status }).where('id', '=', memberId).execute();
      return before.status;
    },

    /**
     * Replace the payee (real) name, which the member can bind only once, in the caller's
     * transaction; the name before, or undefined for an unknown member.
     */
    async correctPayeeName(trx: Db, memberId: string, payeeName: string): Promise<{ before: string | null } | undefined> {
      const row = await trx.selectFrom('members').select('payee_name').where('id', '=', memberId).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      await trx.updateTable('members').set({ payee_name: payeeName }).where('id', '=', memberId).execute();
      return { before: row.payee_name };
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;
