import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { hashServerSeed } from '@wps/shared/provably-fair';
import { drawFairResult } from '@wps/shared/lottery/fair-draw';
import type {
  LotteryDrawView,
  LotteryGameMenu,
  LotteryMenuGroup,
  LotteryTicketView,
} from '@wps/shared/schemas/lottery';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';
import { NORTHERN_RESULT_ENDING_27 } from '../../../test/lottery-fixtures';

type Placed = { ticket: LotteryTicketView; balanceMinor: string | null; replayed: boolean };
type OpsGame = {
  code: string;
  paytable: Record<string, { kind: string; multiplierBp: number }>;
  limits: Record<string, string>;
};
type OpsDraw = LotteryDrawView & { drawId: string };

function key(): string {
  return `k-${crypto.randomBytes(8).toString('hex')}`;
}

// A minute and five seconds past noon UTC: the 1-minute game's open draw is at 12:01:00 and
// closes at 12:00:50; the Vietnamese north draw (18:15 in Ho Chi Minh City, 11:15 UTC) is
// tomorrow's, its betting open since today's draw.
const START = Date.parse('2026-11-24T12:00:05.000Z');

describeEachDatabase('lottery: tickets through the seamless wallet, draws decided and settled once', (target) => {
  let t: TestApp;
  let clock = START;
  let finance: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    finance = (await createTestOperator(t.app, 'finance')).token;
    admin = (await createTestOperator(t.app, 'admin')).token;
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  async function place(player: Player, body: Record<string, unknown>) {
    return call(t.app, 'POST', '/lgw/tickets', { token: player.token, payload: { idempotencyKey: key(), ...body } });
  }

  async function opened(
    gameCode: string,
    player: Player,
  ): Promise<{ current: LotteryDrawView | null; last: LotteryDrawView | null }> {
    return valueOf(
      await call(t.app, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`, { token: player.token }),
    );
  }

  async function game(code: string): Promise<OpsGame> {
    const games = valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: finance }));
    return games.find((g) => g.code === code)!;
  }

  async function drawId(gameCode: string, numero: string): Promise<string> {
    const page = valueOf<{ list: OpsDraw[] }>(
      await call(t.app, 'GET', `/ops/lottery/draws?gameCode=${gameCode}&size=100`, { token: finance }),
    );
    return page.list.find((d) => d.numero === numero)!.drawId;
  }

  async function tickets(player: Player, status: 'open' | 'settled'): Promise<LotteryTicketView[]> {
    return valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', `/lgw/tickets?status=${status}`, { token: player.token }),
    ).list;
  }

  it("the clock sleeps until the draws' next event: the 1-minute game's cut-off at 12:00:50", async () => {
    // 12:00:05 now; nothing closes, opens or is drawn before 12:00:50.
    expect(await t.app.services.lottery.clockSleepMs(60_000)).toBe(45_005);
    expect(await t.app.services.lottery.clockSleepMs(10_000)).toBe(10_000);
  });

  it('lists the games by menu group and the Vietnamese draws by region, each with the draw taking bets', async () => {
    const menus = valueOf<LotteryMenuGroup[]>(await call(t.app, 'GET', '/lgw/games/game_menus?prizeMode=Elott'));
    const digits = menus.find((g) => g.gameGroupCode === 'digits')!;
    expect(digits.gameMenus.map((m) => m.gameCode)).toEqual(['E5D-1', 'E3D-3']);
    expect(digits.gameMenus[0]!.current).toMatchObject({
      numero: '20261124-0541',
      closesAt: '2026-11-24T12:00:50.000Z',
      drawAt: '2026-11-24T12:01:00.000Z',
      serverSeed: null,
    });
    expect(digits.gameMenus[0]!.current!.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing decided yet; the lobby's countdowns run on the server's time of the answer.
    expect(digits.gameMenus[0]!).toMatchObject({ last: null, serverTime: '2026-11-24T12:00:05.000Z' });

    const vn = valueOf<LotteryMenuGroup[]>(
      await call(t.app, 'GET', '/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB'),
    );
    expect(vn.map((g) => [g.gameGroupCode, g.accountTypeName, g.gameMenus.map((m) => m.gameCode)])).toEqual([
      ['north', 'VN', ['VN-MB']],
      ['central', 'VN', ['VN-MT']],
      ['south', 'VN', ['VN-MN']],
    ]);
    expect(vn[0]!.gameMenus[0]!.current).toMatchObject({
      numero: '20261125',
      drawAt: '2026-11-25T11:15:00.000Z',
      closesAt: '2026-11-25T11:00:00.000Z',
    });

    const popular = valueOf<unknown[]>(await call(t.app, 'GET', '/lgw/games/popular?count=20'));
    expect(popular).toHaveLength(10);
  });

  it('a quick draw: bet, the draw decided from its committed seed, the one winning line paid once', async () => {
    clock = START;
    const player = await createPlayer(t.app, 5000n);
    const { current } = await opened('E5D-1', player);
    // Every digit at the first position: exactly one line wins.
    const placed = valueOf<Placed>(
      await place(player, {
        gameCode: 'E5D-1',
        selections: [
          { betType: 'position', position: 1, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], stakePerLineMinor: '100' },
        ],
      }),
    );
    expect(placed.ticket).toMatchObject({ status: 'open', stakeMinor: '1000', numero: current!.numero });
    expect(await mainBalance(t.app, player.memberId)).toBe(4000n);

    clock = Date.parse(current!.drawAt) + 1000;
    await t.app.services.lottery.runClock();
    const numeros = valueOf<LotteryDrawView[]>(
      await call(t.app, 'GET', '/lgw/vn/numeros/opened/game?gameCode=E5D-1&count=100'),
    );
    const decided = numeros.find((d) => d.numero === current!.numero)!;
    expect(decided.status).toBe('settled');
    expect(hashServerSeed(decided.serverSeed!)).toBe(current!.serverSeedHash);
    expect(decided.result).toEqual(drawFairResult('digits5', decided.serverSeed!, `E5D-1:${current!.numero}`));
    // The lobby's card shows that draw as the game's last result (every list of games carries it); a game not drawn yet has none.
    const lobby = valueOf<LotteryMenuGroup[]>(await call(t.app, 'GET', '/lgw/games/game_menus?prizeMode=Elott'));
    const cards = new Map(lobby.flatMap((g) => g.gameMenus).map((m) => [m.gameCode, m]));
    expect(cards.get('E5D-1')!.last).toEqual(decided);
    expect(cards.get('E5D-1')!.serverTime).toBe(new Date(clock).toISOString());
    expect(cards.get('E3D-3')!.last).toBeNull();
    const popular = valueOf<LotteryGameMenu[]>(await call(t.app, 'GET', '/lgw/games/popular?count=20'));
    expect(popular.find((m) => m.gameCode === 'E5D-1')!.last).toEqual(decided);

    const multiplier = BigInt((await game('E5D-1')).paytable.position!.multiplierBp);
    // The slip reads the same odds to show each pick's potential payout; an unknown game is refused by its code.
    expect(valueOf(await call(t.app, 'GET', '/lgw/games/paytable?gameCode=E5D-1'))).toEqual({
      gameCode: 'E5D-1',
      family: 'digits5',
      paytable: (await game('E5D-1')).paytable,
    });
    expectFailure(
      await call(t.app, 'GET', '/lgw/games/paytable?gameCode=NO-SUCH'),
      ErrorCode.LOTTERY_GAME_NOT_FOUND,
      404,
    );
    const win = (100n * multiplier) / 10000n;
    const [ticket] = await tickets(player, 'settled');
    expect(ticket).toMatchObject({ ticketId: placed.ticket.ticketId, status: 'won', payoutMinor: win.toString() });
    expect(await mainBalance(t.app, player.memberId)).toBe(4000n + win);

    // The draw job running again (another instance, a restart) pays nothing more.
    await t.app.services.lottery.runClock();
    await t.app.services.lottery.settlement.finishDue();
    expect(await mainBalance(t.app, player.memberId)).toBe(4000n + win);
  });

  it('a double-click places one ticket; the same key on another slip is refused', async () => {
    const player = await createPlayer(t.app, 5000n);
    const idempotencyKey = key();
    const body = {
      gameCode: 'E5D-1',
      idempotencyKey,
      selections: [{ betType: 'last2', numbers: [27], stakePerLineMinor: '100' }],
    };
    const [a, b] = await Promise.all([place(player, body), place(player, body)]);
    const first = valueOf<Placed>(a);
    const second = valueOf<Placed>(b);
    expect(second.ticket.ticketId).toBe(first.ticket.ticketId);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(await mainBalance(t.app, player.memberId)).toBe(4900n);
    expectFailure(
      await place(player, { ...body, selections: [{ betType: 'last2', numbers: [28], stakePerLineMinor: '100' }] }),
      ErrorCode.DUPLICATE_TRANSACTION,
      409,
    );
  });

  it('recent games are the ones the player bet on, the latest first; a visitor is asked to sign in', async () => {
    const player = await createPlayer(t.app, 5000n);
    const recent = async () =>
      valueOf<LotteryGameMenu[]>(
        await call(t.app, 'GET', '/lgw/vn/games/game_menu/recent', { token: player.token }),
      ).map((m) => m.gameCode);
    const bet = async (gameCode: string, selection: Record<string, unknown>) =>
      valueOf<Placed>(await place(player, { gameCode, selections: [{ ...selection, stakePerLineMinor: '100' }] }));
    expect(await recent()).toEqual([]);
    await bet('E5D-1', { betType: 'last2', numbers: [1] });
    await bet('E3D-3', { betType: 'straight', numbers: [321] });
    expect(await recent()).toEqual(['E3D-3', 'E5D-1']);
    await bet('E5D-1', { betType: 'last2', numbers: [2] });
    expect(await recent()).toEqual(['E5D-1', 'E3D-3']);
    expectFailure(await call(t.app, 'GET', '/lgw/vn/games/game_menu/recent'), ErrorCode.UNAUTHORIZED, 401);
  });

  it("favourites are kept per player on the server, in the order starred; another player's are their own", async () => {
    const [a, b] = [await createPlayer(t.app, 0n), await createPlayer(t.app, 0n)];
    const mark = (p: Player, code: string, favourite: boolean) =>
      call(t.app, 'PUT', `/lgw/favourites/${code}`, { token: p.token, payload: { favourite } });
    const list = async (p: Player) =>
      valueOf<string[]>(await call(t.app, 'GET', '/lgw/favourites', { token: p.token }));
    expect(await list(a)).toEqual([]);
    expect(valueOf<string[]>(await mark(a, 'VN-MN', true))).toEqual(['VN-MN']);
    expect(valueOf<string[]>(await mark(a, 'E5D-1', true))).toEqual(['VN-MN', 'E5D-1']);
    // Starring twice keeps one entry; the other player sees none of them.
    expect(valueOf<string[]>(await mark(a, 'VN-MN', true))).toEqual(['VN-MN', 'E5D-1']);
    expect(await list(b)).toEqual([]);
    expect(valueOf<string[]>(await mark(a, 'VN-MN', false))).toEqual(['E5D-1']);
    expect(await list(a)).toEqual(['E5D-1']);
    expectFailure(await mark(a, 'NO-SUCH-GAME', true), ErrorCode.LOTTERY_GAME_NOT_FOUND, 404);
    expectFailure(await call(t.app, 'GET', '/lgw/favourites'), ErrorCode.UNAUTHORIZED, 401);
  });

  it('the cut-off is the server clock: a bet a millisecond before it is taken, one at it is refused', async () => {
    const player = await createPlayer(t.app, 5000n);
    // The clock only goes forward: an earlier test settled the draws around START.
    clock = START + 10 * 60_000;
    await t.app.services.lottery.runClock();
    const { current } = await opened('E5D-1', player);
    const slip = {
      gameCode: 'E5D-1',
      numero: current!.numero,
      selections: [{ betType: 'position', position: 2, numbers: [7], stakePerLineMinor: '50' }],
    };
    clock = Date.parse(current!.closesAt) - 1;
    expect(valueOf<Placed>(await place(player, slip)).ticket.status).toBe('open');
    clock = Date.parse(current!.closesAt);
    expectFailure(await place(player, slip), ErrorCode.LOTTERY_DRAW_CLOSED, 409);
    expect(await mainBalance(t.app, player.memberId)).toBe(4950n);
  });

  it('refuses bad slips with stable codes and writes nothing', async () => {
    clock = START + 20 * 60_000;
    await t.app.services.lottery.runClock();
    const player = await createPlayer(t.app, 5000n);
    expectFailure(
      await place(player, {
        gameCode: 'NOPE',
        selections: [{ betType: 'position', position: 1, numbers: [1], stakePerLineMinor: '100' }],
      }),
      ErrorCode.LOTTERY_GAME_NOT_FOUND,
      404,
    );
    expectFailure(
      await place(player, {
        gameCode: 'E5D-1',
        selections: [{ betType: 'position', position: 6, numbers: [1], stakePerLineMinor: '100' }],
      }),
      ErrorCode.LOTTERY_SELECTION_INVALID,
      400,
    );
    expectFailure(
      await place(player, {
        gameCode: 'E5D-1',
        selections: [{ betType: 'position', position: 1, numbers: [1], stakePerLineMinor: '5' }],
      }),
      ErrorCode.LOTTERY_STAKE_INVALID,
      400,
    );
    expectFailure(
      await place(player, {
        gameCode: 'E5D-1',
        selections: [{ betType: 'position', position: 1, numbers: [1], stakePerLineMinor: '6000' }],
      }),
      ErrorCode.INSUFFICIENT_FUNDS,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(5000n);
    expect(await tickets(player, 'open')).toEqual([]);
  });

  it('a liability limit trims a stake to the room left, or refuses it when asked to', async () => {
    clock = START + 30 * 60_000;
    await t.app.services.lottery.runClock();
    const g = await game('E3D-3');
    const multiplier = BigInt(g.paytable.straight!.multiplierBp);
    // Room for exactly 1,000 × the straight's multiplier on one number.
    const perKey = (1000n * multiplier) / 10000n;
    await call(t.app, 'PUT', '/ops/lottery/games/E3D-3', {
      token: admin,
      payload: {
        name: 'Lotto 3D',
        paytable: g.paytable,
        limits: { ...g.limits, perKeyMinor: perKey.toString() },
        status: 'active',
        closeBeforeSeconds: 15,
        sortOrder: 20,
        reason: 'limit test',
      },
    }).then((res) => valueOf(res));
    const a = await createPlayer(t.app, 50_000n);
    const b = await createPlayer(t.app, 50_000n);
    const first = valueOf<Placed>(
      await place(a, {
        gameCode: 'E3D-3',
        selections: [{ betType: 'straight', numbers: [123], stakePerLineMinor: '600' }],
      }),
    );
    expect(first.ticket.selections[0]).toMatchObject({ stakePerLineMinor: '600' });
    expectFailure(
      await place(b, {
        gameCode: 'E3D-3',
        onLimit: 'refuse',
        selections: [{ betType: 'straight', numbers: [123], stakePerLineMinor: '600' }],
      }),
      ErrorCode.LOTTERY_LIMIT_EXCEEDED,
      409,
    );
    const trimmed = valueOf<Placed>(
      await place(b, {
        gameCode: 'E3D-3',
        selections: [{ betType: 'straight', numbers: [123], stakePerLineMinor: '600' }],
      }),
    );
    expect(trimmed.ticket.selections[0]).toMatchObject({ stakePerLineMinor: '400', requestedPerLineMinor: '600' });
    expect(trimmed.ticket.stakeMinor).toBe('400');
    expect(await mainBalance(t.app, b.memberId)).toBe(49_600n);
    // Another number has its own room.
    expect(
      valueOf<Placed>(
        await place(b, {
          gameCode: 'E3D-3',
          selections: [{ betType: 'straight', numbers: [124], stakePerLineMinor: '600' }],
        }),
      ).ticket.stakeMinor,
    ).toBe('600');
  });

  it('Vietnam: lô and đề settled from a result one operator typed in and another approved', async () => {
    clock = START + 40 * 60_000;
    await t.app.services.lottery.runClock();
    const player = await createPlayer(t.app, 10_000n);
    const slip = [
      { betType: 'lo', numbers: [27, 99], stakePerLineMinor: '100' },
      { betType: 'de', numbers: [27], stakePerLineMinor: '100' },
      { betType: 'xien2', numbers: [22, 27], stakePerLineMinor: '100' },
    ];
    const placed = valueOf<Placed>(await place(player, { gameCode: 'VN-MB', selections: slip }));
    expect(placed.ticket).toMatchObject({ numero: '20261125', stakeMinor: '400' });

    const id = await drawId('VN-MB', '20261125');
    const result = NORTHERN_RESULT_ENDING_27;
    expectFailure(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/results`, { token: finance, payload: { result } }),
      ErrorCode.LOTTERY_DRAW_NOT_DUE,
      409,
    );
    clock = Date.parse('2026-11-25T11:16:00.000Z');
    await t.app.services.lottery.runClock();
    expectFailure(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/results`, {
        token: finance,
        payload: { result: { kind: 'prizes', prizes: [] } },
      }),
      ErrorCode.LOTTERY_RESULT_INVALID,
      400,
    );
    const entry = valueOf<{ entryId: string }>(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/results`, { token: finance, payload: { result } }),
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/lottery/results/${entry.entryId}/review`, {
        token: finance,
        payload: { approve: true },
      }),
      ErrorCode.LOTTERY_RESULT_SAME_OPERATOR,
      403,
    );
    await t.app.services.lottery.runClock();
    expect((await tickets(player, 'open')).map((x) => x.ticketId)).toEqual([placed.ticket.ticketId]);
    valueOf(
      await call(t.app, 'POST', `/ops/lottery/results/${entry.entryId}/review`, {
        token: admin,
        payload: { approve: true },
      }),
    );
    await t.app.services.lottery.runClock();

    const pay = (await game('VN-MB')).paytable;
    const lo = (100n * BigInt(pay.lo!.multiplierBp * 2)) / 10000n;
    const de = (100n * BigInt(pay.de!.multiplierBp)) / 10000n;
    const xien = (100n * BigInt(pay.xien2!.multiplierBp)) / 10000n;
    const [ticket] = await tickets(player, 'settled');
    expect(ticket).toMatchObject({ status: 'won', payoutMinor: (lo + de + xien).toString() });
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 400n + lo + de + xien);
  });

  it('a voided draw refunds every stake once, and cannot be voided twice', async () => {
    clock = Date.parse('2026-11-25T11:20:05.000Z');
    await t.app.services.lottery.runClock();
    const a = await createPlayer(t.app, 3000n);
    const b = await createPlayer(t.app, 3000n);
    const { current } = await opened('EKENO-5', a);
    valueOf(
      await place(a, {
        gameCode: 'EKENO-5',
        selections: [{ betType: 'pick', numbers: [1, 2, 3, 4, 5], stakePerLineMinor: '500' }],
      }),
    );
    valueOf(
      await place(b, {
        gameCode: 'EKENO-5',
        selections: [{ betType: 'pick', numbers: [7], stakePerLineMinor: '700' }],
      }),
    );
    expect(await mainBalance(t.app, a.memberId)).toBe(2500n);
    const id = await drawId('EKENO-5', current!.numero);
    expectFailure(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/void`, { token: finance, payload: { reason: 'x' } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    valueOf(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/void`, {
        token: finance,
        payload: { reason: 'draw machine fault' },
      }),
    );
    await Promise.all([t.app.services.lottery.runClock(), t.app.services.lottery.settlement.finishDue()]);
    expect(await mainBalance(t.app, a.memberId)).toBe(3000n);
    expect(await mainBalance(t.app, b.memberId)).toBe(3000n);
    expect((await tickets(a, 'settled'))[0]).toMatchObject({ status: 'refunded' });
    expectFailure(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/void`, {
        token: finance,
        payload: { reason: 'again please' },
      }),
      ErrorCode.LOTTERY_DRAW_STATE,
      409,
    );
    await t.app.services.lottery.runClock();
    expect(await mainBalance(t.app, a.memberId)).toBe(3000n);
  });

  it('support reads the lottery but cannot enter results; players cannot reach the back office', async () => {
    const support = (await createTestOperator(t.app, 'support')).token;
    valueOf(await call(t.app, 'GET', '/ops/lottery/games', { token: support }));
    expectFailure(
      await call(t.app, 'POST', '/ops/lottery/draws/1/void', { token: support, payload: { reason: 'not mine' } }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    const player = await createPlayer(t.app);
    expect((await call(t.app, 'GET', '/ops/lottery/games', { token: player.token })).statusCode).toBe(401);
  });
});
