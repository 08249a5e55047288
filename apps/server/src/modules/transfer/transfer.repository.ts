import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Arbitrary but fixed namespace of the per-member advisory lock that serialises upline transfers. */
const TRANSFER_LOCK_NAMESPACE = 727_274_090;

/**
 * Serialise one member's upline transfers until the transaction ends, so a retry of a key waits
 * for the first try's outcome (executed or refused and stored). Other members never wait.
 */
export async function lockMemberTransfers(trx: Db, memberId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${TRANSFER_LOCK_NAMESPACE}::int4, hashtext(${String(memberId)}))`.execute(trx);
}
