import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { MAX_INT8 } from '../ledger/ledger.types';
import { SANDBOX_SEAMLESS, SANDBOX_TRANSFER } from './gateway.service';
import { createPlayer, injectCallback, launchToken, mainBalance, type Player } from './gateway.test-support';
import { signVendorRequest, vendorSignatureHeaders, verifyVendorSignature } from './vendor-signature';

/**
 * The vendor boundary, through the real HTTP path (app.inject):
 * - the signature covers the method and the path, so a signed body replayed on another callback
 *   or vendor is refused;
 * - money callbacks are for seamless vendors only;
 * - a sum that would overflow a balance, and a win over the cap, are stored refusals, never 5xx.
 */
const SECRET = crypto.randomBytes(24).toString('hex');
const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

describe('vendor signature: the worked example of docs/vendor-api.md Signing', () => {
  const secret = 'sandbox-secret-0123456789';
  const timestamp = '1795442400';
  const rawBody =
    '{"playerId":"123","transactionId":"w-1","roundId":"r-1","betTransactionId":"b-1","amountMinor":"250","roundClosed":true}';
  it('signs method, path and body; the win signature does not verify on /rollback', () => {
    const win = { method: 'POST', path: '/vendor/SBX/win', rawBody };
    const rollback = { method: 'POST', path: '/vendor/SBX/rollback', rawBody };
    expect(signVendorRequest(secret, timestamp, win)).toBe(
      'f0c5441363d21a0421430b8eab68b8845eeaa7fc4e9e05adea7e447417af025a',
    );
    expect(signVendorRequest(secret, timestamp, rollback)).toBe(
      '396935d912c7396d3c3bedd7c82bd533718eef3f9569d331d762a38e05bafe98',
    );
    const now = Number(timestamp) * 1000;
    expect(
      verifyVendorSignature(
        secret,
        win,
        timestamp,
        'f0c5441363d21a0421430b8eab68b8845eeaa7fc4e9e05adea7e447417af025a',
        now,
      ),
    ).toBe(true);
    expect(
      verifyVendorSignature(
        secret,
        rollback,
        timestamp,
        'f0c5441363d21a0421430b8eab68b8845eeaa7fc4e9e05adea7e447417af025a',
        now,
      ),
    ).toBe(false);
  });
});

