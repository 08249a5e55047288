import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { hiloCard, hiloMultiplierBp, hiloRank, hiloWinRanks } from '@wps/shared/originals/hilo';
import { minePositions, minesMaxMultiplierBp, minesMultiplierBp } from '@wps/shared/originals/mines';
import { maxStakeForPayout } from '@wps/shared/originals/originals-common';
import { INHOUSE_MAX_PAYOUT_MINOR } from '@wps/shared/schemas/inhouse-settings';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import type { RotateSeedResult } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { call } from '../../../test/api-client';
import { expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance } from '../gateway/gateway.test-support';
import { stepHelpers } from './inhouse-steps.test-support';

// Mines and hi-lo played through their routes on the real database: the stake's bet at the start,
// the win at the cash-out (nothing when busted), the betting record and the revealed seed proving
// the rounds, the RTP fixed on the round, and the refusals, which move nothing.
describeEachDatabase('house originals played step by step: mines, hi-lo', (target) => {
  let t: TestApp;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    support = (await createTestOperator(t.app, 'support')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const { key, open, post, startMines, reveal, activeServerSeed, minesOf, safeTiles } = stepHelpers(() => t);

  it('mines: the bet at the start, a cash-out paying stake × the step’s multiplier, a mine paying nothing; the record and the revealed seed show both', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player, 'inhouse-mines');
    expect(s).toMatchObject({ game: 'mines', rtpBps: 9900 });

    const won = valueOf<SteppedRound>(await startMines(s, '1000', 3));
    expect(won).toMatchObject({ status: 'open', payoutMinor: '0', balanceMinor: '99000', multiplierBp: 9900 });
    // An open round never shows its mines.
    expect(won.outcome).not.toHaveProperty('minePositions');
    const mines = await minesOf(player, won);
    const [a, b] = safeTiles(mines);
    const first = valueOf<SteppedRound>(await reveal(s, won.roundId, a!));
    expect(first).toMatchObject({ status: 'open', multiplierBp: minesMultiplierBp(3, 1, 9900) });
    expect(first.outcome).not.toHaveProperty('minePositions');
    valueOf(await reveal(s, won.roundId, b!));
    const cashed = valueOf<SteppedRound>(await post('mines/cashout', s, { roundId: won.roundId }));
    const mult = minesMultiplierBp(3, 2, 9900);
    const pay = (1000n * BigInt(mult)) / 10_000n;
    expect(cashed).toMatchObject({ status: 'settled', multiplierBp: mult, payoutMinor: pay.toString() });
    expect(cashed.outcome).toMatchObject({ state: 'cashedOut', minePositions: mines, revealed: [a, b] });
    expect(await mainBalance(t.app, player.memberId)).toBe(99_000n + pay);

    const lost = valueOf<SteppedRound>(await startMines(s, '500', 5));
    const boom = (await minesOf(player, lost))[0]!;
    const busted = valueOf<SteppedRound>(await reveal(s, lost.roundId, boom));
    expect(busted).toMatchObject({
      status: 'settled',
      payoutMinor: '0',
      multiplierBp: 0,
      outcome: { state: 'busted' },
    });
    expect(await mainBalance(t.app, player.memberId)).toBe(99_000n + pay - 500n);

    const record = valueOf<BetRecordPage>(await call(t.app, 'GET', '/wps/bet-record', { token: player.token }));
    for (const [r, stake, payout] of [
      [won, '1000', pay.toString()],
      [lost, '500', '0'],
    ] as const)
      expect(record.list.find((row) => row.roundId === r.roundId)).toMatchObject({
        nodeId: 'inhouse-mines',
        gameName: 'Mines',
        stakeMinor: stake,
        payoutMinor: payout,
        status: 'settled',
      });

    const rotated = valueOf<RotateSeedResult>(await post('fair/rotate', s));
    const listed = rotated.current.rounds.find((r) => r.roundId === won.roundId)!;
    expect(minePositions(rotated.revealed.serverSeed, listed.clientSeed, listed.nonce, 3)).toEqual(
      (listed.outcome as { minePositions: number[] }).minePositions,
    );
  });

  it('mines: revealing the last safe tile cashes out on its own', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const r = valueOf<SteppedRound>(await startMines(s, '10', 24));
    const [only] = safeTiles(await minesOf(player, r));
    const done = valueOf<SteppedRound>(await reveal(s, r.roundId, only!));
    expect(done).toMatchObject({ status: 'settled', payoutMinor: '247', outcome: { state: 'cashedOut' } });
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 10n + 247n);
  });

  it('hi-lo: the odds and multiplier of each call, a cash-out after a correct call, a wrong call paying nothing', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player, 'inhouse-hilo');
    const r = valueOf<SteppedRound>(await post('hilo/start', s, { stakeMinor: '1000', idempotencyKey: key() }));
    expect(r).toMatchObject({ status: 'open', balanceMinor: '99000' });
    const seed = await activeServerSeed(player.memberId);
    const cards = (r.outcome as { cards: number[] }).cards;
    expect(cards).toEqual([hiloCard(seed, r.clientSeed, r.nonce, 0)]);
    expectFailure(await post('hilo/cashout', s, { roundId: r.roundId }), ErrorCode.MOVE_INVALID, 400);

    // Call the side the next card (read from the seed) wins, twice, with a skip between.
    const counts: number[] = [];
    let last = r;
    for (const [index, move] of (['call', 'skip', 'call'] as const).entries()) {
      const from = hiloRank(hiloCard(seed, r.clientSeed, r.nonce, index));
      const to = hiloRank(hiloCard(seed, r.clientSeed, r.nonce, index + 1));
      const pick =
        move === 'skip'
          ? 'skip'
          : from === 1
            ? to === 1
              ? 'lower'
              : 'higher'
            : from === 13
              ? to === 13
                ? 'higher'
                : 'lower'
              : to >= from
                ? 'higher'
                : 'lower';
      if (pick !== 'skip') counts.push(hiloWinRanks(from, pick));
      last = valueOf<SteppedRound>(await post('hilo/pick', s, { roundId: r.roundId, pick }));
      expect(last.status).toBe('open');
    }
    expect(last.multiplierBp).toBe(hiloMultiplierBp(counts, 9900));
    expect(last.outcome).toMatchObject({ picks: [expect.any(String), 'skip', expect.any(String)] });
    const cashed = valueOf<SteppedRound>(await post('hilo/cashout', s, { roundId: r.roundId }));
    const pay = (1000n * BigInt(last.multiplierBp)) / 10_000n;
    expect(cashed).toMatchObject({ status: 'settled', payoutMinor: pay.toString(), outcome: { state: 'cashedOut' } });
    expect(await mainBalance(t.app, player.memberId)).toBe(99_000n + pay);

    // A wrong call: the side the next card loses.
    const next = valueOf<SteppedRound>(await post('hilo/start', s, { stakeMinor: '100', idempotencyKey: key() }));
    const seed2 = await activeServerSeed(player.memberId);
    // Ranks 2…12: "higher" loses when the next is lower and "lower" when it is higher; an equal card
    // wins both, so it is skipped. At the edges the losing side is the other one than the card's.
    let busted = next;
    for (let index = 0; busted.status === 'open'; index++) {
      const from = hiloRank(hiloCard(seed2, next.clientSeed, next.nonce, index));
      const to = hiloRank(hiloCard(seed2, next.clientSeed, next.nonce, index + 1));
      const losing =
        from === 1
          ? to === 1
            ? 'higher'
            : 'lower'
          : from === 13
            ? to === 13
              ? 'lower'
              : 'higher'
            : to < from
              ? 'higher'
              : to > from
                ? 'lower'
                : 'skip';
      busted = valueOf<SteppedRound>(await post('hilo/pick', s, { roundId: next.roundId, pick: losing }));
    }
    expect(busted).toMatchObject({ status: 'settled', payoutMinor: '0', outcome: { state: 'busted' } });
    expect(await mainBalance(t.app, player.memberId)).toBe(99_000n + pay - 100n);
  });

  it('refuses bad moves and inputs with a 4xx, moving nothing', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-mines');
    const h = await open(player, 'inhouse-hilo');
    for (const mines of [0, 25, 1.5])
      expectFailure(await startMines(s, '100', mines), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await startMines(s, '5', 3), ErrorCode.STAKE_INVALID, 400);
    // 12 mines stop at the last step within the 10,000× cap: the house payout limit holds the stake
    // to what that step pays, not to what the last tile would (5,148,297×, 19 minor units).
    const byPayout = maxStakeForPayout(INHOUSE_MAX_PAYOUT_MINOR, minesMaxMultiplierBp({ mines: 12 }, 9900));
    expect(byPayout).toBeGreaterThan(10_000n);
    const capped = expectFailure(await startMines(s, String(byPayout + 1n), 12), ErrorCode.STAKE_INVALID, 400);
    expect(capped.value).toMatchObject({ maxStakeMinor: String(byPayout) });
    expectFailure(
      await post('hilo/start', s, { stakeMinor: '100', idempotencyKey: key() }),
      ErrorCode.GAME_NOT_FOUND,
      404,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n);

    const r = valueOf<SteppedRound>(await startMines(s, '100', 3));
    const [tile] = safeTiles(await minesOf(player, r));
    expectFailure(await reveal(s, r.roundId, 25), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await post('mines/cashout', s, { roundId: r.roundId }), ErrorCode.MOVE_INVALID, 400);
    valueOf(await reveal(s, r.roundId, tile!));
    expectFailure(await reveal(s, r.roundId, tile!), ErrorCode.MOVE_INVALID, 400);
    expectFailure(await post('hilo/pick', h, { roundId: r.roundId, pick: 'higher' }), ErrorCode.ROUND_NOT_OPEN, 409);
    expectFailure(await post('hilo/pick', h, { roundId: 'nope', pick: 'higher' }), ErrorCode.VALIDATION_FAILED, 400);
    // Another player's round is not theirs to move.
    const other = await createPlayer(t.app, 1_000n);
    const os = await open(other, 'inhouse-mines');
    expectFailure(await post('mines/cashout', os, { roundId: r.roundId }), ErrorCode.ROUND_NOT_OPEN, 409);
    valueOf(await post('mines/cashout', s, { roundId: r.roundId }));
    expectFailure(await post('mines/cashout', s, { roundId: r.roundId }), ErrorCode.ROUND_NOT_OPEN, 409);
    expect(await mainBalance(t.app, other.memberId)).toBe(1_000n);

    // The operator's RTP is fixed on the round at its start.
    valueOf(
      await call(t.app, 'PUT', '/ops/inhouse-games/inhouse-hilo/settings', {
        token: support,
        payload: { maxStakeMinor: '1000000', rtpBps: 9700, reason: 'set' },
      }),
    );
    const h2 = await open(player, 'inhouse-hilo');
    expect(
      valueOf<SteppedRound>(await post('hilo/start', h2, { stakeMinor: '100', idempotencyKey: key() })),
    ).toMatchObject({
      rtpBps: 9700,
      multiplierBp: 9700,
    });
  });
});
