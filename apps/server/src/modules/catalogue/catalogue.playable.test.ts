import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { FavouriteList, GameItem, GameList, GameStrip, VendorLanes } from '@wps/shared/schemas/catalogue';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import { DEMO_GAMES } from './catalogue.seed';

/** Poll until `check` holds or two seconds pass (an adapter written by another writer arrives by NOTIFY). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

const SECRET = 'playable-test-shared-secret-0123456789';

describeEachDatabase('only what can be played', (target) => {
  let t: TestApp;
  let player: Player;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    player = await createPlayer(t.app, 100_000n);
    admin = await operatorToken(t, 'admin');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const relay = (name: string, payload: unknown = {}, token: string | undefined = player.token) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { payload, ...(token ? { token } : {}) });
  const lanes = async () => valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor', {}, undefined)).lanes;
  const laneVendors = async () => new Set((await lanes()).flatMap((l) => l.cards.map((c) => c.vassalage)));
  const allGames = async (filter: Record<string, unknown> = {}): Promise<GameItem[]> => {
    const games: GameItem[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = valueOf<GameList>(await relay('GCSGAME_gameList', { ...filter, pageNo, pageSize: 100 }));
      games.push(...page.games);
      if (pageNo >= page.totalPages) return games;
    }
  };
  const hot = async () => valueOf<GameStrip>(await relay('GCSGAME_hotGamesV2', {}, undefined)).list;
  const launch = (game: { nodeId: string; vassalage: string }) =>
    call(t.app, 'POST', '/wps/game/launchGame', {
      token: player.token,
      payload: { nodeId: game.nodeId, vassalage: game.vassalage, gameId: game.nodeId },
    });
  const connect = (vassalage: string, walletModel: 'seamless' | 'transfer' = 'seamless') =>
    call(t.app, 'PUT', `/ops/vendor-adapters/${vassalage}`, {
      token: admin,
      payload: {
        walletModel,
        launchUrl: `https://${vassalage.toLowerCase()}.vendor.test/play`,
        apiUrl: walletModel === 'transfer' ? `https://${vassalage.toLowerCase()}.vendor.test/api` : null,
        requestTimeoutMs: 3000,
        secret: SECRET,
        reason: 'playable test',
      },
    });
  const catalogueGames = Object.entries(DEMO_GAMES).flatMap(([vassalage, games]) =>
    games.map(([nodeId]) => ({ nodeId, vassalage })),
  );

  it('with nothing connected players see only our own games: lanes, lists, hot games and search', async () => {
    const ours = new Set(['inhouse', 'ILE', 'ILT']);
    expect(await laneVendors()).toEqual(ours);
    expect((await lanes()).map((l) => l.title)).toEqual(['ELOTT', 'LOTT', 'RNG']);
    expect(new Set((await allGames()).map((g) => g.vassalage))).toEqual(ours);
    expect((await allGames({ vassalage: 'inhouse' })).map((g) => g.nodeId)).toEqual([
      'inhouse-slot',
      'inhouse-dice',
      'inhouse-limbo',
      'inhouse-plinko',
      'inhouse-keno',
      'inhouse-mines',
      'inhouse-hilo',
      'inhouse-crash',
    ]);
    expect((await hot()).every((g) => ours.has(g.vassalage))).toBe(true);
    expect(await allGames({ gameName: 'baccarat' })).toEqual([]);
    expectFailure(await relay('GCSGAME_getVassGameType', { vassalage: 'SBX' }), ErrorCode.VENDOR_NOT_FOUND, 404);
    // Operators still see every vendor.
    const ops = valueOf<{ vassalage: string }[]>(await call(t.app, 'GET', '/ops/vendors', { token: admin }));
    expect(ops.map((v) => v.vassalage)).toContain('ALV');
  });

  it('every vendor and game a player list shows launches: none answers VENDOR_NOT_CONNECTED; every other game does', async () => {
    for (const [vassalage, model] of [
      ['SBX', 'seamless'],
      ['SBT', 'transfer'],
      ['CRD', 'seamless'],
      ['KSB', 'transfer'],
    ] as const) {
      valueOf(await connect(vassalage, model));
    }
    const vendors = await laneVendors();
    expect(vendors).toEqual(new Set(['inhouse', 'ILE', 'ILT', 'SBX', 'SBT', 'CRD', 'KSB']));
    const listed = await allGames();
    // Every list a player reads draws from the same playable set.
    const strips = [...(await hot()), ...(await allGames({ gameName: 'a' }))];
    for (const game of [...listed, ...strips]) expect(vendors.has(game.vassalage), game.nodeId).toBe(true);
    expect(new Set(listed.map((g) => g.vassalage))).toEqual(vendors);

    const listedIds = new Set(listed.map((g) => g.nodeId));
    for (const game of listed) {
      const res = await launch(game);
      expect(res.json(), `${game.nodeId} (${game.vassalage})`).toMatchObject({ success: true });
    }
    // The complement: every game no list shows is one whose launch would be refused.
    const hidden = catalogueGames.filter((g) => !listedIds.has(g.nodeId));
    expect(hidden.length).toBeGreaterThan(0);
    for (const game of hidden) expectFailure(await launch(game), ErrorCode.VENDOR_NOT_CONNECTED, 409);
  });

  it('a vendor that loses its adapter leaves lanes, lists, search, favourites, recent games and tabs; reconnected, it comes back', async () => {
    valueOf(await connect('DRF'));
    const reef = { nodeId: 'DRF-fish-01', vassalage: 'DRF' };
    expect(await laneVendors()).toContain('DRF');
    expect((await allGames({ gameName: 'reef' })).map((g) => g.nodeId)).toEqual(['DRF-fish-01']);
    valueOf(await relay('MCSFE_addFavoriteGame', { nodeId: reef.nodeId }));
    valueOf(await launch(reef));
    const favourites = async () =>
      valueOf<FavouriteList>(await relay('MCSFE_getFavoriteGamesList', { pageNo: 1, pageSize: 50 })).content.map(
        (g) => g.nodeId,
      );
    const recent = async () =>
      valueOf<GameStrip>(await relay('GCS_recentGame', { pageNo: 1, pageSize: 50 })).list.map((g) => g.nodeId);
    expect(await favourites()).toContain(reef.nodeId);
    expect(await recent()).toContain(reef.nodeId);

    // Any writer (here plain SQL) disconnects it: the trigger tells every instance's catalogue.
    await sql`DELETE FROM vendor_adapters WHERE vassalage = 'DRF'`.execute(t.database.db);
    expect(await eventually(async () => !(await laneVendors()).has('DRF'))).toBe(true);
    expect(await allGames({ gameName: 'reef' })).toEqual([]);
    expect(await allGames({ vassalage: 'DRF' })).toEqual([]);
    expect(await favourites()).not.toContain(reef.nodeId);
    expect(await recent()).not.toContain(reef.nodeId);
    expect(valueOf<string[]>(await relay('MCSFE_getFavoriteGames'))).not.toContain(reef.nodeId);
    expectFailure(await relay('GCSGAME_getVassGameType', { vassalage: 'DRF' }), ErrorCode.VENDOR_NOT_FOUND, 404);
    expectFailure(await launch(reef), ErrorCode.VENDOR_NOT_CONNECTED, 409);

    valueOf(await connect('DRF'));
    expect(await laneVendors()).toContain('DRF');
    expect((await allGames({ gameName: 'reef' })).map((g) => g.nodeId)).toEqual(['DRF-fish-01']);
    expect(await favourites()).toContain(reef.nodeId);
  });
});