describeEachDatabase('vendor boundary', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const [vassalage, walletModel] of [
      [SANDBOX_SEAMLESS, 'seamless'],
      [SANDBOX_TRANSFER, 'transfer'],
      // A second seamless vendor with the same secret: a body signed for one must not verify on the other.
      ['ALV', 'seamless'],
    ] as const) {
      await t.app.services.gateway.configureAdapter({
        vassalage,
        walletModel,
        launchUrl: 'http://vendor.test/play',
        apiUrl: walletModel === 'transfer' ? 'http://127.0.0.1:9/api' : null,
        secret: SECRET,
        requestTimeoutMs: 500,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  async function session(player: Player, vassalage = SANDBOX_SEAMLESS, nodeId = 'SBX-slot-01'): Promise<string> {
    const token = await launchToken(t.app, player, nodeId, vassalage);
    return valueOf<{ sessionToken: string }>(
      await injectCallback(t.app, SECRET, vassalage, 'authenticate', { launchToken: token }),
    ).sessionToken;
  }

  const roundBets = async (memberId: string) =>
    t.database.db
      .selectFrom('round_bets')
      .select(['vendor_tx_id', 'kind', 'status', 'vassalage'])
      .where('member_id', '=', memberId)
      .execute();

  it('a signed body replayed on another callback or vendor is refused; any spelling of the right path verifies', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const sessionToken = await session(player);
    const round = id('r');
    const betBody = {
      sessionToken,
      playerId: player.memberId,
      transactionId: id('b'),
      roundId: round,
      gameId: 'SBX-slot-01',
      amountMinor: '1000',
    };

    // A bet body signed for /bet, posted to /win (its fields also parse as a win): refused.
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', betBody, { op: 'bet' }),
      ErrorCode.VENDOR_SIGNATURE_INVALID,
      401,
    );
    // Signed for another vendor that shares the secret: refused.
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', betBody, { vassalage: 'ALV' }),
      ErrorCode.VENDOR_SIGNATURE_INVALID,
      401,
    );
    // Signed as a GET: refused.
    const raw = JSON.stringify(betBody);
    const asGet = await t.app.inject({
      method: 'POST',
      url: `/vendor/${SANDBOX_SEAMLESS}/bet`,
      headers: {
        'content-type': 'application/json',
        ...vendorSignatureHeaders(SECRET, { method: 'GET', path: `/vendor/${SANDBOX_SEAMLESS}/bet`, rawBody: raw }),
      },
      payload: raw,
    });
    expectFailure(asGet, ErrorCode.VENDOR_SIGNATURE_INVALID, 401);
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n);
    expect(await roundBets(player.memberId)).toEqual([]);

    // The signed path is the matched route, not the raw URL: an encoded spelling still verifies.
    const encoded = await t.app.inject({
      method: 'POST',
      url: `/vendor/%53BX/b%65t`,
      headers: {
        'content-type': 'application/json',
        ...vendorSignatureHeaders(SECRET, { method: 'POST', path: `/vendor/${SANDBOX_SEAMLESS}/bet`, rawBody: raw }),
      },
      payload: raw,
    });
    expect(encoded.statusCode, encoded.body).toBe(200);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n);

    // A win body signed for /win, posted to /rollback (it parses as a rollback too): refused.
    const winBody = {
      playerId: player.memberId,
      transactionId: id('w'),
      roundId: round,
      betTransactionId: betBody.transactionId,
      amountMinor: '2500',
    };
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'rollback', winBody, { op: 'win' }),
      ErrorCode.VENDOR_SIGNATURE_INVALID,
      401,
    );
    // An end-round body signed as a balance call: refused.
    expectFailure(
      await injectCallback(
        t.app,
        SECRET,
        SANDBOX_SEAMLESS,
        'end-round',
        { playerId: player.memberId, roundId: round },
        { op: 'balance' },
      ),
      ErrorCode.VENDOR_SIGNATURE_INVALID,
      401,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n);
    expect((await roundBets(player.memberId)).map((r) => r.kind)).toEqual(['bet']);

    // Signed for the right callback, the same win is accepted.
    expect(
      valueOf<{ balanceMinor: string }>(await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', winBody))
        .balanceMinor,
    ).toBe('11500');
  });

  it("a transfer-model vendor's signed money callbacks are refused and write nothing", async () => {
    const player = await createPlayer(t.app, 5_000n);
    // A transfer vendor authenticates its players (launch), but never moves our wallet.
    const sessionToken = await session(player, SANDBOX_TRANSFER, 'SBT-fish-01');
    const round = id('r');
    const bet = id('b');
    const base = { sessionToken, playerId: player.memberId };
    for (const [op, body] of [
      ['bet', { ...base, transactionId: bet, roundId: round, gameId: 'SBT-fish-01', amountMinor: '100' }],
      ['win', { ...base, transactionId: id('w'), roundId: round, betTransactionId: bet, amountMinor: '100' }],
      ['rollback', { ...base, transactionId: id('rb'), roundId: round, betTransactionId: bet }],
      ['end-round', { ...base, roundId: round }],
      ['balance', base],
    ] as const) {
      expectFailure(
        await injectCallback(t.app, SECRET, SANDBOX_TRANSFER, op, body),
        ErrorCode.VENDOR_NOT_SEAMLESS,
        403,
      );
    }
    expect(await mainBalance(t.app, player.memberId)).toBe(5_000n);
    expect(await roundBets(player.memberId)).toEqual([]);
    const rounds = await t.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rounds).toEqual([]);
  });

  it('a win over 10,000× the round stake is a stored WIN_LIMIT_EXCEEDED; up to the cap it pays', async () => {
    const player = await createPlayer(t.app, 1_000n);
    const sessionToken = await session(player);
    const round = id('r');
    const bet = id('b');
    valueOf(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', {
        sessionToken,
        playerId: player.memberId,
        transactionId: bet,
        roundId: round,
        gameId: 'SBX-slot-01',
        amountMinor: '3',
      }),
    );
    const over = {
      playerId: player.memberId,
      transactionId: id('w'),
      roundId: round,
      betTransactionId: bet,
      amountMinor: '30001',
      roundClosed: true,
    };
    for (let i = 0; i < 3; i++) {
      const refused = expectFailure(
        await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', over),
        ErrorCode.WIN_LIMIT_EXCEEDED,
        409,
      );
      expect(refused.value).toMatchObject({ maxWinMinor: '30000' });
    }
    const stored = (await roundBets(player.memberId)).find((r) => r.vendor_tx_id === over.transactionId);
    expect(stored).toMatchObject({ kind: 'win', status: 'refused' });
    // The refusal did not settle the round: a win at the cap pays and closes it.
    const atCap = { ...over, transactionId: id('w'), amountMinor: '30000' };
    expect(
      valueOf<{ balanceMinor: string; roundStatus: string }>(
        await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', atCap),
      ),
    ).toMatchObject({
      balanceMinor: String(1_000 - 3 + 30_000),
      roundStatus: 'settled',
    });
    // The refused id stays refused, even though the round is settled now.
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', over),
      ErrorCode.WIN_LIMIT_EXCEEDED,
      409,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(30_997n);
  });

  it('a win that would carry a balance past 2^63 − 1 is a stored AMOUNT_INVALID, never a 5xx', async () => {
    const player = await createPlayer(t.app, 0n);
    // A wallet 500 short of the bigint maximum (from an account no other test moves).
    await t.app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'adjustment',
      memberId: player.memberId,
      amountMinor: MAX_INT8 - 500n,
      kind: 'adjustment',
      idempotencyKey: `overflow-fund:${player.memberId}`,
    });
    const sessionToken = await session(player);
    const round = id('r');
    const bet = id('b');
    valueOf(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', {
        sessionToken,
        playerId: player.memberId,
        transactionId: bet,
        roundId: round,
        gameId: 'SBX-slot-01',
        amountMinor: '1000',
      }),
    );
    const before = await mainBalance(t.app, player.memberId);
    expect(before).toBe(MAX_INT8 - 1_500n);
    const win = {
      playerId: player.memberId,
      transactionId: id('w'),
      roundId: round,
      betTransactionId: bet,
      amountMinor: '1501',
    };
    for (let i = 0; i < 3; i++)
      expectFailure(await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', win), ErrorCode.AMOUNT_INVALID, 400);
    expect(await mainBalance(t.app, player.memberId)).toBe(before);
    expect((await roundBets(player.memberId)).find((r) => r.vendor_tx_id === win.transactionId)).toMatchObject({
      kind: 'win',
      status: 'refused',
    });
    // Exactly up to the maximum is fine.
    const exact = { ...win, transactionId: id('w'), amountMinor: '1500' };
    expect(
      valueOf<{ balanceMinor: string }>(await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', exact))
        .balanceMinor,
    ).toBe(MAX_INT8.toString());
    // A later win in another round would overflow too.
    const cb = (op: string, body: Record<string, unknown>) =>
      injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, op, { playerId: player.memberId, ...body });
    const round2 = id('r');
    const bet2 = id('b');
    valueOf(
      await cb('bet', { sessionToken, transactionId: bet2, roundId: round2, gameId: 'SBX-slot-01', amountMinor: '10' }),
    );
    expectFailure(
      await cb('win', { transactionId: id('w'), roundId: round2, betTransactionId: bet2, amountMinor: '11' }),
      ErrorCode.AMOUNT_INVALID,
      400,
    );
    // A refund that would overflow is refused too, but not stored: the bet is still owed back, so
    // the same rollback applies once the balance allows it.
    valueOf(await cb('win', { transactionId: id('w'), roundId: round, betTransactionId: bet, amountMinor: '10' }));
    const rollback = { transactionId: id('rb'), roundId: round2, betTransactionId: bet2 };
    expectFailure(await cb('rollback', rollback), ErrorCode.AMOUNT_INVALID, 400);
    expect(await mainBalance(t.app, player.memberId)).toBe(MAX_INT8);
    valueOf(
      await cb('bet', {
        sessionToken,
        transactionId: id('b'),
        roundId: id('r'),
        gameId: 'SBX-slot-01',
        amountMinor: '100',
      }),
    );
    expect(valueOf<{ balanceMinor: string }>(await cb('rollback', rollback)).balanceMinor).toBe(
      (MAX_INT8 - 90n).toString(),
    );
  });
});
