import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sumMemberOrders } from './deposit.repository';

// Views of the deposit orders for other modules' statements (see member-views.ts): the deposit
// module decides which rows count, the caller joins the view as a derived table.

export function createDepositMemberViews({ db }: { db: Kysely<Database> }) {
  return {
    /** Credited deposits by member (an inbox segment: "has deposited"); served by deposit_orders_member_idx. */
    creditedDeposits: () => db.selectFrom('deposit_orders').select(['member_id']).where('status', '=', 'credited'),
    /** A member's deposits ever, credited or pending and still payable at `at` (the KYC module's unverified cap). */
    depositsHeld: (memberId: string, at: Date) => sumMemberOrders(db, memberId, new Date(0), { pendingAt: at }),
  };
}

export type DepositMemberViews = ReturnType<typeof createDepositMemberViews>;
