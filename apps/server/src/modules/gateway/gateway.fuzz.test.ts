import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_SEAMLESS, SANDBOX_TRANSFER } from './gateway.service';
import { MAX_INT8 } from '../ledger/ledger.types';
import { createPlayer, injectCallback, launchToken, type Player } from './gateway.test-support';
import { vendorCallbackPath, vendorSignatureHeaders } from './vendor-signature';

/**
 * Property tests for the gateway's inputs (PGlite: the property is input handling and the money
 * rules, not the engine). Player calls get random bodies; the seamless callbacks get random but
 * correctly signed sequences over a few shared ids, so replays, duplicates, unknown bets,
 * tombstones and settled rounds all collide; a wallet near 2^63 − 1 meets wins that would overflow
 * it and wins over the cap; signed bodies go to another callback, vendor or URL spelling than
 * they were signed for. Nothing answers 5xx, every answer is the envelope, a misdirected body is
 * always VENDOR_SIGNATURE_INVALID, and the ledger invariants hold at the end.
 */
describe('gateway fuzz [pglite]', () => {
  let t: TestApp;
  let player: Player;
  let sessionToken: string;
  const SECRET = crypto.randomBytes(24).toString('hex');

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://vendor.test/play',
      apiUrl: null,
      secret: SECRET,
      requestTimeoutMs: 500,
    });
    // An unreachable transfer API: every transfer stays pending, held, never lost.
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_TRANSFER,
      walletModel: 'transfer',
      launchUrl: 'http://vendor.test/play',
      apiUrl: 'http://127.0.0.1:9/api',
      secret: SECRET,
      requestTimeoutMs: 200,
    });
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

  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.array(fc.string(), { maxLength: 3 }),
  );

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
        idempotencyKey: fc.oneof(
          fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002'),
          fc.string({ minLength: 8, maxLength: 20 }),
          junk,
        ),
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
      playerId: fc.oneof(
        fc.constant(player.memberId),
        fc.constantFrom('1', '999999999', '0', 'x', '99999999999999999999'),
      ),
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

  it('money near the bigint limit, over the win cap, and signed bodies sent to another callback, vendor or spelling: never 5xx', async () => {
    // A wallet 10,000 short of 2^63 − 1, so wins overflow it and bets from it fill the house.
    const rich = await createPlayer(t.app, 0n);
    await t.app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'adjustment',
      memberId: rich.memberId,
      amountMinor: MAX_INT8 - 10_000n,
      kind: 'adjustment',
      idempotencyKey: `fuzz-rich:${rich.memberId}`,
    });
    const richToken = await launchToken(t.app, rich, 'SBX-slot-01', SANDBOX_SEAMLESS);
    const richSession = (
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: richToken })
    ).json() as { value: { sessionToken: string } };
    const players = {
      rich: { memberId: rich.memberId, session: richSession.value.sessionToken },
      poor: { memberId: player.memberId, session: sessionToken },
    };
    const ops = ['bet', 'win', 'rollback', 'end-round'] as const;
    const ids = ['a', 'b'];
    const callback = fc.record({
      who: fc.constantFrom('rich', 'rich', 'poor'),
      op: fc.constantFrom(...ops),
      vendor: fc.constantFrom(SANDBOX_SEAMLESS, SANDBOX_SEAMLESS, SANDBOX_SEAMLESS, SANDBOX_TRANSFER),
      // Mostly signed for where it goes; sometimes for another callback or vendor.
      signedOp: fc.oneof(
        { arbitrary: fc.constant(null), weight: 5 },
        { arbitrary: fc.constantFrom(...ops, 'balance'), weight: 1 },
      ),
      signedVendor: fc.oneof(
        { arbitrary: fc.constant(null), weight: 5 },
        { arbitrary: fc.constantFrom(SANDBOX_SEAMLESS, SANDBOX_TRANSFER, 'ALV'), weight: 1 },
      ),
      spelling: fc.constantFrom('plain', 'vendor', 'op'),
      transactionId: fc.constantFrom(...ids),
      roundId: fc.constantFrom('r1', 'r2'),
      betTransactionId: fc.option(fc.constantFrom(...ids), { freq: 3 }),
      // Bets stay small so the rich wallet stays near the limit; the 19-digit amounts fail validation.
      amountMinor: fc.constantFrom(
        '1',
        '100',
        '9999',
        '10001',
        '1000000',
        '99999999999',
        '5000000000000000000',
        '9223372036854775807',
      ),
      betAmount: fc.constantFrom('1', '100', '9999', '5000000000000000000'),
      roundClosed: fc.boolean(),
      // Often a win first gets a correctly signed bet in its round, so it reaches the cap and overflow rules.
      stakeFirst: fc.option(fc.constantFrom('1', '100', '9999'), { freq: 3 }),
    });
    type Callback = typeof callback extends fc.Arbitrary<infer T> ? T : never;
    const scripted: Callback = {
      who: 'rich',
      op: 'bet',
      vendor: SANDBOX_SEAMLESS,
      signedOp: null,
      signedVendor: null,
      spelling: 'plain',
      transactionId: 'a',
      roundId: 'r1',
      betTransactionId: 'a',
      amountMinor: '1',
      betAmount: '1',
      roundClosed: false,
      stakeFirst: null,
    };
    const encodeFirst = (text: string) => `%${text.charCodeAt(0).toString(16).toUpperCase()}${text.slice(1)}`;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(callback, { minLength: 1, maxLength: 12 }), async (sequence) => {
        // Ids are shared within a sequence (bets meet their wins) and fresh for the next one.
        const run = crypto.randomBytes(4).toString('hex');
        for (const c of sequence) {
          const p = players[c.who as 'rich' | 'poor'];
          if (c.op === 'win' && c.stakeFirst) {
            const betId = `${run}-${c.who}-bet-${c.betTransactionId ?? 'stake'}`;
            const stake = {
              sessionToken: p.session,
              playerId: p.memberId,
              transactionId: betId,
              roundId: `${run}-${c.who}-${c.roundId}`,
              gameId: 'SBX-slot-01',
              amountMinor: c.stakeFirst,
            };
            expectEnvelope(
              await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', stake),
              `stake ${JSON.stringify(stake)}`,
            );
          }
          const raw = JSON.stringify({
            sessionToken: p.session,
            playerId: p.memberId,
            // Per-kind ids, so a win meets its bet more often than it collides with it.
            transactionId: `${run}-${c.who}-${c.op}-${c.transactionId}`,
            roundId: `${run}-${c.who}-${c.roundId}`,
            ...(c.betTransactionId ? { betTransactionId: `${run}-${c.who}-bet-${c.betTransactionId}` } : {}),
            gameId: 'SBX-slot-01',
            amountMinor: c.op === 'bet' ? c.betAmount : c.amountMinor,
            roundClosed: c.roundClosed,
          });
          const signedFor = { vassalage: c.signedVendor ?? c.vendor, op: c.signedOp ?? c.op };
          const url = `/vendor/${c.spelling === 'vendor' ? encodeFirst(c.vendor) : c.vendor}/${c.spelling === 'op' ? encodeFirst(c.op) : c.op}`;
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              'content-type': 'application/json',
              ...vendorSignatureHeaders(SECRET, {
                method: 'POST',
                path: vendorCallbackPath(signedFor.vassalage, signedFor.op),
                rawBody: raw,
              }),
            },
            payload: raw,
          });
          const label = `${url} signed for ${signedFor.vassalage}/${signedFor.op} ${raw}`;
          expectEnvelope(res, label);
          const errorCode = (JSON.parse(res.body) as { errorCode?: string }).errorCode;
          seen.add(errorCode ?? 'ok');
          // Signed for another callback or vendor: refused, whatever the body, however the URL is spelled.
          if (signedFor.op !== c.op || signedFor.vassalage !== c.vendor)
            expect(errorCode, label).toBe('VENDOR_SIGNATURE_INVALID');
          // Correctly signed money from the transfer vendor: refused for its wallet model.
          else if (c.vendor === SANDBOX_TRANSFER) expect(errorCode, label).toBe('VENDOR_NOT_SEAMLESS');
          else expect(errorCode, label).not.toBe('VENDOR_SIGNATURE_INVALID');
        }
      }),
      {
        numRuns: 120,
        // One sequence that surely reaches each rule, whatever the random ones do.
        examples: [
          [
            [
              { ...scripted, op: 'bet', betAmount: '100' },
              { ...scripted, op: 'win', transactionId: 'a', amountMinor: '1000000' },
              { ...scripted, op: 'win', transactionId: 'b', amountMinor: '99999999999' },
              { ...scripted, op: 'win', transactionId: 'b', amountMinor: '1', signedOp: 'rollback' },
              { ...scripted, op: 'bet', transactionId: 'b', vendor: SANDBOX_TRANSFER },
            ],
          ],
        ],
      },
    );
    // The run reached every rule it is about, not only the signature checks.
    for (const code of [
      'ok',
      'AMOUNT_INVALID',
      'WIN_LIMIT_EXCEEDED',
      'VENDOR_SIGNATURE_INVALID',
      'VENDOR_NOT_SEAMLESS',
    ])
      expect([...seen], code).toContain(code);
    expect(await t.app.services.ledger.getPlayerBalance(rich.memberId)).toBeLessThanOrEqual(MAX_INT8);
    await expectLedgerHealthy(t.database);
  });
});
