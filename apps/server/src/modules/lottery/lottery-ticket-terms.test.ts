import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LotteryDrawView, LotteryTicketView } from '@wps/shared/schemas/lottery';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';

// A ticket is settled at the terms it was sold at (docs/decisions.md): the odds of its bet types
// and the per-draw cap in force when it was placed. An operator's change in the back office
// applies to the tickets placed after it, never to those already sold.

type OpsGame = {
  code: string;
  name: string;
  paytable: Record<string, { kind: string; multiplierBp: number }>;
  limits: Record<string, string>;
  closeBeforeSeconds: number;
  sortOrder: number;
};

const START = Date.parse('2026-11-27T10:00:05.000Z');
const GAME = 'E5D-1';
/** A stake of 1.00 on each digit at the first position: exactly one of a player's ten tickets wins. */
const STAKE = 100n;

describeEachDatabase('lottery: a ticket is settled at the odds and the cap it was sold at', (target) => {
  let t: TestApp;
  let clock = START;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    admin = (await createTestOperator(t.app, 'admin')).token;
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const readGame = async (): Promise<OpsGame> =>
    valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: admin })).find((g) => g.code === GAME)!;

  /** The operator changes the game through the back office, as a person would. */
  const changeGame = async (change: (g: OpsGame) => Pick<OpsGame, 'paytable' | 'limits'>, reason: string) => {
    const game = await readGame();
    valueOf(
      await call(t.app, 'PUT', `/ops/lottery/games/${GAME}`, {
        token: admin,
        payload: {
          name: game.name,
          ...change(game),
          status: 'active',
          closeBeforeSeconds: game.closeBeforeSeconds,
          sortOrder: game.sortOrder,
          reason,
        },
      }),
    );
  };

  const openDraw = async (player: Player): Promise<LotteryDrawView> =>
    valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${GAME}`, { token: player.token }),
    ).current;

  /** Ten tickets, one per digit at the first position, through the player's ticket endpoint. */
  const betEveryDigit = async (player: Player, numero: string) => {
    for (let digit = 0; digit < 10; digit++) {
      valueOf(
        await call(t.app, 'POST', '/lgw/tickets', {
          token: player.token,
          payload: {
            gameCode: GAME,
            numero,
            idempotencyKey: `terms-${crypto.randomBytes(8).toString('hex')}`,
            selections: [{ betType: 'position', position: 1, numbers: [digit], stakePerLineMinor: STAKE.toString() }],
          },
        }),
      );
    }
  };

  /** The draw drawn and settled by the lottery's clock, as in production. */
  const settle = async (draw: LotteryDrawView) => {
    clock = Date.parse(draw.drawAt) + 1000;
    await t.app.services.lottery.runClock();
    await t.app.services.lottery.runClock();
  };

  /** The player's one winning ticket of the draw, as the player's ticket list shows it. */
  const winningTicket = async (player: Player, numero: string): Promise<LotteryTicketView> => {
    const page = valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', '/lgw/tickets?status=settled&size=50', { token: player.token }),
    );
    const mine = page.list.filter((x) => x.numero === numero);
    expect(mine).toHaveLength(10);
    const won = mine.filter((x) => x.status === 'won');
    expect(won).toHaveLength(1);
    return won[0]!;
  };

  it('tickets sold at 9.8x pay 9.80 after the operator lowers the odds to 5x; a ticket sold after the change pays at 5x', async () => {
    const before = await createPlayer(t.app, 5000n);
    const after = await createPlayer(t.app, 5000n);
    const draw = await openDraw(before);
    expect((await readGame()).paytable.position!.multiplierBp).toBe(98_000);

    await betEveryDigit(before, draw.numero);
    await changeGame(
      (g) => ({ paytable: { ...g.paytable, position: { kind: 'fixed', multiplierBp: 50_000 } }, limits: g.limits }),
      'position odds lowered to 5x',
    );
    await betEveryDigit(after, draw.numero);
    await settle(draw);

    const wonBefore = await winningTicket(before, draw.numero);
    expect(wonBefore).toMatchObject({ payout: '9.80', payoutMinor: '980' });
    expect(await mainBalance(t.app, before.memberId)).toBe(5000n - 10n * STAKE + 980n);
    const wonAfter = await winningTicket(after, draw.numero);
    expect(wonAfter).toMatchObject({ payout: '5.00', payoutMinor: '500' });
    expect(await mainBalance(t.app, after.memberId)).toBe(5000n - 10n * STAKE + 500n);
  });

  it("a per-draw cap lowered after a ticket was sold does not scale that ticket's win; a ticket sold after it is scaled by it", async () => {
    const before = await createPlayer(t.app, 5000n);
    const after = await createPlayer(t.app, 5000n);
    const draw = await openDraw(before);
    const limits = (await readGame()).limits;
    expect(BigInt(limits.perDrawMinor!)).toBeGreaterThan(1000n);

    // At 5x (the first test's change) each player's winning ticket would pay 5.00: 10.00 in all.
    await betEveryDigit(before, draw.numero);
    const cap = 600n;
    await changeGame(
      (g) => ({
        paytable: g.paytable,
        limits: { ...g.limits, perTicketMinor: cap.toString(), perDrawMinor: cap.toString() },
      }),
      'per-draw cap lowered',
    );
    await betEveryDigit(after, draw.numero);
    await settle(draw);

    // The draw's gross is 1,000: over the later ticket's cap of 600 (scaled by 600 / 1,000), under
    // the earlier ticket's (the limit in force when it was sold).
    expect(await winningTicket(before, draw.numero)).toMatchObject({ payout: '5.00', payoutMinor: '500' });
    expect(await mainBalance(t.app, before.memberId)).toBe(5000n - 10n * STAKE + 500n);
    expect(await winningTicket(after, draw.numero)).toMatchObject({ payout: '3.00', payoutMinor: '300' });
    expect(await mainBalance(t.app, after.memberId)).toBe(5000n - 10n * STAKE + 300n);
  });
});
