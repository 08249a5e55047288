import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { compareIds } from '../../db/ids';

type Db = Kysely<Database>;

// What the event consumer writes for a whole batch at once: a few statements per batch, whatever
// the number of events, instead of a few per event.

/**
 * Lock several members' points rows (created when missing) in member id order, and read them. The
 * module's lock order starts with a member's points row; taking the batch's rows in one order keeps
 * two writers of several members from waiting on each other in a cycle.
 */
export async function lockPointsAccounts(
  trx: Db,
  memberIds: string[],
): Promise<Map<string, { balance: bigint; earnRemainder: bigint }>> {
  const ids = [...new Set(memberIds)].sort(compareIds);
  if (ids.length === 0) return new Map();
  await sql`INSERT INTO points_accounts (member_id) SELECT m FROM unnest(${sql.val(ids)}::bigint[]) AS m ORDER BY m ON CONFLICT (member_id) DO NOTHING`.execute(
    trx,
  );
  const { rows } = await sql<{ member_id: string; balance: string; earn_remainder: string }>`
    SELECT member_id::text AS member_id, balance::text AS balance, earn_remainder::text AS earn_remainder FROM points_accounts AS p
    WHERE member_id = ANY(${sql.val(ids)}::bigint[]) ORDER BY p.member_id FOR UPDATE`.execute(trx);
  return new Map(
    rows.map((r) => [r.member_id, { balance: BigInt(r.balance), earnRemainder: BigInt(r.earn_remainder) }]),
  );
}

/** Which of these movement keys were used already (a replay moves nothing again). */
export async function findUsedMovementKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql<{ idempotency_key: string }>`
    SELECT idempotency_key FROM points_movements WHERE idempotency_key = ANY(${sql.val(keys)}::text[])`.execute(db);
  return new Set(rows.map((r) => r.idempotency_key));
}

export type EarnedMovement = { memberId: string; amount: bigint; balanceAfter: bigint; key: string; reference: string };

/**
 * A batch's earnings, under the rows `lockPointsAccounts` holds: each member's balance and carried
 * remainder set once (one statement for all), then the movements appended in one statement, in
 * stream order. Earnings only add, so the balance guard of a single move has nothing to refuse.
 */
export async function applyEarnings(
  trx: Db,
  accounts: { memberId: string; add: bigint; earnRemainder: bigint }[],
  movements: EarnedMovement[],
): Promise<void> {
  if (accounts.length > 0) {
    await sql`
      UPDATE points_accounts AS a SET balance = a.balance + u.add, earn_remainder = u.earn_remainder, updated_at = now()
      FROM unnest(${sql.val(accounts.map((a) => a.memberId))}::bigint[], ${sql.val(accounts.map((a) => a.add.toString()))}::bigint[],
                  ${sql.val(accounts.map((a) => a.earnRemainder.toString()))}::bigint[]) AS u (member_id, add, earn_remainder)
      WHERE a.member_id = u.member_id`.execute(trx);
  }
  if (movements.length > 0) {
    await sql`
      INSERT INTO points_movements (member_id, kind, amount, balance_after, idempotency_key, reference)
      SELECT m.member_id, 'earn', m.amount, m.balance_after, m.idempotency_key, m.reference
      FROM unnest(${sql.val(movements.map((m) => m.memberId))}::bigint[], ${sql.val(movements.map((m) => m.amount.toString()))}::bigint[],
                  ${sql.val(movements.map((m) => m.balanceAfter.toString()))}::bigint[], ${sql.val(movements.map((m) => m.key))}::text[],
                  ${sql.val(movements.map((m) => m.reference))}::text[]) WITH ORDINALITY AS m (member_id, amount, balance_after, idempotency_key, reference, n)
      ORDER BY m.n`.execute(trx);
  }
}

export type MemberDayDelta = { memberId: string; day: string; turnoverMinor: bigint; depositMinor: bigint };

/** Add a batch's activity to the members' days, one row per member and day, in key order. */
export async function addMemberDays(trx: Db, batch: MemberDayDelta[]): Promise<void> {
  const merged = new Map<string, MemberDayDelta>();
  for (const d of batch) {
    const k = `${d.memberId}|${d.day}`;
    const prev = merged.get(k);
    merged.set(
      k,
      prev
        ? {
            ...prev,
            turnoverMinor: prev.turnoverMinor + d.turnoverMinor,
            depositMinor: prev.depositMinor + d.depositMinor,
          }
        : d,
    );
  }
  const rows = [...merged.values()];
  if (rows.length === 0) return;
  await sql`
    INSERT INTO vip_member_days AS v (member_id, day, turnover_minor, deposit_minor)
    SELECT d.member_id, d.day, d.turnover_minor, d.deposit_minor
    FROM unnest(${sql.val(rows.map((d) => d.memberId))}::bigint[], ${sql.val(rows.map((d) => d.day))}::date[],
                ${sql.val(rows.map((d) => d.turnoverMinor.toString()))}::bigint[], ${sql.val(rows.map((d) => d.depositMinor.toString()))}::bigint[])
      AS d (member_id, day, turnover_minor, deposit_minor)
    ORDER BY d.member_id, d.day
    ON CONFLICT (member_id, day) DO UPDATE SET turnover_minor = v.turnover_minor + excluded.turnover_minor, deposit_minor = v.deposit_minor + excluded.deposit_minor`.execute(
    trx,
  );
}

/** Several members' totals over the days from `fromDay` (inclusive); a member with none is absent. */
export async function sumMembersDays(
  db: Db,
  memberIds: string[],
  fromDay: string,
): Promise<Map<string, { turnoverMinor: bigint; depositMinor: bigint }>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ member_id: string; turnover: string; deposit: string }>`
    SELECT member_id::text AS member_id, sum(turnover_minor)::text AS turnover, sum(deposit_minor)::text AS deposit FROM vip_member_days
    WHERE member_id = ANY(${sql.val([...new Set(memberIds)])}::bigint[]) AND day >= ${fromDay}::date GROUP BY member_id`.execute(
    db,
  );
  return new Map(
    rows.map((r) => [r.member_id, { turnoverMinor: BigInt(r.turnover), depositMinor: BigInt(r.deposit) }]),
  );
}
