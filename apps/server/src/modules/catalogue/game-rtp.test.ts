import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameList } from '@wps/shared/schemas/catalogue';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { connectEveryVendor } from '../gateway/gateway.test-support';

// Every game's RTP, not only the in-house ones' (docs/compliance.md, "Games"): the demo catalogue
// states one where a figure exists, players read it in their game lists, the operator changes it through the
// game settings (audited) and a value outside 0–100 % is refused by the shared schema.
describeEachDatabase('game RTP', (target) => {
  let t: TestApp;
  let player: { token: string };
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await connectEveryVendor(t.app);
    await disableRegisterCaptcha(t.app);
    player = await newPlayer(t);
    support = await operatorToken(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  const games = async (payload: Record<string, unknown>) =>
    valueOf<GameList>(await call(t.app, 'POST', '/wps/relay/GCSGAME_gameList', { token: player.token, payload })).games;

  it('lists the in-house games with the RTP of their maths, the reference vendor its table, others none', async () => {
    const sandbox = await games({ vassalage: 'SBX', pageSize: 100 });
    expect(sandbox.length).toBeGreaterThan(5);
    expect(new Set(sandbox.map((g) => g.rtpBps))).toEqual(new Set([9550]));
    const inhouse = await games({ vassalage: 'inhouse', pageSize: 100 });
    expect(Object.fromEntries(inhouse.map((g) => [g.nodeId, g.rtpBps]))).toEqual({
      'inhouse-slot': 9600,
      'inhouse-dice': 9900,
      // The originals' default until the operator sets one within the band.
      'inhouse-limbo': 9900,
      'inhouse-plinko': 9900,
      'inhouse-keno': 9900,
      'inhouse-mines': 9900,
      'inhouse-hilo': 9900,
      'inhouse-crash': 9900,
    });
    // A catalogue entry with no figure behind it states none: players see no invented RTP.
    const ops = valueOf<{ games: { nodeId: string; rtpBps: number | null }[] }>(
      await call(t.app, 'GET', '/ops/games?vassalage=KSB', { token: support }),
    );
    expect(ops.games.map((g) => g.rtpBps)).toEqual([null]);
  });

  it('lets the operator state a game RTP, audited, and players see it; refuses more than 100 %', async () => {
    const res = await call(t.app, 'PUT', '/ops/games/SBX-slot-05/settings', {
      token: support,
      payload: { rtpBps: 9650, reason: 'certificate 2026-11' },
    });
    expect(valueOf<{ after: Record<string, unknown> }>(res).after).toMatchObject({ rtpBps: 9650 });
    const found = (await games({ vassalage: 'SBX', pageSize: 100 })).find((g) => g.nodeId === 'SBX-slot-05');
    expect(found?.rtpBps).toBe(9650);
    const ops = valueOf<{ games: { nodeId: string; rtpBps: number | null }[] }>(
      await call(t.app, 'GET', '/ops/games?vassalage=SBX', { token: support }),
    );
    expect(ops.games.find((g) => g.nodeId === 'SBX-slot-05')?.rtpBps).toBe(9650);
    const [entry] = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'after'])
      .where('action', '=', 'game.settings')
      .where('subject_id', '=', 'SBX-slot-05')
      .execute();
    expect(entry).toMatchObject({ reason: 'certificate 2026-11', after: { rtpBps: 9650 } });

    for (const rtpBps of [10_001, -1, 96.5]) {
      expectFailure(
        await call(t.app, 'PUT', '/ops/games/SBX-slot-05/settings', {
          token: support,
          payload: { rtpBps, reason: 'x' },
        }),
        'VALIDATION_FAILED',
        400,
      );
    }
    expect((await games({ vassalage: 'SBX', pageSize: 100 })).find((g) => g.nodeId === 'SBX-slot-05')?.rtpBps).toBe(
      9650,
    );
  });

  it("refuses to set an in-house game's RTP, which is its maths", async () => {
    expectFailure(
      await call(t.app, 'PUT', '/ops/games/inhouse-slot/settings', {
        token: support,
        payload: { rtpBps: 9800, reason: 'x' },
      }),
      'VALIDATION_FAILED',
      400,
    );
    const inhouse = await games({ vassalage: 'inhouse', pageSize: 100 });
    expect(inhouse.find((g) => g.nodeId === 'inhouse-slot')?.rtpBps).toBe(9600);
  });
});
