import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LotteryDrawView, LotteryTicketView } from '@wps/shared/schemas/lottery';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { SANDBOX_SEAMLESS } from '../gateway/gateway.service';
import { createPlayer, injectCallback, launchToken, mainBalance, type Player } from '../gateway/gateway.test-support';
import { bonusBalance, giveBonus } from './bonus.test-support';

// While a player holds bonus money under an active bonus, the bonus's maximum stake holds per
// round as well as per bet (docs/decisions.md, "Bonus money"; migration 0441): several bets of one
// round, a vendor's or a player's lottery tickets on one draw (one round per player and draw),
// may not add up past it. Both through the real HTTP path: a signed vendor callback, and the
// player's ticket endpoint.

const SECRET = crypto.randomBytes(24).toString('hex');
const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;
const START = Date.parse('2026-11-27T14:00:05.000Z');
const MAX_STAKE = 2_000n;
const BONUS = 5_000n;

describeEachDatabase("a bonus's maximum stake holds per round", (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => START });
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://vendor.test/play',
      apiUrl: null,
      secret: SECRET,
      requestTimeoutMs: 500,
    });
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  /** A player holding only bonus money, under an active bonus whose maximum stake is 2,000. */
  async function bonusPlayer(): Promise<Player> {
    const player = await createPlayer(t.app, 0n);
    await giveBonus(t.app, player.memberId, BONUS, { wageringMultiple: 10, maxStakeMinor: MAX_STAKE.toString() });
    expect(await bonusBalance(t.app, player.memberId)).toBe(BONUS);
    return player;
  }

  it('two seamless bets of 1,500 and 600 in one round: the second refused with the round’s stake; in a new round it is taken', async () => {
    const player = await bonusPlayer();
    const token = await launchToken(t.app, player, 'SBX-slot-01', SANDBOX_SEAMLESS);
    const { sessionToken } = valueOf<{ sessionToken: string }>(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
    );
    const bet = (roundId: string, amountMinor: bigint, transactionId = id('b')) =>
      injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', {
        sessionToken,
        playerId: player.memberId,
        transactionId,
        roundId,
        gameId: 'SBX-slot-01',
        amountMinor: amountMinor.toString(),
      });

    const round = id('r');
    expect(valueOf<{ balanceMinor: string }>(await bet(round, 1_500n)).balanceMinor).toBe('3500');
    // 1,500 + 600 passes 2,000: refused, a stored refusal (its replay answers the same).
    const second = id('b');
    for (let i = 0; i < 2; i++) {
      const refused = expectFailure(await bet(round, 600n, second), ErrorCode.BONUS_MAX_STAKE_EXCEEDED, 409);
      expect(refused.value).toMatchObject({ maxStakeMinor: '2000', roundStakeMinor: '1500' });
      expect(refused.message).toMatch(/round/);
    }
    expect(await bonusBalance(t.app, player.memberId)).toBe(BONUS - 1_500n);
    // Up to the maximum the round still takes a bet: 1,500 + 500 = 2,000.
    expect(valueOf<{ balanceMinor: string }>(await bet(round, 500n)).balanceMinor).toBe('3000');
    // The same 600 in a round of its own is under the maximum.
    expect(valueOf<{ balanceMinor: string }>(await bet(id('r'), 600n)).balanceMinor).toBe('2400');
    expect(await bonusBalance(t.app, player.memberId)).toBe(BONUS - 1_500n - 500n - 600n);
    expect(await mainBalance(t.app, player.memberId)).toBe(0n);
  });

  it("three lottery tickets of 800 on one draw: the one taking the player's draw past 2,000 is refused, the others stand", async () => {
    const player = await bonusPlayer();
    const draw = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=E5D-1', { token: player.token }),
    ).current;
    const place = (digit: number) =>
      call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: {
          gameCode: 'E5D-1',
          numero: draw.numero,
          idempotencyKey: id('ticket'),
          selections: [{ betType: 'position', position: 1, numbers: [digit], stakePerLineMinor: '800' }],
        },
      });

    expect(valueOf<{ balanceMinor: string }>(await place(1)).balanceMinor).toBe('4200');
    expect(valueOf<{ balanceMinor: string }>(await place(2)).balanceMinor).toBe('3400');
    // The player's tickets on a draw are one round: 1,600 + 800 passes 2,000.
    const refused = expectFailure(await place(3), ErrorCode.BONUS_MAX_STAKE_EXCEEDED, 409);
    expect(refused.value).toMatchObject({ maxStakeMinor: '2000', roundStakeMinor: '1600' });

    const open = valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', '/lgw/tickets?status=open', { token: player.token }),
    ).list;
    expect(open.map((x) => [x.numero, x.stakeMinor])).toEqual([
      [draw.numero, '800'],
      [draw.numero, '800'],
    ]);
    expect(await bonusBalance(t.app, player.memberId)).toBe(BONUS - 1_600n);
    expect(await mainBalance(t.app, player.memberId)).toBe(0n);
  });
});
