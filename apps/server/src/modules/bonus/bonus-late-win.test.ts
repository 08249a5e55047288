import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { reconstructRound } from '../records/round-reconstruction';
import { recordsViewsOf } from '../records/records-views';
import { SANDBOX_SEAMLESS } from '../gateway/gateway.service';
import { createPlayer, injectCallback, launchToken, mainBalance, type Player } from '../gateway/gateway.test-support';
import { operatorToken } from '../withdrawal/withdrawal.test-support';
import { bonusBalance, giveBonus } from './bonus.test-support';

// A round staked with one bonus's money and settled after that bonus ended and the next one
// started: the bonus part of its refund or win belongs to the bonus that staked it, so the house
// keeps it (that bonus was settled when it ended); the next bonus never gets it. Through the
// vendor's signed callbacks (app.inject).
const SECRET = crypto.randomBytes(24).toString('hex');
const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

describeEachDatabase('the bonus part of a late refund or win', (target) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    ops = await operatorToken(t.app, 'admin');
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://vendor.test/play',
      apiUrl: null,
      secret: SECRET,
      requestTimeoutMs: 500,
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const vendor = async (op: string, body: Record<string, unknown>) => {
    const res = await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, op, body);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The round as the records hold it, what the betting record shows, and whether the round's rebuild agrees with the ledger. */
  const recorded = async (p: Player, roundId: string) => {
    const round = await t.database.db
      .selectFrom('game_rounds')
      .select(['total_bet', 'total_win', 'total_refund', 'refund_kept'])
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    const record = valueOf<{ list: { roundId: string; payoutMinor: string }[] }>(
      await call(t.app, 'GET', '/wps/bet-record?page=1&pageSize=50', { token: p.token }),
    ).list.find((r) => r.roundId === roundId);
    const rebuilt = await reconstructRound(t.database.db, recordsViewsOf(t.database.db), roundId, SANDBOX_SEAMLESS);
    return {
      round,
      payoutMinor: record?.payoutMinor,
      agrees: rebuilt?.agrees,
      checks: rebuilt?.checks.filter((c) => !c.ok),
    };
  };
  const bonuses = async (p: Player) =>
    valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token: p.token })).bonuses;

  /**
   * A player whose bonus A (10.00) staked round `roundId` with two bets (8.00 and 2.00, all bonus
   * money), then ended (cancelled by an operator), and whose bonus B (20.00) now runs.
   */
  async function staleRound() {
    const player = await createPlayer(t.app, 0n);
    const token = await launchToken(t.app, player, 'SBX-slot-01', SANDBOX_SEAMLESS);
    const { sessionToken } = valueOf<{ sessionToken: string }>(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
    );
    const base = { sessionToken, playerId: player.memberId, gameId: 'SBX-slot-01' };
    await giveBonus(t.app, player.memberId, 1_000n, { maxStakeMinor: '2000' });
    const [bonusA] = await bonuses(player);
    const roundId = id('r');
    const [first, second] = [id('b'), id('b')];
    await vendor('bet', { ...base, transactionId: first, roundId, amountMinor: '800' });
    await vendor('bet', { ...base, transactionId: second, roundId, amountMinor: '200' });
    valueOf(
      await call(t.app, 'POST', `/ops/bonuses/${bonusA!.id}/cancel`, {
        token: ops,
        payload: { reason: 'ended before its round settled' },
      }),
    );
    await giveBonus(t.app, player.memberId, 2_000n, { maxStakeMinor: '2000' });
    expect((await bonuses(player)).map((b) => b.status)).toEqual(['active', 'cancelled']);
    expect(await bonusBalance(t.app, player.memberId)).toBe(2_000n);
    return { player, base, roundId, first, second, bonusA: bonusA!.id };
  }

  it('records the bonus that staked each bet and round; a refund after it ended stays with the house', async () => {
    const { player, base, roundId, first, second, bonusA } = await staleRound();
    const staked = await t.database.db
      .selectFrom('round_bets')
      .select(['vendor_tx_id', 'bonus_id'])
      .where('vendor_tx_id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(staked).toEqual([
      { vendor_tx_id: first, bonus_id: bonusA },
      { vendor_tx_id: second, bonus_id: bonusA },
    ]);
    const round = await t.database.db
      .selectFrom('game_rounds')
      .select('bonus_id')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.bonus_id).toBe(bonusA);

    // The refund of a bet bonus A staked: bonus B's account does not grow.
    const rollback = id('rb');
    await vendor('rollback', { ...base, transactionId: rollback, roundId, betTransactionId: second });
    expect(await bonusBalance(t.app, player.memberId)).toBe(2_000n);
    expect(await mainBalance(t.app, player.memberId)).toBe(0n);
    // The records say nothing went back: the 2.00 the house kept is a cancelled stake, not a refund paid.
    expect(
      await t.database.db
        .selectFrom('round_bets')
        .select(['amount', 'bonus_kept'])
        .where('vendor_tx_id', '=', rollback)
        .executeTakeFirstOrThrow(),
    ).toEqual({ amount: '0', bonus_kept: '200' });
    expect(await recorded(player, roundId)).toMatchObject({
      round: { total_bet: '1000', total_win: '0', total_refund: '0', refund_kept: '200' },
      agrees: true,
    });

    // A round bonus B stakes while it runs is paid into its account as before.
    const own = id('r');
    await vendor('bet', { ...base, transactionId: id('b'), roundId: own, amountMinor: '500' });
    await vendor('win', { ...base, transactionId: id('w'), roundId: own, amountMinor: '1000', roundClosed: true });
    expect(await bonusBalance(t.app, player.memberId)).toBe(2_500n);
  });

  // The win's split is decided inside seamless_apply (migration 0497: the round's bonus_id).
  it('a late win pays its bonus part to the bonus that staked the round; that one ended, the house keeps it', async () => {
    const { player, base, roundId } = await staleRound();
    const win = id('w');
    await vendor('win', { ...base, transactionId: win, roundId, amountMinor: '5000', roundClosed: true });
    expect(await bonusBalance(t.app, player.memberId)).toBe(2_000n);
    expect(await mainBalance(t.app, player.memberId)).toBe(0n);
    const row = await t.database.db
      .selectFrom('round_bets')
      .select(['bonus_amount', 'bonus_kept'])
      .where('vendor_tx_id', '=', win)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bonus_amount: '0', bonus_kept: '5000' });
    // What the player was paid: nothing. The round, the betting record and the round's rebuild agree.
    expect(await recorded(player, roundId)).toEqual({
      round: { total_bet: '1000', total_win: '0', total_refund: '0', refund_kept: '0' },
      payoutMinor: '0',
      agrees: true,
      checks: [],
    });
  });
});
