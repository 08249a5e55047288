import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createPlayer } from './gateway.test-support';
import { hashCallback } from './seamless-shared';
import { applySeamlessBets, applySeamlessOps, type SeamlessOp } from './seamless.repository';

// A bet's transaction can begin before its round exists: two of a player's lottery tickets on one
// draw wait for the same wallet lock, and the one that began second creates the round first. Its
// now() is later than the waiting transaction's, so a bet dated by its own transaction's now()
// would predate its round, and a win, which looks for the round's bets from the round's date on
// (partition pruning), would answer "no accepted bet". Both bet writers (seamless_apply, and
// seamless_bet_many for a batch) date the bet no earlier than its round.

const VASSALAGE = 'BETDATE';

describePostgres('a bet placed by a transaction that began before its round was created [postgres]', () => {
  let t: TestApp;
  let houseId: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const { rows } = await sql<{
      id: string;
    }>`SELECT id::text FROM ledger_accounts WHERE member_id IS NULL AND purpose = 'house_cash' AND currency = 'BRL'`.execute(
      db(),
    );
    houseId = rows[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function betOp(memberId: string, roundId: string, txId: string, amount: bigint): Promise<SeamlessOp> {
    await t.app.services.gateway.seamless.prepareBets([memberId]);
    const { rows } = await sql<{ purpose: string; id: string }>`
      SELECT purpose, id::text FROM ledger_accounts WHERE member_id = ${memberId}::bigint AND purpose IN ('player_main', 'player_bonus')`.execute(
      db(),
    );
    const id = (p: string) => rows.find((r) => r.purpose === p)!.id;
    return {
      op: 'bet',
      vassalage: VASSALAGE,
      txId,
      roundId,
      memberId,
      nodeId: 'g-1',
      amount: amount.toString(),
      hash: hashCallback({ kind: 'bet', member: memberId, round: roundId, game: 'g-1', amount: amount.toString() }),
      walletId: id('player_main'),
      bonusWalletId: id('player_bonus'),
      houseId,
      currency: 'BRL',
      scale: 2,
    };
  }

  it.each([
    ['seamless_apply', applySeamlessOps],
    ['seamless_bet_many', applySeamlessBets],
  ] as const)('through %s: the bet is dated no earlier than its round, and its win finds it', async (name, apply) => {
    const seamless = t.app.services.gateway.seamless;
    const player = await createPlayer(t.app, 10_000n);
    const roundId = `${name}-r`;
    const late = await betOp(player.memberId, roundId, `${name}-late`, 300n);

    await db()
      .transaction()
      .execute(async (trx) => {
        // This transaction's now() is fixed from here on.
        await sql`SELECT now()`.execute(trx);
        // Another transaction creates the round, and commits, meanwhile.
        await seamless.bet({
          vassalage: VASSALAGE,
          memberId: player.memberId,
          transactionId: `${name}-first`,
          roundId,
          gameId: 'g-1',
          amountMinor: 200n,
        });
        const [answer] = await apply(trx, [late]);
        expect(answer).toHaveProperty('ok');
      });

    const { rows } = await sql<{ bet_after_round: boolean }>`
      SELECT b.created_at >= r.created_at AS bet_after_round
      FROM round_bets b JOIN game_rounds r ON r.vassalage = b.vassalage AND r.round_id = b.round_id
      WHERE b.vassalage = ${VASSALAGE} AND b.vendor_tx_id = ${late.txId}`.execute(db());
    expect(rows).toEqual([{ bet_after_round: true }]);

    const win = await seamless.win({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: `${name}-win`,
      roundId,
      amountMinor: 900n,
      betTransactionId: late.txId,
    });
    expect(win.balanceMinor).toBe(String(10_000n - 200n - 300n + 900n));
    await expectLedgerHealthy(db());
  });
});
