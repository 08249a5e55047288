import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RgSessionSummary } from '@wps/shared/schemas/responsible-gaming';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { databaseTargets } from '../../../test/test-app';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  openSeamlessSession,
  type GatewayHarness,
} from '../gateway/gateway.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// Bets arrive as the vendor sends them: signed callbacks from the sandbox vendor over HTTP.
for (const target of databaseTargets()) {
  describe(`responsible gaming: stake and loss limits on the seamless wallet [${target}]`, () => {
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

    it('refuses a stake over the stake limit, and bets once the day’s net loss reaches the loss limit; a retried accepted bet is still its replay', async () => {
      const player = await createPlayer(h.app, 100_000n);
      const sessionToken = await openSeamlessSession(h, player);
      valueOf(
        await call(h.app, 'PUT', '/wps/responsible-gaming/limits', {
          token: player.token,
          payload: {
            limits: [
              { kind: 'stake', value: '50' },
              { kind: 'loss_day', value: '100' },
            ],
          },
        }),
      );
      const base = { playerId: player.memberId, sessionToken, gameId: 'SBX-slot-01' };
      const bet = (amountMinor: string, transactionId = id('b'), roundId = id('r')) => ({
        op: 'bet',
        body: { ...base, transactionId, roundId, amountMinor },
      });

      const [tooBig] = await h.sandbox.callbacks([bet('5001')]);
      expect(tooBig!.status).toBe(409);
      expect(tooBig!.body).toMatchObject({ errorCode: 'RG_STAKE_LIMIT_EXCEEDED', value: { limit: '50.00' } });

      // Lose 40 + 40, then win 10 back in a third round: net loss 70, 30 left.
      const r1 = await h.sandbox.callbacks([bet('4000'), bet('4000')]);
      expect(r1.map((r) => r.status)).toEqual([200, 200]);
      const round = id('r');
      const third = id('b');
      const r2 = await h.sandbox.callbacks([
        bet('1000', third, round),
        {
          op: 'win',
          body: {
            ...base,
            transactionId: id('w'),
            roundId: round,
            betTransactionId: third,
            amountMinor: '2000',
            roundClosed: true,
          },
        },
      ]);
      expect(r2.map((r) => r.status)).toEqual([200, 200]);
      const [over] = await h.sandbox.callbacks([bet('3001')]);
      expect(over!.body).toMatchObject({
        errorCode: 'RG_LOSS_LIMIT_REACHED',
        value: { period: 'day', remaining: '30.00' },
      });
      const last = id('b');
      const lastRound = id('r');
      const [ok] = await h.sandbox.callbacks([bet('3000', last, lastRound)]);
      expect(ok!.status).toBe(200);
      const balance = await mainBalance(h.app, player.memberId);
      // The vendor retries the bet that reached the limit: answered as the replay, not refused, not charged twice.
      const [retry] = await h.sandbox.callbacks([bet('3000', last, lastRound)]);
      expect(retry!.status, JSON.stringify(retry!.body)).toBe(200);
      expect(await mainBalance(h.app, player.memberId)).toBe(balance);
      const [refused] = await h.sandbox.callbacks([bet('1')]);
      expect(refused!.body).toMatchObject({ errorCode: 'RG_LOSS_LIMIT_REACHED', value: { remaining: '0.00' } });

      // The reality check's figures are the session's rounds, from the server.
      const summary = valueOf<RgSessionSummary>(
        await call(h.app, 'GET', '/wps/responsible-gaming/session', { token: player.token }),
      );
      expect(summary).toMatchObject({ stakes: '120.00', wins: '20.00', net: '-100.00' });
    });

    it('a player without limits bets as before', async () => {
      const player = await createPlayer(h.app, 10_000n);
      const sessionToken = await openSeamlessSession(h, player);
      const [res] = await h.sandbox.callbacks([
        {
          op: 'bet',
          body: {
            playerId: player.memberId,
            sessionToken,
            gameId: 'SBX-slot-01',
            transactionId: id('b'),
            roundId: id('r'),
            amountMinor: '9000',
          },
        },
      ]);
      expect(res!.status).toBe(200);
    });
  });
}
