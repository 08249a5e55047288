import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_SEAMLESS, SANDBOX_TRANSFER } from './gateway.service';
import { createPlayer, injectCallback, launchToken, type Player } from './gateway.test-support';

/**
 * Property tests for the gateway's inputs (PGlite: the property is input handling and the money
 * rules, not the engine). Player calls get random bodies; the seamless callbacks get random but
 * correctly signed sequences over a few shared ids, so replays, duplicates, unknown bets,
 * tombstones and settled rounds all collide. Nothing answers 5xx, every answer is the envelope,
 * and the ledger invariants hold at the end.
 */
describe('gateway fuzz [pglite]', () => {
  let t: TestApp;
  let player: Player;
  let sessionToken: string;
  const SECRET = crypto.randomBytes(24).toString('hex');

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.services.gateway.configureAdapter({ vassalage: SANDBOX_SEAMLESS, walletModel: 'seamless', launchUrl: 'http://vendor.test/play', apiUrl: null, secret: SECRET, requestTimeoutMs: 500 });
    // An unreachable transfer API: every transfer stays pending, held, never lost.
    await t.app.services.gateway.configureAdapter({ vassalage: SANDBOX_TRANSFER, walletModel: 'transfer', launchUrl: 'http://vendor.test/play', apiUrl: 'http://127.0.0.1:9/api', secret: SECRET, requestTimeoutMs: 200 });
    player = await createPlayer(t.app, 5_000n);
    const token = await launchToken(t.app, player, 'SBX-slot-01', SANDBOX_SEAMLESS);
    const res = await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: token });
    sessionToken = (res.json() as { value: { sessionToken: string } }).value.sessionToken;
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

  const junk = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), fc.boolean(), fc.double(), fc.array(fc.string(), { maxLength: 3 }));

  it('player calls never answer 5xx', async () => {
    const launchBody = fc.record(
      {
        nodeId: fc.oneof(fc.constantFrom('SBX-slot-01', 'SBT-fish-01', 'no-such', 'ALV-live-01', ''), junk),
        vassalage: fc.oneof(fc.constantFrom(SANDBOX_SEAMLESS, SANDBOX_TRANSFER, 'ALV', '../x'), junk),
        gameId: junk,
        clientType: junk,
        language: junk,
      },
      { requiredKeys: [] },
    );
    const transferBody = fc.record(
      {
        direction: fc.oneof(fc.constantFrom('in', 'out'), junk),
        vassalage: fc.oneof(fc.constantFrom(SANDBOX_TRANSFER, SANDBOX_SEAMLESS, 'NOPE'), junk),
        amount: fc.oneof(fc.constantFrom('1', '0', '0.01', '1.001', '-5', '99999999999', '1e3'), junk),
        idempotencyKey: fc.oneof(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002'), fc.string({ minLength: 8, maxLength: 20 }), junk),
      },
      { requiredKeys: [] },
    );
    const walletBody = fc.record({ isSingle: junk, vassalage: junk }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          launchBody.map((b) => ['/wps/game/launchGame', b] as const),
          transferBody.map((b) => ['/wps/relay/GCS_walletTransfer', b] as const),
          walletBody.map((b) => ['/wps/relay/GCS_merchantWallet', b] as const),
        ),
        fc.boolean(),
        async ([url, body], withToken) => {
          const res = await call(t.app, 'POST', url, { ...(withToken ? { token: player.token } : {}), payload: body });
          expectEnvelope(res, `${url} ${JSON.stringify(body)}`);
        },
      ),
      { numRuns: 150 },
    );
    await expectLedgerHealthy(t.database);
  });

  it('random signed callback sequences over shared ids never answer 5xx and keep the ledger whole', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const callback = fc.record({
      op: fc.constantFrom('balance', 'bet', 'win', 'rollback', 'end-round', 'authenticate'),
      playerId: fc.oneof(fc.constant(player.memberId), fc.constantFrom('1', '999999999', '0', 'x', '99999999999999999999')),
      session: fc.oneof(fc.constant(sessionToken), fc.constant('f'.repeat(64)), junk),
      transactionId: fc.oneof(fc.constantFrom(...ids), junk),
      roundId: fc.oneof(fc.constantFrom('r1', 'r2'), junk),
      betTransactionId: fc.oneof(fc.constantFrom(...ids), fc.constant(undefined), junk),
      amountMinor: fc.oneof(fc.constantFrom('0', '1', '100', '4000', '999999999999999999'), junk),
      roundClosed: fc.oneof(fc.boolean(), fc.constant(undefined), junk),
      rawJunk: fc.option(fc.string({ maxLength: 30 }), { freq: 8 }),
    });
    const run = crypto.randomBytes(3).toString('hex');
    await fc.assert(
      fc.asyncProperty(fc.array(callback, { minLength: 1, maxLength: 8 }), async (sequence) => {
        for (const c of sequence) {
          const id = (v: unknown) => (typeof v === 'string' && ids.includes(v) ? `${run}-${v}` : v);
          const body = {
            launchToken: c.session,
            sessionToken: c.session,
            playerId: c.playerId,
            transactionId: id(c.transactionId),
            roundId: typeof c.roundId === 'string' && c.roundId.startsWith('r') ? `${run}-${c.roundId}` : c.roundId,
            betTransactionId: id(c.betTransactionId),
            gameId: 'SBX-slot-01',
            amountMinor: c.amountMinor,
            roundClosed: c.roundClosed,
          };
          const raw = c.rawJunk ?? JSON.stringify(body);
          const res = await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, c.op, raw);
          expectEnvelope(res, `${c.op} ${raw}`);
        }
      }),
      { numRuns: 120 },
    );
    await expectLedgerHealthy(t.database);
  });
});
