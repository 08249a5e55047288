import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';

/**
 * Property tests for the in-house games' and the betting record's inputs (PGlite: the property
 * is input handling and the money rules). Bodies mix the real session with junk, and idempotency
 * keys come from a small pool so replays and key reuse with other stakes collide. Nothing answers
 * 5xx, every answer is the envelope, every settled round moved exactly stake and payout, and the
 * ledger invariants hold at the end.
 */
describe('in-house games fuzz [pglite]', () => {
  let t: TestApp;
  let player: Player;
  const sessions: Record<'slot' | 'dice', InhouseSession | undefined> = { slot: undefined, dice: undefined };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    player = await createPlayer(t.app, 50_000n);
    for (const game of ['slot', 'dice'] as const) {
      const nodeId = `inhouse-${game}`;
      const url = valueOf<{ game_url: string }>(
        await call(t.app, 'POST', '/wps/game/launchGame', {
          token: player.token,
          payload: { nodeId, vassalage: 'inhouse' },
        }),
      ).game_url;
      const launchToken = new URLSearchParams(url.split('?')[1]).get('launch')!;
      sessions[game] = valueOf<InhouseSession>(
        await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken } }),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectEnvelope(res: { statusCode: number; body: string }, label: string) {
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
    const body = JSON.parse(res.body) as { success?: unknown; errorCode?: unknown };
    expect(typeof body.success, label).toBe('boolean');
    if (body.success === false) expect(typeof body.errorCode, label).toBe('string');
  }

  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.array(fc.string(), { maxLength: 3 }),
  );

  it('game calls with random bodies never answer 5xx; rounds move exactly their stake and payout', async () => {
    const auth = (game: 'slot' | 'dice') => ({
      sessionToken: sessions[game]!.sessionToken,
      playerId: sessions[game]!.playerId,
    });
    const body = fc.record(
      {
        session: fc.constantFrom('slot', 'dice', 'junk'),
        stakeMinor: fc.oneof(fc.constantFrom('10', '100', '15', '0', '-10', '1000000', '99999999', '1.5', ''), junk),
        idempotencyKey: fc.oneof(
          fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003'),
          fc.string({ minLength: 8, maxLength: 20 }),
          junk,
        ),
        target: fc.oneof(fc.integer({ min: -10, max: 10_010 }), junk),
        direction: fc.oneof(fc.constantFrom('under', 'over', 'sideways'), junk),
        clientSeed: fc.oneof(fc.constantFrom('seed-a', 'x'.repeat(65), 'with space', ''), junk),
        launchToken: junk,
      },
      { requiredKeys: ['session'] },
    );
    const paths = fc.constantFrom(
      '/wps/inhouse/session',
      '/wps/inhouse/fair',
      '/wps/inhouse/fair/client-seed',
      '/wps/inhouse/fair/rotate',
      '/wps/inhouse/slot/spin',
      '/wps/inhouse/dice/roll',
    );
    await fc.assert(
      fc.asyncProperty(paths, body, async (path, b) => {
        const { session, ...rest } = b;
        const payload =
          session === 'junk'
            ? { ...rest, sessionToken: 'f'.repeat(64), playerId: player.memberId }
            : { ...rest, ...auth(session) };
        expectEnvelope(await call(t.app, 'POST', path, { payload }), `${path} ${JSON.stringify(payload)}`);
      }),
      { numRuns: 150 },
    );
    // Money: the player's balance is the start plus every settled round's payout minus its stake.
    const rounds = await t.database.db
      .selectFrom('inhouse_rounds')
      .select(['stake', 'payout', 'status'])
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rounds.every((r) => r.status !== 'pending')).toBe(true);
    const net = rounds
      .filter((r) => r.status === 'settled')
      .reduce((sum, r) => sum + BigInt(r.payout) - BigInt(r.stake), 0n);
    expect(await t.app.services.ledger.getPlayerBalance(player.memberId)).toBe(50_000n + net);
    await expectLedgerHealthy(t.database);
  });

  it('betting-record queries with random filters never answer 5xx', async () => {
    const query = fc.record(
      {
        category: fc.oneof(fc.constantFrom('RNG', 'SPORTS', 'casino', ''), fc.string({ maxLength: 10 })),
        vassalage: fc.oneof(fc.constantFrom('inhouse', 'SBX', '../x', ''), fc.string({ maxLength: 40 })),
        from: fc.oneof(
          fc.constantFrom(new Date(0).toISOString(), 'yesterday', ''),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        to: fc.oneof(
          fc.constantFrom(new Date().toISOString(), 'now'),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        page: fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.string({ maxLength: 6 })),
        pageSize: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.string({ maxLength: 6 })),
        utcOffsetMinutes: fc.oneof(fc.integer({ min: -2000, max: 2000 }), fc.string({ maxLength: 6 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/wps/bet-record', '/wps/bet-record/profit'),
        query,
        fc.boolean(),
        async (path, q, withToken) => {
          const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
          const res = await call(t.app, 'GET', `${path}?${qs}`, withToken ? { token: player.token } : {});
          expectEnvelope(res, `${path}?${qs}`);
        },
      ),
      { numRuns: 120 },
    );
  });
});
