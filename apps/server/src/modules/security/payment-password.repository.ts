import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// Payment-password tries and locks (migration 0010).

/** When the member's payment password is locked until (null when it is not locked at `now`). */
export async function findPaymentPasswordLock(db: Db, memberId: string, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('payment_password_locks')
    .select('locked_until')
    .where('member_id', '=', memberId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row ? new Date(row.locked_until) : null;
}

/** Failures after `since`, oldest first. */
export async function findPaymentPasswordFailures(db: Db, memberId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('payment_password_failures')
    .select('at')
    .where('member_id', '=', memberId)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.at));
}

/** Record a wrong try. */
export async function insertPaymentPasswordFailure(db: Db, memberId: string, at: Date): Promise<string> {
  const row = await db
    .insertInto('payment_password_failures')
    .values({ member_id: memberId, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Lock the payment password until a time (extending, never shortening, a current lock). */
export async function lockPaymentPassword(db: Db, memberId: string, until: Date): Promise<void> {
  await db
    .insertInto('payment_password_locks')
    .values({ member_id: memberId, locked_until: until })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ locked_until: sql<Date>`greatest(payment_password_locks.locked_until, excluded.locked_until)` }),
    )
    .execute();
}

/** Delete failures older than a time, a bounded batch at a time. */
export async function prunePaymentPasswordFailures(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('payment_password_failures')
    .where('id', 'in', (eb) =>
      eb.selectFrom('payment_password_failures').select('id').where('at', '<', before).limit(500),
    )
    .execute();
}
