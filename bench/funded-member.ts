// A bench player's member row, funded from the demo bank: written directly (no password hashing
// per player, no login), for the benches that need many players with money (bench:lottery's
// server, the in-house players of bench:crash and bench:originals-play).
import crypto from 'node:crypto';
import type { BenchServer } from './bench-server';

/** A new member (account `<prefix><10 hex>`) holding `fundsMinor`, credited by the ledger's own service; its id. */
export async function insertFundedMember(
  server: Pick<BenchServer, 'app' | 'database'>,
  prefix: string,
  fundsMinor: bigint,
): Promise<string> {
  const row = await server.database.db
    .insertInto('members')
    .values({
      account: `${prefix}${crypto.randomBytes(5).toString('hex')}`,
      password_hash: 'bench-no-login',
      type: 3,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const memberId = String(row.id);
  await server.app.services.ledger.creditPlayerFromSystem({
    systemAccount: 'demo_bank',
    memberId,
    amountMinor: fundsMinor,
    kind: 'adjustment',
    idempotencyKey: `bench-fund:${prefix}:${memberId}`,
  });
  return memberId;
}
