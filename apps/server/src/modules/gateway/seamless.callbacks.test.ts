import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { databaseTargets } from '../../../test/test-app';
import { SANDBOX_SEAMLESS } from './gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  launchToken,
  mainBalance,
  openSeamlessSession,
  shuffle,
  type GatewayHarness,
  type Player,
  type SandboxCallback,
} from './gateway.test-support';
import { vendorSignatureHeaders } from './vendor-signature';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// Callbacks go from the sandbox vendor process to the platform over real HTTP, signed by the
// vendor. The ledger invariants are checked after every test.
for (const target of databaseTargets()) {
  describe(`seamless callbacks through the sandbox vendor [${target}]`, () => {
    let h: GatewayHarness;

    beforeAll(async () => {
      h = await createGatewayHarness(target);
    });
    afterAll(async () => {
      await h?.close();
    });
    afterEach(async () => {
      await expectLedgerHealthy(h.database);
    });

    async function session(balanceMinor: bigint): Promise<{ player: Player; sessionToken: string }> {
      const player = await createPlayer(h.app, balanceMinor);
      return { player, sessionToken: await openSeamlessSession(h, player) };
    }

    it('every callback replayed 2–5 times, shuffled (including a rollback before its bet), moves money once', async () => {
      const { player, sessionToken } = await session(10_000n);
      const base = { playerId: player.memberId, sessionToken };
      const r1 = id('r');
      const r2 = id('r');
      const r3 = id('r');
      const bet1 = id('b');
      const bet2 = id('b');
      const lateBet = id('b');
      // Round 1: bet 1000, win 2500 (closes). Round 2: bet 700, rolled back. Round 3: rollback first, bet later.
      const unique: SandboxCallback[] = [
        { op: 'bet', body: { ...base, transactionId: bet1, roundId: r1, gameId: 'SBX-slot-01', amountMinor: '1000' } },
        { op: 'bet', body: { ...base, transactionId: bet2, roundId: r2, gameId: 'SBX-slot-01', amountMinor: '700' } },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: r3, betTransactionId: lateBet } },
      ];
      // First the ones whose order matters for the outcome, then everything shuffled again.
      const first = await h.sandbox.callbacks(unique);
      expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
      const followUps: SandboxCallback[] = [
        {
          op: 'win',
          body: {
            ...base,
            transactionId: id('w'),
            roundId: r1,
            betTransactionId: bet1,
            amountMinor: '2500',
            roundClosed: true,
          },
        },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: r2, betTransactionId: bet2 } },
      ];
      const second = await h.sandbox.callbacks(followUps);
      expect(second.map((r) => r.status)).toEqual([200, 200]);
      const balanceAfterFirst = await mainBalance(h.app, player.memberId);
      expect(balanceAfterFirst).toBe(10_000n - 1000n + 2500n);

      const all = [...unique, ...followUps];
      const replays = shuffle(all.flatMap((c) => Array.from({ length: 1 + crypto.randomInt(1, 5) }, () => c)));
      const results = await h.sandbox.callbacks(replays, 4);
      for (const [i, r] of results.entries())
        expect(r.status, `${replays[i]!.op}: ${JSON.stringify(r.body)}`).toBe(200);
      // A replay answers with the first answer: the balance it reports is the one from then.
      const firstBetAnswer = first[0]!.body.value!.balanceMinor;
      const betReplays = results.filter((_, i) => replays[i]!.body.transactionId === bet1);
      for (const r of betReplays) expect(r.body.value!.balanceMinor).toBe(firstBetAnswer);
      expect(await mainBalance(h.app, player.memberId)).toBe(balanceAfterFirst);

      // The bet whose rollback came first is refused, however often it is sent.
      const late = await h.sandbox.callbacks(
        Array.from({ length: 3 }, () => ({
          op: 'bet',
          body: { ...base, transactionId: lateBet, roundId: r3, gameId: 'SBX-slot-01', amountMinor: '500' },
        })),
      );
      for (const r of late) {
        expect(r.status).toBe(409);
        expect(r.body.errorCode).toBe('BET_CANCELLED');
      }
      expect(await mainBalance(h.app, player.memberId)).toBe(balanceAfterFirst);
    });

    it('rejects a win for an unknown bet, and a win or rollback after the round settled', async () => {
      const { player, sessionToken } = await session(5_000n);
      const base = { playerId: player.memberId, sessionToken };
      const [unknownRound, unknownBet] = await h.sandbox.callbacks([
        { op: 'win', body: { ...base, transactionId: id('w'), roundId: id('r'), amountMinor: '100' } },
        {
          op: 'win',
          body: { ...base, transactionId: id('w'), roundId: id('r'), betTransactionId: id('b'), amountMinor: '100' },
        },
      ]);
      expect(unknownRound!.body.errorCode).toBe('BET_NOT_FOUND');
      expect(unknownBet!.body.errorCode).toBe('BET_NOT_FOUND');

      const round = id('r');
      const bet = id('b');
      const res = await h.sandbox.callbacks([
        { op: 'bet', body: { ...base, transactionId: bet, roundId: round, gameId: 'SBX-slot-01', amountMinor: '400' } },
        { op: 'win', body: { ...base, transactionId: id('w'), roundId: round, amountMinor: '0' } },
        { op: 'end-round', body: { ...base, roundId: round } },
        { op: 'end-round', body: { ...base, roundId: round } },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: round, betTransactionId: bet } },
        { op: 'win', body: { ...base, transactionId: id('w'), roundId: round, amountMinor: '900' } },
        {
          op: 'bet',
          body: { ...base, transactionId: id('b'), roundId: round, gameId: 'SBX-slot-01', amountMinor: '100' },
        },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: round, betTransactionId: id('b') } },
      ]);
      expect(res.slice(0, 4).map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (const r of res.slice(4)) expect(r.body.errorCode).toBe('ROUND_SETTLED');
      expect(await mainBalance(h.app, player.memberId)).toBe(4_600n);
    });

    it('rejects the same id with a different amount, round or player; a second rollback refunds nothing', async () => {
      const { player, sessionToken } = await session(5_000n);
      const other = await session(5_000n);
      const base = { playerId: player.memberId, sessionToken };
      const round = id('r');
      const bet = id('b');
      const res = await h.sandbox.callbacks([
        { op: 'bet', body: { ...base, transactionId: bet, roundId: round, gameId: 'SBX-slot-01', amountMinor: '300' } },
        { op: 'bet', body: { ...base, transactionId: bet, roundId: round, gameId: 'SBX-slot-01', amountMinor: '301' } },
        {
          op: 'bet',
          body: { ...base, transactionId: bet, roundId: id('r'), gameId: 'SBX-slot-01', amountMinor: '300' },
        },
        {
          op: 'bet',
          body: {
            playerId: other.player.memberId,
            sessionToken: other.sessionToken,
            transactionId: bet,
            roundId: round,
            gameId: 'SBX-slot-01',
            amountMinor: '300',
          },
        },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: round, betTransactionId: bet } },
        { op: 'rollback', body: { ...base, transactionId: id('rb'), roundId: round, betTransactionId: bet } },
      ]);
      expect(res[0]!.status).toBe(200);
      for (const r of res.slice(1, 4)) expect(r.body.errorCode).toBe('DUPLICATE_TRANSACTION');
      expect(res[4]!.body.value!.transactionId).toBeTruthy();
      expect(res[5]!.status).toBe(200);
      expect(res[5]!.body.value!.transactionId).toBeNull();
      expect(await mainBalance(h.app, player.memberId)).toBe(5_000n);
      expect(await mainBalance(h.app, other.player.memberId)).toBe(5_000n);
    });

    it('rejects a bad signature, an unknown vendor and an expired or foreign session; insufficient funds carries the balance', async () => {
      const { player, sessionToken } = await session(250n);
      const base = { playerId: player.memberId, sessionToken };
      const other = await createPlayer(h.app, 0n);
      const [bad, unknownVendor, foreign, poor] = await h.sandbox.callbacks([
        {
          op: 'bet',
          badSignature: true,
          body: { ...base, transactionId: id('b'), roundId: id('r'), gameId: 'SBX-slot-01', amountMinor: '100' },
        },
        {
          op: 'bet',
          vendor: 'NOPE',
          body: { ...base, transactionId: id('b'), roundId: id('r'), gameId: 'SBX-slot-01', amountMinor: '100' },
        },
        {
          op: 'bet',
          body: {
            playerId: other.memberId,
            sessionToken,
            transactionId: id('b'),
            roundId: id('r'),
            gameId: 'SBX-slot-01',
            amountMinor: '100',
          },
        },
        {
          op: 'bet',
          body: { ...base, transactionId: id('b'), roundId: id('r'), gameId: 'SBX-slot-01', amountMinor: '300' },
        },
      ]);
      expect([bad!.status, bad!.body.errorCode]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
      expect([unknownVendor!.status, unknownVendor!.body.errorCode]).toEqual([404, 'VENDOR_NOT_FOUND']);
      expect([foreign!.status, foreign!.body.errorCode]).toEqual([401, 'VENDOR_TOKEN_INVALID']);
      expect([poor!.status, poor!.body.errorCode]).toEqual([409, 'INSUFFICIENT_FUNDS']);
      expect((poor!.body as { value?: { balanceMinor?: string } }).value?.balanceMinor).toBe('250');

      // An old timestamp is refused even with a correct HMAC for it.
      const raw = JSON.stringify({ playerId: player.memberId, sessionToken });
      const ts = String(Math.floor(Date.now() / 1000) - 600);
      const sig = crypto
        .createHmac('sha256', h.sandbox.secret)
        .update(`${ts}.POST./vendor/${SANDBOX_SEAMLESS}/balance.${raw}`)
        .digest('hex');
      const old = await fetch(`${h.baseUrl}/vendor/${SANDBOX_SEAMLESS}/balance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wps-timestamp': ts, 'x-wps-signature': sig },
        body: raw,
      });
      expect(old.status).toBe(401);
      expect(await mainBalance(h.app, player.memberId)).toBe(250n);
    });

    it("the sandbox vendor's control endpoints refuse calls not signed with its secret", async () => {
      const player = await createPlayer(h.app, 0n);
      const calls: [string, string, unknown][] = [
        ['POST', '/control/faults', { down: true }],
        ['POST', '/control/reset', {}],
        ['POST', '/control/callbacks', { requests: [{ op: 'balance', body: {} }] }],
        ['GET', `/control/wallets/${player.memberId}`, undefined],
        ['POST', `/control/wallets/${player.memberId}`, { deltaMinor: '500' }],
      ];
      const send = (method: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${h.sandbox.url}${route}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      for (const [method, route, body] of calls) {
        expect((await send(method, route, body)).status, `${method} ${route} unsigned`).toBe(401);
        // Signed with another secret, or signed for another path: refused as well.
        const raw = body === undefined ? '' : JSON.stringify(body);
        expect(
          (
            await send(
              method,
              route,
              body,
              vendorSignatureHeaders('x'.repeat(32), { method, path: route, rawBody: raw }),
            )
          ).status,
        ).toBe(401);
        expect(
          (
            await send(
              method,
              route,
              body,
              vendorSignatureHeaders(h.sandbox.secret, { method, path: '/control/reset', rawBody: raw }),
            )
          ).status,
        ).toBe(route === '/control/reset' ? 200 : 401);
        // The secret itself as a bearer is not a signature.
        expect((await send(method, route, body, { authorization: `Bearer ${h.sandbox.secret}` })).status).toBe(401);
      }
      // Another spelling of the path reaches the same route and is refused the same way.
      expect([401, 404]).toContain((await send('POST', '/%63ontrol/faults', { down: true })).status);
      // Nothing took effect: no fault set, no money at the vendor.
      expect(await h.sandbox.control<{ faults: { down: boolean } }>('/control/reset', {})).toMatchObject({
        faults: { down: false },
      });
      expect(await h.sandbox.control(`/control/wallets/${player.memberId}`)).toEqual({ balanceMinor: '0' });
    });

    it('a launch token authenticates once; the balance callback needs the live session', async () => {
      const player = await createPlayer(h.app, 1_234n);
      const sessionToken = await openSeamlessSession(h, player);
      const [balance] = await h.sandbox.callbacks([
        { op: 'balance', body: { playerId: player.memberId, sessionToken } },
      ]);
      expect(balance!.body.value!.balanceMinor).toBe('1234');
    });

    it('playing the sandbox game page with duplicate callbacks and out-of-order rollbacks moves money once per spin', async () => {
      const player = await createPlayer(h.app, 10_000n);
      const token = await launchToken(h.app, player, 'SBX-slot-05', SANDBOX_SEAMLESS);
      const page = await fetch(
        `${h.sandbox.url}/play?token=${token}&game=SBX-slot-05&vendor=${SANDBOX_SEAMLESS}&lang=en`,
      );
      expect(page.status).toBe(200);
      const sid = /const sid = "([a-f0-9]+)"/.exec(await page.text())![1]!;
      const spin = async () => {
        const res = await fetch(`${h.sandbox.url}/play/${sid}/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ betMinor: '500' }),
        });
        return {
          status: res.status,
          body: (await res.json()) as { success: boolean; errorCode?: string; value?: { winMinor: string } },
        };
      };
      // The rollback overtakes its bet: the bet is refused and nothing moves.
      await h.sandbox.control('/control/faults', { outOfOrderRollback: true, duplicateCallbacks: 2 });
      const refused = await spin();
      expect([refused.status, refused.body.errorCode]).toEqual([409, 'BET_CANCELLED']);
      expect(await mainBalance(h.app, player.memberId)).toBe(10_000n);
      // Every callback sent three times: each spin still moves money once.
      await h.sandbox.control('/control/faults', { outOfOrderRollback: false, duplicateCallbacks: 3 });
      let expected = 10_000n;
      for (let i = 0; i < 4; i++) {
        const r = await spin();
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expected += BigInt(r.body.value!.winMinor) - 500n;
      }
      await h.sandbox.control('/control/reset', {});
      expect(await mainBalance(h.app, player.memberId)).toBe(expected);
      const rounds = await h.database.db
        .selectFrom('game_rounds')
        .select(['status', 'total_bet'])
        .where('member_id', '=', player.memberId)
        .execute();
      expect(rounds.map((r) => [r.status, r.total_bet])).toEqual(Array.from({ length: 4 }, () => ['settled', '500']));
      // A used launch token cannot open the game again.
      const again = await fetch(`${h.sandbox.url}/play?token=${token}&game=SBX-slot-05&vendor=${SANDBOX_SEAMLESS}`);
      expect(again.status).toBe(401);
    });

    it('200 concurrent bets from one player whose balance covers only 50 → exactly 50 accepted', async () => {
      const { player, sessionToken } = await session(50n * 100n);
      const bets = Array.from({ length: 200 }, () => ({
        op: 'bet',
        body: {
          playerId: player.memberId,
          sessionToken,
          transactionId: id('b'),
          roundId: id('r'),
          gameId: 'SBX-slot-01',
          amountMinor: '100',
        },
      }));
      const results = await h.sandbox.callbacks(bets, 200);
      const accepted = results.filter((r) => r.status === 200).length;
      const refused = results.filter((r) => r.body.errorCode === 'INSUFFICIENT_FUNDS').length;
      expect([accepted, refused]).toEqual([50, 150]);
      expect(await mainBalance(h.app, player.memberId)).toBe(0n);
      // Replaying all 200 concurrently changes nothing and answers each as before.
      const again = await h.sandbox.callbacks(bets, 200);
      expect(again.map((r) => r.status)).toEqual(results.map((r) => r.status));
      expect(await mainBalance(h.app, player.memberId)).toBe(0n);
    });
  });
}
