import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameList, VendorLanes } from '@wps/shared/schemas/catalogue';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { connectEveryVendor } from '../gateway/gateway.test-support';

// The operator's lobby settings through their routes: a vendor's section, order and hot flag, and
// a game's order, hot flag and minimum bet, as players then see them; each change audited with
// the settings before and after; refusals for bad input, unknown ids and roles without games.write.
describeEachDatabase('catalogue settings', (target) => {
  let t: TestApp;
  let player: { token: string };
  let support: string;
  let marketing: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    // Players see only connected vendors: these tests are about the whole demo catalogue.
    await connectEveryVendor(t.app);
    await disableRegisterCaptcha(t.app);
    player = await newPlayer(t);
    support = await operatorToken(t, 'support');
    marketing = await operatorToken(t, 'marketing');
  });
  afterAll(async () => {
    await t?.close();
  });

  const lanes = async () =>
    valueOf<VendorLanes>(await call(t.app, 'POST', '/wps/relay/GCSGAME_newGameVendor', { payload: {} })).lanes;
  const lane = async (title: string) => (await lanes()).find((l) => l.title === title)?.cards ?? [];
  const games = async (payload: Record<string, unknown>) =>
    valueOf<GameList>(await call(t.app, 'POST', '/wps/relay/GCSGAME_gameList', { token: player.token, payload })).games;
  const audit = (action: string, subjectId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before', 'after', 'actor_type'])
      .where('action', '=', action)
      .where('subject_id', '=', subjectId)
      .execute();

  it('moves a vendor to another section, clears its hot flag and reorders another; players see both, audited', async () => {
    expect((await lane('FISH')).find((c) => c.vassalage === 'SBT')).toMatchObject({ category: 'FISH', isHot: 1 });
    expect((await lane('RNG')).map((c) => c.vassalage)).not.toContain('SBT');
    const res = await call(t.app, 'PUT', '/ops/vendors/SBT/settings', {
      token: support,
      payload: { category: 'RNG', isHot: false, reason: 'slots week' },
    });
    expect(valueOf<{ before: Record<string, unknown>; after: Record<string, unknown> }>(res)).toMatchObject({
      before: { category: 'FISH', isHot: true },
      after: { category: 'RNG', isHot: false },
    });
    // Its own section is RNG now; it stays in FISH too while it has fish games there.
    expect((await lane('RNG')).find((c) => c.vassalage === 'SBT')).toMatchObject({ category: 'RNG', isHot: 0 });
    expect((await lane('FISH')).find((c) => c.vassalage === 'SBT')).toMatchObject({ category: 'RNG', isHot: 0 });
    const [entry] = await audit('game_vendor.settings', 'SBT');
    expect(entry).toMatchObject({
      reason: 'slots week',
      actor_type: 'operator',
      before: { category: 'FISH', isHot: true },
      after: { category: 'RNG', isHot: false },
    });

    expect((await lane('LIVE')).map((c) => c.vassalage)).toEqual(['SBX', 'ALV']);
    valueOf(
      await call(t.app, 'PUT', '/ops/vendors/SBX/settings', {
        token: support,
        payload: { sortOrder: 9_999, reason: 'live vendor first' },
      }),
    );
    expect((await lane('LIVE')).map((c) => c.vassalage)).toEqual(['ALV', 'SBX']);
  });

  it("changes a game's minimum bet and hot flag; the game list filters by the new minimum", async () => {
    const [slot] = await games({ vassalage: 'SBX', gameClassify: 'slots', minBet: '0.10', pageSize: 1 });
    expect(slot).toBeDefined();
    const res = await call(t.app, 'PUT', `/ops/games/${slot!.nodeId}/settings`, {
      token: support,
      payload: { minBetMinor: '500', isHot: true, reason: 'high-stakes table' },
    });
    expect(valueOf<{ after: Record<string, unknown> }>(res).after).toMatchObject({ minBetMinor: '500', isHot: true });
    const cheap = await games({ vassalage: 'SBX', gameClassify: 'slots', minBet: '0.10', pageSize: 100 });
    expect(cheap.map((g) => g.nodeId)).not.toContain(slot!.nodeId);
    const found = (await games({ vassalage: 'SBX', gameName: slot!.gameName, pageSize: 100 })).find(
      (g) => g.nodeId === slot!.nodeId,
    );
    expect(found).toMatchObject({ minBet: '5.00', minBetMinor: '500', isHot: 1 });
    const [entry] = await audit('game.settings', slot!.nodeId);
    expect(entry).toMatchObject({
      reason: 'high-stakes table',
      before: { minBetMinor: '10' },
      after: { minBetMinor: '500', isHot: true },
    });
  });

  it('refuses an empty change, bad values, unknown ids and roles without games.write, writing nothing', async () => {
    const put = (url: string, payload: unknown, token = support) => call(t.app, 'PUT', url, { token, payload });
    expectFailure(await put('/ops/vendors/SBX/settings', { reason: 'nothing' }), 'VALIDATION_FAILED', 400);
    expectFailure(await put('/ops/vendors/SBX/settings', { category: 'POKER', reason: 'x' }), 'VALIDATION_FAILED', 400);
    expectFailure(await put('/ops/vendors/SBX/settings', { sortOrder: -1, reason: 'x' }), 'VALIDATION_FAILED', 400);
    expectFailure(
      await put('/ops/games/SBX-slot-01/settings', { minBetMinor: '1.5', reason: 'x' }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(await put('/ops/vendors/NOPE/settings', { isHot: true, reason: 'x' }), 'VENDOR_NOT_FOUND', 404);
    expectFailure(await put('/ops/games/NOPE-1/settings', { isHot: true, reason: 'x' }), 'GAME_NOT_FOUND', 404);
    expectFailure(
      await put('/ops/vendors/SBX/settings', { isHot: false, reason: 'x' }, marketing),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expect((await lane('RNG')).find((c) => c.vassalage === 'SBX')).toMatchObject({ isHot: 1 });
    expect((await audit('game_vendor.settings', 'SBX')).map((e) => e.reason)).toEqual(['live vendor first']);
    expect(await audit('game_vendor.settings', 'NOPE')).toEqual([]);
  });
});
