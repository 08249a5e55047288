import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LoginResult } from '@wps/shared/schemas/common';
import type {
  FavouriteList,
  GameList,
  GameStrip,
  RankList,
  VendorClassify,
  VendorLanes,
} from '@wps/shared/schemas/catalogue';
import { call, callEncrypted, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { connectEveryVendor, createPlayer } from '../gateway/gateway.test-support';
import { COMMANDS } from '../../scripts/ops';
import { DEMO_GAMES } from './catalogue.seed';
import { maskAccount } from './catalogue.service';

const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));

describeEachDatabase('game catalogue', (target) => {
  let t: TestApp;
  let player: { token: string; memberId: string };
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    // Players see only connected vendors: these tests are about the whole demo catalogue.
    await connectEveryVendor(t.app);
    await disableRegisterCaptcha(t.app);
    player = await newPlayer(t);
    support = await operatorToken(t, 'support');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const relay = (name: string, payload: unknown = {}, token?: string) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { payload, ...(token ? { token } : {}) });
  const list = async (payload: Record<string, unknown>, token = player.token) =>
    valueOf<GameList>(await relay('GCSGAME_gameList', payload, token));
  const setVendor = (code: string, status: string) =>
    call(t.app, 'PUT', `/ops/vendors/${code}/status`, {
      token: support,
      payload: { status, reason: 'test maintenance' },
    });
  const setGame = (nodeId: string, status: string) =>
    call(t.app, 'PUT', `/ops/games/${nodeId}/status`, {
      token: support,
      payload: { status, reason: 'test maintenance' },
    });

  it('lists vendor lanes for every category, publicly, with the vendor groups', async () => {
    const { lanes } = valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor', { platform: 'html5-desktop' }));
    expect(lanes.map((l) => l.title)).toEqual([
      'ELOTT',
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ESPORTS',
      'COCKFIGHT',
    ]);
    const lane = (title: string) => lanes.find((l) => l.title === title)!.cards.map((c) => c.vassalage);
    expect(lane('RNG')).toEqual(['inhouse', 'SBX']);
    // SBX has live tables too, so it shows under LIVE beside the live vendor.
    expect(lane('LIVE')).toEqual(['SBX', 'ALV']);
    // The reference vendor's fixed-odds events (SBS, SBE, SBC) after the demo's other vendors.
    expect(lane('SPORTS')).toEqual(['KSB', 'SBS']);
    expect(lane('ESPORTS')).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF', 'SBE']);
    expect(lane('COCKFIGHT')).toEqual(['DS88', 'DIG', 'SBC']);
    const sbx = lanes.find((l) => l.title === 'RNG')!.cards.find((c) => c.vassalage === 'SBX')!;
    expect(sbx).toMatchObject({
      isHot: 1,
      walletModel: 'seamless',
      status: 'active',
      logo: '/games/vendors/sbx.svg',
      gameCount: 45,
    });
    expect(lanes.find((l) => l.title === 'FISH')!.cards.find((c) => c.vassalage === 'SBT')).toMatchObject({
      walletModel: 'transfer',
      isHot: 1,
    });
  });

  it('has a drawn logo and tile in the web app for every seeded vendor and game', async () => {
    const { lanes } = valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor'));
    const games = await list({ pageSize: 100 });
    const files = [...lanes.flatMap((l) => l.cards.map((c) => c.logo)), ...games.games.map((g) => g.image)];
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) expect(fs.existsSync(path.join(WEB_PUBLIC, file)), file).toBe(true);
  });

  it('pages the game list at 42 and filters by vendor, type, classify, name and minimum bet', async () => {
    const all = await list({});
    const seeded = Object.values(DEMO_GAMES).flat().length;
    expect(all).toMatchObject({ pageNo: 1, total: seeded, totalPages: Math.ceil(seeded / 42) });
    expect(all.games).toHaveLength(42);
    const rest = [];
    for (let pageNo = 2; pageNo <= all.totalPages; pageNo++) rest.push(...(await list({ pageNo })).games);
    expect(rest).toHaveLength(seeded - 42);
    expect(new Set([...all.games, ...rest].map((g) => g.nodeId)).size).toBe(seeded);

    const sbxRng = await list({ vassalage: 'SBX', gameType: 'RNG', pageSize: 10 });
    expect(sbxRng).toMatchObject({ total: 45, totalPages: 5 });
    expect(sbxRng.games.every((g) => g.vassalage === 'SBX' && g.gameType === 'RNG')).toBe(true);
    const crash = await list({ vassalage: 'SBX', gameClassify: 'crash' });
    expect(crash.games.map((g) => g.gameName)).toEqual(['Rocket Climb', 'Balloon Pop']);
    // Search is case-insensitive and matches inside names; '' means "no filter" like the original client.
    const search = await list({ gameName: 'BACCARAT', gameClassify: '' });
    expect(search.games.map((g) => g.nodeId)).toEqual(['SBX-live-01', 'SBX-live-02', 'SBX-live-03']);
    const cheap = await list({ vassalage: 'SBX', gameClassify: 'slots', minBet: '0.10' });
    expect(cheap.games.length).toBe(10);
    expect(cheap.games.every((g) => g.minBet === '0.10' && g.minBetMinor === '10')).toBe(true);
    expect((await list({ gameName: 'no such game anywhere' })).games).toEqual([]);
    const slot = (await list({ vassalage: 'inhouse', gameClassify: 'slots' })).games[0]!;
    expect(slot).toEqual({
      nodeId: 'inhouse-slot',
      vassalage: 'inhouse',
      vendorName: 'In-house Games',
      gameType: 'RNG',
      gameClassify: 'slots',
      gameName: 'Lucky Fives',
      image: '/games/tiles/inhouse-slot.svg',
      minBet: '0.10',
      minBetMinor: '10',
      minLineNum: 1,
      isHot: 1,
      rtpBps: 9600,
      status: 'active',
    });
  });

  it('sends the game list as br, gzip or as it is, each copy made once per page and catalogue version', async () => {
    const query = { vassalage: 'SBX', gameType: 'RNG' } as const;
    const fetch = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCSGAME_gameList',
        headers: {
          authorization: player.token,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
        payload: query,
      });
    const decode: Record<string, (raw: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
    /** The page in every encoding a client may ask for, decoded; each must be the same answer. */
    const everyEncoding = async (): Promise<GameList> => {
      const answers: unknown[] = [];
      const asked: [string | undefined, string | undefined][] = [
        [undefined, undefined],
        ['identity', undefined],
        ['gzip, deflate', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=0, gzip', 'gzip'],
      ];
      for (const [acceptEncoding, encoding] of asked) {
        const res = await fetch(acceptEncoding);
        expect(res.statusCode, acceptEncoding).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(res.headers.vary, acceptEncoding).toBe('accept-encoding');
        expect(res.headers['content-type'], acceptEncoding).toBe('application/json; charset=utf-8');
        expect(Number(res.headers['content-length']), acceptEncoding).toBe(res.rawPayload.length);
        const json = encoding ? decode[encoding]!(res.rawPayload) : res.rawPayload;
        answers.push(JSON.parse(json.toString('utf8')));
      }
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      const first = answers[0] as { success: boolean; value: GameList };
      expect(first.success).toBe(true);
      return first.value;
    };

    const before = await everyEncoding();
    expect(before.games).toHaveLength(42);
    // The cached page holds the copies it sent: the next br answer is those bytes, not a new compression.
    const cached = await t.app.services.catalogue.listGamesPage({ pageNo: 1, pageSize: 42, ...query });
    expect(cached.encoded.br).toBeDefined();
    expect((await fetch('br')).rawPayload.equals(cached.encoded.br!)).toBe(true);

    // A catalogue change makes a fresh page, in every encoding.
    const nodeId = before.games[0]!.nodeId;
    valueOf(await setGame(nodeId, 'maintenance'));
    try {
      const after = await everyEncoding();
      expect(after.games.find((g) => g.nodeId === nodeId)?.status).toBe('maintenance');
    } finally {
      valueOf(await setGame(nodeId, 'active'));
    }
    expect((await everyEncoding()).games.find((g) => g.nodeId === nodeId)?.status).toBe('active');
  });

  it('rejects bad game-list input with 400 and strips unknown fields', async () => {
    expectFailure(await relay('GCSGAME_gameList', { pageSize: 0 }, player.token), 'VALIDATION_FAILED', 400);
    expectFailure(await relay('GCSGAME_gameList', { minBet: '-1' }, player.token), 'VALIDATION_FAILED', 400);
    expectFailure(await relay('GCSGAME_gameList', { minBet: '0.001' }, player.token), 'VALIDATION_FAILED', 400);
    expectFailure(await relay('GCSGAME_gameList', { gameType: 'POKER' }, player.token), 'VALIDATION_FAILED', 400);
    expectFailure(await relay('GCSGAME_gameList', { vassalage: "x' OR 1=1" }, player.token), 'VALIDATION_FAILED', 400);
    const res = await list({
      clientType: 3,
      platform: 'html5-desktop',
      language: 'pt',
      channel: 'web',
      merchant: 'demo',
      vassalage: 'SBT',
    });
    expect(res.total).toBe(4);
  });

  it('needs a token for the game list, classify tabs, favourites and recent games; trial accounts may browse', async () => {
    for (const name of [
      'GCSGAME_gameList',
      'GCSGAME_getVassGameType',
      'MCSFE_getFavoriteGames',
      'MCSFE_getFavoriteGamesList',
      'GCS_recentGame',
    ]) {
      expectFailure(await relay(name, { vassalage: 'SBX' }), 'UNAUTHORIZED', 401);
    }
    const trial = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}` }),
    );
    expect((await list({ vassalage: 'SBX' }, trial.token)).total).toBe(52);
    valueOf(await relay('MCSFE_addFavoriteGame', { nodeId: 'SBX-slot-01' }, trial.token));
    expect(valueOf<string[]>(await relay('MCSFE_getFavoriteGames', {}, trial.token))).toEqual(['SBX-slot-01']);
  });

  it('lists a vendor classify tabs with counts', async () => {
    const tabs = valueOf<VendorClassify>(await relay('GCSGAME_getVassGameType', { vassalage: 'SBX' }, player.token));
    expect(tabs.list).toEqual([
      { gameClassify: 'slots', count: 40 },
      { gameClassify: 'table', count: 3 },
      { gameClassify: 'crash', count: 2 },
      { gameClassify: 'baccarat', count: 3 },
      { gameClassify: 'roulette', count: 2 },
      { gameClassify: 'dragon-tiger', count: 1 },
      { gameClassify: 'dice', count: 1 },
    ]);
    expectFailure(await relay('GCSGAME_getVassGameType', { vassalage: 'NOPE' }, player.token), 'VENDOR_NOT_FOUND', 404);
  });

  it('adds, lists and removes favourites idempotently, per player', async () => {
    const me = await newPlayer(t);
    const other = await newPlayer(t);
    const add = (nodeId: string, extra: Record<string, unknown> = {}) =>
      relay('MCSFE_addFavoriteGame', { nodeId, ...extra }, me.token);
    valueOf(await add('SBX-slot-02', { vendor: 'SBX', gameType: 'RNG' }));
    valueOf(await add('SBX-slot-02'));
    valueOf(await add('SBT-fish-01'));
    valueOf(await add('inhouse-slot'));
    expect(valueOf<string[]>(await relay('MCSFE_getFavoriteGames', {}, me.token)).sort()).toEqual([
      'SBT-fish-01',
      'SBX-slot-02',
      'inhouse-slot',
    ]);
    expect(valueOf<string[]>(await relay('MCSFE_getFavoriteGames', {}, other.token))).toEqual([]);

    const rng = valueOf<FavouriteList>(
      await relay('MCSFE_getFavoriteGamesList', { gameType: 'RNG', pageSize: 1 }, me.token),
    );
    expect(rng.totalPages).toBe(2);
    expect(rng.content).toHaveLength(1);
    const allFavs = valueOf<FavouriteList>(await relay('MCSFE_getFavoriteGamesList', {}, me.token));
    expect(allFavs.content.map((g) => g.nodeId).sort()).toEqual(['SBT-fish-01', 'SBX-slot-02', 'inhouse-slot']);

    expectFailure(await add('no-such-game'), 'GAME_NOT_FOUND', 404);
    expectFailure(await add('SBX-slot-03', { vendor: 'SBT' }), 'GAME_NOT_FOUND', 404);
    expectFailure(await relay('MCSFE_addFavoriteGame', {}, me.token), 'VALIDATION_FAILED', 400);

    valueOf(
      await relay('MCSFE_removeFavoriteGame', { nodeId: 'SBX-slot-02', vendor: 'SBX', gameType: 'RNG' }, me.token),
    );
    valueOf(await relay('MCSFE_removeFavoriteGame', { nodeId: 'SBX-slot-02' }, me.token));
    expect(valueOf<string[]>(await relay('MCSFE_getFavoriteGames', {}, me.token)).sort()).toEqual([
      'SBT-fish-01',
      'inhouse-slot',
    ]);

    // Ten parallel adds of one game leave one favourite.
    await Promise.all(Array.from({ length: 10 }, () => add('SBX-slot-05')));
    expect(
      valueOf<string[]>(await relay('MCSFE_getFavoriteGames', {}, me.token)).filter((id) => id === 'SBX-slot-05'),
    ).toHaveLength(1);
  });

  it('records recent games through the service and lists them newest first', async () => {
    const me = await newPlayer(t);
    expect(valueOf<GameStrip>(await relay('GCS_recentGame', {}, me.token))).toEqual({ list: [], totalPages: 1 });
    // Each record after the clock (milliseconds) has moved on, so "newest first" has one answer.
    const record = async (nodeId: string) => {
      const at = Date.now();
      await t.app.services.catalogue.recordRecentGame(me.memberId, nodeId);
      while (Date.now() <= at) await new Promise((r) => setImmediate(r));
    };
    await record('SBX-slot-01');
    await record('inhouse-slot');
    await record('SBX-slot-01');
    const recent = valueOf<GameStrip>(await relay('GCS_recentGame', { clientType: 3, language: 'pt' }, me.token));
    expect(recent.list.map((g) => g.nodeId)).toEqual(['SBX-slot-01', 'inhouse-slot']);
    const sbxOnly = valueOf<GameStrip>(await relay('GCS_recentGame', { vassalage: 'SBX' }, me.token));
    expect(sbxOnly.list.map((g) => g.nodeId)).toEqual(['SBX-slot-01']);
    await expect(t.app.services.catalogue.recordRecentGame(me.memberId, 'nope')).rejects.toMatchObject({
      errorCode: 'GAME_NOT_FOUND',
    });
  });

  it('lists hot games publicly, only playable ones', async () => {
    const hot = valueOf<GameStrip>(
      await relay('GCSGAME_hotGamesV2', {
        merchantCode: 'demo',
        isPlatform: 2,
        platform: 'html5-desktop',
        language: 'pt',
      }),
    );
    expect(hot.list.length).toBeGreaterThan(3);
    expect(hot.list.every((g) => g.isHot === 1 && g.status === 'active')).toBe(true);
    const sbxHot = valueOf<GameStrip>(await relay('GCSGAME_hotGamesV2', { vassalage: 'SBX' }));
    expect(sbxHot.list.map((g) => g.nodeId)).toEqual([
      'SBX-slot-01',
      'SBX-slot-02',
      'SBX-slot-03',
      'SBX-crash-01',
      'SBX-live-01',
    ]);
  });

  it('puts a vendor and a game under maintenance: listed with that status, refused at launch, audited', async () => {
    const catalogue = t.app.services.catalogue;
    expectFailure(
      await call(t.app, 'PUT', '/ops/vendors/SBT/status', { payload: { status: 'maintenance', reason: 'x' } }),
      'OPERATOR_UNAUTHORIZED',
      401,
    );
    const finance = await operatorToken(t, 'finance');
    expectFailure(
      await call(t.app, 'PUT', '/ops/vendors/SBT/status', {
        token: finance,
        payload: { status: 'maintenance', reason: 'x' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(await setVendor('NOPE', 'maintenance'), 'VENDOR_NOT_FOUND', 404);
    expectFailure(await setGame('nope', 'maintenance'), 'GAME_NOT_FOUND', 404);
    expectFailure(
      await call(t.app, 'PUT', '/ops/vendors/SBT/status', {
        token: support,
        payload: { status: 'closed', reason: 'x' },
      }),
      'VALIDATION_FAILED',
      400,
    );

    expect(valueOf(await setVendor('SBT', 'maintenance'))).toEqual({
      vassalage: 'SBT',
      before: 'active',
      status: 'maintenance',
    });
    const opsVendors = valueOf<{ vassalage: string; status: string; walletModel: string }[]>(
      await call(t.app, 'GET', '/ops/vendors', { token: finance }),
    );
    expect(opsVendors.find((v) => v.vassalage === 'SBT')).toMatchObject({
      status: 'maintenance',
      walletModel: 'transfer',
    });
    const opsGames = valueOf<{ games: { nodeId: string; status: string; minBet: string }[] }>(
      await call(t.app, 'GET', '/ops/games?vassalage=SBT', { token: support }),
    );
    expect(opsGames.games.map((g) => g.nodeId)).toEqual(['SBT-fish-01', 'SBT-fish-02', 'SBT-fish-03', 'SBT-pvp-01']);
    expect(opsGames.games[0]).toMatchObject({ status: 'active', minBet: '0.10' });
    expectFailure(await call(t.app, 'GET', '/ops/games?vassalage=NOPE', { token: support }), 'VENDOR_NOT_FOUND', 404);
    expectFailure(await call(t.app, 'GET', '/ops/vendors', { token: player.token }), 'OPERATOR_UNAUTHORIZED', 401);
    expect((await list({ vassalage: 'SBT' })).games.every((g) => g.status === 'maintenance')).toBe(true);
    await expect(catalogue.getVendor('SBT')).rejects.toMatchObject({ errorCode: 'VENDOR_MAINTENANCE' });
    await expect(catalogue.getGame('SBT-fish-01')).rejects.toMatchObject({ errorCode: 'VENDOR_MAINTENANCE' });
    const lanes = valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor'));
    expect(lanes.lanes.find((l) => l.title === 'FISH')!.cards.find((c) => c.vassalage === 'SBT')!.status).toBe(
      'maintenance',
    );
    expect(valueOf<GameStrip>(await relay('GCSGAME_hotGamesV2', { vassalage: 'SBT' })).list).toEqual([]);

    valueOf(await setGame('SBX-slot-04', 'maintenance'));
    await expect(catalogue.getGame('SBX-slot-04')).rejects.toMatchObject({ errorCode: 'GAME_MAINTENANCE' });
    expect((await list({ gameName: 'Star Harbor' })).games[0]!.status).toBe('maintenance');
    await expect(catalogue.getGame('SBX-slot-05')).resolves.toMatchObject({
      game: { nodeId: 'SBX-slot-05', minBetMinor: 10n },
      vendor: { walletModel: 'seamless' },
    });

    // Disabled games disappear from the lobby and cannot be launched or favourited.
    valueOf(await setGame('SBX-slot-06', 'disabled'));
    expect((await list({ gameName: 'Lucky Koi' })).games).toEqual([]);
    await expect(catalogue.getGame('SBX-slot-06')).rejects.toMatchObject({ errorCode: 'GAME_NOT_FOUND' });
    expectFailure(await relay('MCSFE_addFavoriteGame', { nodeId: 'SBX-slot-06' }, player.token), 'GAME_NOT_FOUND', 404);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', 'in', ['SBT', 'SBX-slot-04'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['game.status', 'game_vendor.status']);

    valueOf(await setVendor('SBT', 'active'));
    valueOf(await setGame('SBX-slot-04', 'active'));
    valueOf(await setGame('SBX-slot-06', 'active'));
    await expect(catalogue.getGame('SBT-fish-01')).resolves.toMatchObject({ vendor: { walletModel: 'transfer' } });
    expect((await list({ vassalage: 'SBT' })).games.every((g) => g.status === 'active')).toBe(true);
  });

  it('is served by npm run ops vendor:maintenance / game:maintenance / vendor:list', async () => {
    const printed: unknown[] = [];
    const ctx = { database: t.database, print: (v: unknown) => printed.push(v) };
    await COMMANDS['vendor:maintenance']!.run(ctx, ['CRD', 'on', 'upgrade']);
    expect(printed[0]).toEqual({ vassalage: 'CRD', before: 'active', status: 'maintenance' });
    await expect(t.app.services.catalogue.getGame('CRD-teen')).rejects.toMatchObject({
      errorCode: 'VENDOR_MAINTENANCE',
    });
    await COMMANDS['vendor:list']!.run(ctx, []);
    expect(printed[1]).toEqual(
      expect.arrayContaining([
        { vassalage: 'CRD', name: 'Card Room', category: 'PVP', walletModel: 'seamless', status: 'maintenance' },
      ]),
    );
    // A disabled vendor leaves the lobby but stays in the operator's list, so it can come back.
    await COMMANDS['vendor:maintenance']!.run(ctx, ['CRD', 'off']);
    valueOf(await setVendor('ILE', 'disabled'));
    valueOf(await setVendor('NLT', 'disabled'));
    const lanes = valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor'));
    expect(lanes.lanes.find((l) => l.title === 'ELOTT')).toBeUndefined();
    await COMMANDS['vendor:list']!.run(ctx, []);
    expect(printed[printed.length - 1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ vassalage: 'ILE', status: 'disabled' })]),
    );
    valueOf(await setVendor('ILE', 'active'));
    valueOf(await setVendor('NLT', 'active'));
    await COMMANDS['game:maintenance']!.run(ctx, ['CRD-rummy', 'on']);
    await expect(t.app.services.catalogue.getGame('CRD-rummy')).rejects.toMatchObject({
      errorCode: 'GAME_MAINTENANCE',
    });
    await COMMANDS['game:maintenance']!.run(ctx, ['CRD-rummy', 'off']);
    await expect(t.app.services.catalogue.getGame('CRD-rummy')).resolves.toBeDefined();
    await expect(COMMANDS['vendor:maintenance']!.run(ctx, ['CRD', 'maybe'])).rejects.toThrow(/usage/);
    await expect(COMMANDS['vendor:maintenance']!.run(ctx, ['NOPE', 'on'])).rejects.toMatchObject({
      errorCode: 'VENDOR_NOT_FOUND',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('subject_id', '=', 'CRD')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.actor_type === 'system')).toBe(true);
  });

  it('builds the winners board from net round wins in the ledger, masking names', async () => {
    const empty = valueOf<RankList>(await relay('GCSGAME_getRankList'));
    expect(empty.list).toEqual([]);
    const seamless = t.app.services.gateway.seamless;
    const winner = await createPlayer(t.app, 1_000_00n);
    const loser = await createPlayer(t.app, 1_000_00n);
    const account = await t.database.db
      .selectFrom('members')
      .select('account')
      .where('id', '=', winner.memberId)
      .executeTakeFirstOrThrow();
    const loserAccount = await t.database.db
      .selectFrom('members')
      .select('account')
      .where('id', '=', loser.memberId)
      .executeTakeFirstOrThrow();
    /** One round on the seamless wallet: its bets, then its wins (the last one closes it). */
    const round = async (
      memberId: string,
      vassalage: string,
      gameId: string,
      bets: bigint[],
      wins: bigint[],
      rollbackFirstBet = false,
    ) => {
      const roundId = `r-${crypto.randomUUID()}`;
      const betIds = bets.map(() => `b-${crypto.randomUUID()}`);
      for (const [i, amountMinor] of bets.entries())
        await seamless.bet({ vassalage, memberId, transactionId: betIds[i]!, roundId, gameId, amountMinor });
      if (rollbackFirstBet)
        await seamless.rollback({
          vassalage,
          memberId,
          transactionId: `rb-${crypto.randomUUID()}`,
          roundId,
          betTransactionId: betIds[0]!,
        });
      for (const [i, amountMinor] of wins.entries())
        await seamless.win({
          vassalage,
          memberId,
          transactionId: `w-${crypto.randomUUID()}`,
          roundId,
          amountMinor,
          roundClosed: i === wins.length - 1,
        });
    };
    // A loss with a partial payout: R$ 1,00 staked, R$ 0,10 paid back. Not a win.
    await round(loser.memberId, 'inhouse', 'inhouse-slot', [1_00n], [10n]);
    // Paid exactly the stake back: no win either.
    await round(loser.memberId, 'SBX', 'SBX-slot-01', [5_00n], [5_00n]);
    // Two bets and two wins in one round: 2,00 + 1,00 staked, 3,00 + 9,34 paid → 9,34 net.
    await round(winner.memberId, 'inhouse', 'inhouse-slot', [2_00n, 1_00n], [3_00n, 9_34n]);
    // A refunded bet is no stake: 50,00 rolled back, 1,00 staked, 6,00 paid → 5,00 net.
    await round(winner.memberId, 'SBX', 'SBX-slot-01', [50_00n, 1_00n], [6_00n], true);
    // Other kinds never show on the board, whatever their size.
    await t.app.services.ledger.creditPlayerFromSystem({
      systemPurpose: 'house_cash',
      memberId: winner.memberId,
      amountMinor: 99_999n,
      kind: 'deposit',
      idempotencyKey: `test-dep-${winner.memberId}`,
    });
    const board = valueOf<RankList>(await relay('GCSGAME_getRankList', { size: 5 }));
    expect(board.list.map((w) => w.amountMinor)).toEqual(['934', '500']);
    expect(board.list[0]).toMatchObject({
      vassalage: 'inhouse',
      gameName: 'Lucky Fives',
      amount: '9.34',
      amountMinor: '934',
    });
    expect(board.list[1]).toMatchObject({ vassalage: 'SBX', gameName: 'Golden Lantern', amount: '5.00' });
    expect(board.list[0]!.account).not.toBe(account.account);
    expect(board.list[0]!.account).toContain('***');
    expect(board.list.some((w) => w.account === maskAccount(loserAccount.account))).toBe(false);
  });
});
