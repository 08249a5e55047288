import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import type { GameList, VendorLanes } from '@wps/shared/schemas/catalogue';
import type { LotteryDrawView, LotteryMenuGroup } from '@wps/shared/schemas/lottery';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';

const START = Date.parse('2026-11-24T12:00:05.000Z');

describeEachDatabase('lottery: in the catalogue, launched into its own pages, and in the betting record', (target) => {
  let t: TestApp;
  let player: Player;
  let clock = START;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    player = await createPlayer(t.app, 10_000n);
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });

  const relay = (name: string, payload: unknown = {}, token?: string) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { payload, ...(token ? { token } : {}) });
  const launch = (payload: Record<string, unknown>, token = player.token) =>
    call(t.app, 'POST', '/wps/game/launchGame', { token, payload });

  it('lists the quick draws under ELOTT and the daily draws under LOTT, each game a lottery game of the same code', async () => {
    const { lanes } = valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor', { platform: 'html5-desktop' }));
    expect(lanes.find((l) => l.title === 'ELOTT')!.cards.map((c) => c.vassalage)).toEqual(['ILE']);
    expect(lanes.find((l) => l.title === 'LOTT')!.cards.map((c) => c.vassalage)).toEqual(['ILT']);

    const menus = [...valueOf<LotteryMenuGroup[]>(await call(t.app, 'GET', '/lgw/games/game_menus'))].flatMap((g) =>
      g.gameMenus.map((m) => [m.gameCode, m.prizeMode] as const),
    );
    const byCode = new Map(menus);
    for (const [vassalage, modes] of [
      ['ILE', ['Elott']],
      ['ILT', ['Lott', 'SEA']],
    ] as const) {
      const { games: list } = valueOf<GameList>(
        await relay('GCSGAME_gameList', { vassalage, pageSize: 50 }, player.token),
      );
      expect(list.length).toBeGreaterThan(0);
      for (const game of list) expect(modes as readonly string[]).toContain(byCode.get(game.nodeId));
    }
    expect(byCode.size).toBe(10);
  });

  it('a launch opens the lottery page of the game, with the lobby launch fields, and no token in the URL', async () => {
    const base = { accountType: 1, confirmTrans: 0, platform: 'html5-desktop', clientType: 3, language: 'pt' };
    const url = async (payload: Record<string, unknown>) =>
      valueOf<{ game_url: string }>(await launch({ ...base, ...payload })).game_url;

    expect(await url({ nodeId: 'E5D-1', vassalage: 'ILE', launchMode: 'GLS' })).toBe('/lottery?gameCode=E5D-1');
    expect(await url({ nodeId: 'VN-MB', vassalage: 'ILT', launchMode: 'GLS' })).toBe('/vnlottery?gameCode=VN-MB');
    expect(await url({ nodeId: 'SEA-N5', vassalage: 'ILT', launchMode: 'GLS' })).toBe('/seaLottery?gameCode=SEA-N5');
    // The original client's lottery lobby launch.
    expect(
      await url({
        nodeId: 'VN-MN',
        vassalage: 'ILT',
        launchMode: 'LOTT',
        lottoArea: 'VN',
        prizeMode: 'Lott',
        gameCode: 'VN-MN',
        view: 'betting',
        device: 'WEB',
        backUrl: 'https://x.test/',
      }),
    ).toBe('/vnlottery?gameCode=VN-MN&view=betting');
    expect(
      await url({
        nodeId: 'E3D-3',
        vassalage: 'ILE',
        launchMode: 'LOTT',
        prizeMode: 'Elott',
        playType: 'box',
        view: 'lobby',
      }),
    ).toBe('/lottery?gameCode=E3D-3&playType=box&view=lobby');

    expectFailure(await launch({ ...base, nodeId: 'E5D-1', vassalage: 'ILT' }), 'GAME_NOT_FOUND', 404);
    expectFailure(
      await launch({ ...base, nodeId: 'E5D-1', vassalage: 'ILE', view: 'everything' }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(await launch({ ...base, nodeId: 'E5D-1', vassalage: 'ILE' }, 'not-a-token'), 'UNAUTHORIZED', 401);
  });

  it("the betting record shows a player's tickets on a draw as one round with their selections, then the result and seed of the draw once decided", async () => {
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=EK3-1', { token: player.token }),
    );
    const selections = [
      { betType: 'sum_size', option: 'big', stakePerLineMinor: '100' },
      { betType: 'sum_size', option: 'small', stakePerLineMinor: '100' },
    ];
    valueOf(
      await call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: { gameCode: 'EK3-1', selections, idempotencyKey: 'record-ticket-1' },
      }),
    );
    valueOf(
      await call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: {
          gameCode: 'EK3-1',
          selections: [{ betType: 'sum', numbers: [10], stakePerLineMinor: '50' }],
          idempotencyKey: 'record-ticket-2',
        },
      }),
    );
    const record = async () =>
      valueOf<BetRecordPage>(await call(t.app, 'GET', '/wps/bet-record?vassalage=ILE', { token: player.token })).list;

    const [open] = await record();
    expect(open).toMatchObject({
      vassalage: 'ILE',
      vendorName: 'Quick Lottery',
      nodeId: 'EK3-1',
      gameName: 'Quick 3 Dice',
      stakeMinor: '250',
      status: 'open',
    });
    expect(open!.lottery).toMatchObject({
      gameCode: 'EK3-1',
      numero: current.numero,
      drawStatus: 'open',
      result: null,
      serverSeed: null,
      serverSeedHash: current.serverSeedHash,
    });
    expect(
      open!.lottery!.tickets.map((x) => ({ status: x.status, stake: x.stakeMinor, payout: x.payoutMinor })),
    ).toEqual([
      { status: 'open', stake: '200', payout: null },
      { status: 'open', stake: '50', payout: null },
    ]);
    expect(open!.lottery!.tickets[0]!.selections.map((s) => s.option)).toEqual(['big', 'small']);
    expect(open!.lottery!.tickets[1]!.selections).toMatchObject([{ betType: 'sum', numbers: [10] }]);
    expect(open!.fair).toBeNull();

    clock = Date.parse(current.drawAt) + 1000;
    await t.app.services.lottery.runClock();
    const [settled] = await record();
    expect(settled!.status).toBe('settled');
    expect(settled!.lottery!.drawStatus).toBe('settled');
    expect(settled!.lottery!.tickets.every((x) => /^(won|lost)$/.test(x.status))).toBe(true);
    expect(BigInt(settled!.payoutMinor)).toBe(
      settled!.lottery!.tickets.reduce((sum, x) => sum + BigInt(x.payoutMinor!), 0n),
    );
    expect(settled!.lottery!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(settled!.lottery!.result).toMatchObject({ kind: 'numbers' });
    // Other games' rounds carry no lottery detail.
    const all = valueOf<BetRecordPage>(await call(t.app, 'GET', '/wps/bet-record', { token: player.token })).list;
    expect(all.every((r) => (r.vassalage === 'ILE') === (r.lottery !== null))).toBe(true);
  });
});
