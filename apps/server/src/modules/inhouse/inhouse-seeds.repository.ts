import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The players' seed pairs (table inhouse_seeds): the active seed whose nonce every new round
// takes under its row lock, the client seed, and the reveal at a rotation (inhouse-fair.ts).

type Db = Kysely<Database>;

export type SeedRow = {
  id: string;
  memberId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  status: 'active' | 'revealed';
  revealedAt: Date | null;
};

type SeedDbRow = {
  id: string;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: string;
  status: 'active' | 'revealed';
  revealed_at: Date | null;
};

function toSeed(r: SeedDbRow): SeedRow {
  return {
    id: r.id,
    memberId: r.member_id,
    serverSeed: r.server_seed,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    nextNonce: Number(r.next_nonce),
    status: r.status,
    revealedAt: r.revealed_at,
  };
}

/** The player's active seed, locked FOR UPDATE when `lock` (nonces are taken under this lock). */
export async function findActiveSeed(
  db: Db,
  memberId: string,
  opts: { lock?: boolean } = {},
): Promise<SeedRow | undefined> {
  let q = db.selectFrom('inhouse_seeds').selectAll().where('member_id', '=', memberId).where('status', '=', 'active');
  if (opts.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toSeed(row) : undefined;
}

/** Insert an active seed; undefined when the player already has one (a concurrent insert won). */
export async function insertActiveSeed(
  db: Db,
  seed: { memberId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<SeedRow | undefined> {
  const row = await db
    .insertInto('inhouse_seeds')
    .values({
      member_id: seed.memberId,
      server_seed: seed.serverSeed,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
    })
    .onConflict((oc) => oc.column('member_id').where('status', '=', 'active').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toSeed(row) : undefined;
}

/** Take the next nonce of a locked active seed. */
export async function takeNonce(db: Db, seedId: string): Promise<number> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ next_nonce: sql<string>`next_nonce + 1` })
    .where('id', '=', seedId)
    .returning('next_nonce')
    .executeTakeFirstOrThrow();
  return Number(row.next_nonce) - 1;
}

/**
 * Take the next nonce of the player's active seed in one statement: the UPDATE locks the seed row
 * as SELECT … FOR UPDATE would, so nonces are still taken under the seed's lock. Undefined when the
 * player has no active seed yet (the caller creates one, then takes its nonce).
 */
export async function takeActiveNonce(db: Db, memberId: string): Promise<{ seed: SeedRow; nonce: number } | undefined> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ next_nonce: sql<string>`next_nonce + 1` })
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const seed = toSeed(row);
  return { seed, nonce: seed.nextNonce - 1 };
}

/** Change the client seed of a locked active seed. */
export async function updateClientSeed(db: Db, seedId: string, clientSeed: string): Promise<void> {
  await db.updateTable('inhouse_seeds').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
}

/** Reveal a locked active seed. */
export async function revealSeed(db: Db, seedId: string, at: Date): Promise<SeedRow> {
  const row = await db
    .updateTable('inhouse_seeds')
    .set({ status: 'revealed', revealed_at: at })
    .where('id', '=', seedId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSeed(row);
}

/** The player's most recently revealed seed. */
export async function findLastRevealedSeed(db: Db, memberId: string): Promise<SeedRow | undefined> {
  const row = await db
    .selectFrom('inhouse_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'revealed')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSeed(row) : undefined;
}
