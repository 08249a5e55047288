import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { minesMultiplierBp } from '@wps/shared/originals/mines';
import type { FairState } from '@wps/shared/schemas/inhouse';
import type { OpenRound, SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance } from '../gateway/gateway.test-support';
import { stepHelpers } from './inhouse-steps.test-support';

// The life of a mines or hi-lo round on the real database: one open round per player and game
// (resumed, never doubled), hidden with its seed while open; steps and cash-outs decided under the
// round's row lock (a double cash-out pays once); interrupted and abandoned rounds finished once.
describeEachDatabase('mines and hi-lo rounds: open, resumed, raced, interrupted, abandoned', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const { key, open, post, startMines, reveal, minesOf, safeTiles } = stepHelpers(() => t);

  it('one open round per player and game: a second start is refused with the open round, the page resumes it, and nothing shows it or its seed meanwhile', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const k = key();
    const r = valueOf<SteppedRound>(await startMines(s, '100', 3, k));
    // The same key again is the same round (a lost answer), not a refusal.
    expect(valueOf<SteppedRound>(await startMines(s, '100', 3, k))).toMatchObject({
      roundId: r.roundId,
      replayed: true,
    });
    const refused = expectFailure(await startMines(s, '100', 3), ErrorCode.ROUND_OPEN, 409);
    expect((refused.value as { round: SteppedRound }).round).toMatchObject({ roundId: r.roundId, status: 'open' });
    expect(JSON.stringify(refused)).not.toContain('minePositions');
    // Two starts racing with new keys: both refused, no second round.
    const raced = await Promise.all([startMines(s, '100', 2), startMines(s, '100', 2)]);
    for (const res of raced) expectFailure(res, ErrorCode.ROUND_OPEN, 409);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n);

    // A new page (a new session) finds it.
    const again = await open(player, 'inhouse-mines');
    const resumed = valueOf<OpenRound>(await post('round', again)).round;
    expect(resumed).toMatchObject({ roundId: r.roundId, status: 'open' });
    expect(resumed!.outcome).not.toHaveProperty('minePositions');

    // The back office's page of the player shows the open round without its mines.
    const support = (await createTestOperator(t.app, 'support')).token;
    const listed = valueOf<{ list: { roundId: string; outcome: unknown }[] }>(
      await call(t.app, 'GET', `/ops/players/${player.memberId}/inhouse-rounds?limit=20`, { token: support }),
    ).list.find((x) => x.roundId === r.roundId);
    expect(listed?.outcome).toMatchObject({ state: 'open', mines: 3 });
    expect(listed?.outcome).not.toHaveProperty('minePositions');

    // The fairness panel does not list it; the seed is not revealed while it is open.
    const state = valueOf<FairState>(await post('fair', again));
    expect(state.rounds.map((x) => x.roundId)).not.toContain(r.roundId);
    expectFailure(await post('fair/rotate', again), ErrorCode.ROUND_IN_PROGRESS, 409);
    const seeds = await t.database.db
      .selectFrom('inhouse_seeds')
      .select('status')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(seeds.map((x) => x.status)).toEqual(['active']);

    // Played to its end, the next start goes through.
    const [tile] = safeTiles(await minesOf(player, r));
    valueOf(await reveal(again, r.roundId, tile!));
    valueOf(await post('mines/cashout', again, { roundId: r.roundId }));
    expect(valueOf<OpenRound>(await post('round', again)).round).toBeNull();
    valueOf(await startMines(again, '100', 3));
  });

  it('a double cash-out and a reveal racing it end the round once and pay once', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const r = valueOf<SteppedRound>(await startMines(s, '1000', 1));
    const safe = safeTiles(await minesOf(player, r));
    valueOf(await reveal(s, r.roundId, safe[0]!));
    const answers = await Promise.all([
      post('mines/cashout', s, { roundId: r.roundId }),
      post('mines/cashout', s, { roundId: r.roundId }),
      reveal(s, r.roundId, safe[1]!),
      post('mines/cashout', s, { roundId: r.roundId }),
    ]);
    const oks = answers.filter((a) => a.statusCode === 200).map((a) => valueOf<SteppedRound>(a));
    const refused = answers.filter((a) => a.statusCode !== 200);
    for (const a of refused) expectFailure(a, ErrorCode.ROUND_NOT_OPEN, 409);
    const settled = oks.filter((o) => o.status === 'settled');
    expect(settled).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('inhouse_rounds')
      .select(['status', 'payout'])
      .where('round_id', '=', r.roundId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'settled', payout: settled[0]!.payoutMinor });
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + BigInt(row.payout));
  });

  it('an interrupted cash-out is paid once later; a start whose bet failed is opened by its retry', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const seamless = t.app.services.gateway.seamless;
    const realWin = seamless.win;
    const r = valueOf<SteppedRound>(await startMines(s, '1000', 1));
    valueOf(await reveal(s, r.roundId, safeTiles(await minesOf(player, r))[0]!));
    seamless.win = () => Promise.reject(new Error('simulated outage'));
    try {
      expect((await post('mines/cashout', s, { roundId: r.roundId })).statusCode).toBe(500);
      // Not open any more: a second cash-out is refused, and pays nothing.
      expectFailure(await post('mines/cashout', s, { roundId: r.roundId }), ErrorCode.ROUND_NOT_OPEN, 409);
    } finally {
      seamless.win = realWin;
    }
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n);
    // The page reopens: the interrupted win is paid, and there is nothing to resume.
    expect(valueOf<OpenRound>(await post('round', s)).round).toBeNull();
    const pay = (1000n * BigInt(minesMultiplierBp(1, 1, 9900))) / 10_000n;
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + pay);
    expect(await t.app.services.inhouse.settleStaleRounds(new Date(Date.now() + 120_000))).toBe(0);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + pay);

    const realBet = seamless.bet;
    const k = key();
    seamless.bet = () => Promise.reject(new Error('simulated outage'));
    try {
      expect((await startMines(s, '100', 2, k)).statusCode).toBe(500);
    } finally {
      seamless.bet = realBet;
    }
    const retried = valueOf<SteppedRound>(await startMines(s, '100', 2, k));
    expect(retried).toMatchObject({ status: 'open', replayed: true });
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + pay - 100n);
  });

  it('a round left open a day is closed at its current multiplier by the recovery job', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const r = valueOf<SteppedRound>(await startMines(s, '1000', 2));
    valueOf(await reveal(s, r.roundId, safeTiles(await minesOf(player, r))[0]!));
    const h = await open(player, 'inhouse-hilo');
    const untouched = valueOf<SteppedRound>(await post('hilo/start', h, { stakeMinor: '1000', idempotencyKey: key() }));
    await t.database.db
      .updateTable('inhouse_rounds')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('round_id', 'in', [r.roundId, untouched.roundId])
      .execute();
    expect(await t.app.services.inhouse.settleStaleRounds()).toBe(2);
    const minesPay = (1000n * BigInt(minesMultiplierBp(2, 1, 9900))) / 10_000n;
    // No call made: closed at the RTP itself, 99 % of the stake back.
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 2_000n + minesPay + 990n);
    expect(valueOf<OpenRound>(await post('round', s)).round).toBeNull();
    expect(await t.app.services.inhouse.settleStaleRounds()).toBe(0);
  });
});
