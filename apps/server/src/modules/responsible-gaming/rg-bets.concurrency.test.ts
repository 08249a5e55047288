import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { describePostgres } from '../../../test/test-app';
import { SANDBOX_TRANSFER } from '../gateway/gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  openSeamlessSession,
  type GatewayHarness,
  type Player,
} from '../gateway/gateway.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// Loss limits under bets sent together (migration 0500): the limit is decided in the bet's own
// transaction, under the player's wallet lock, so twenty bets at once cannot each see the same
// room. Real parallelism needs real connections: PostgreSQL only. The lottery's batch is in
// lottery-placement.test.ts, on both databases.
describePostgres('responsible gaming: loss limits under concurrent bets [postgres]', () => {
  let h: GatewayHarness;

  beforeAll(async () => {
    h = await createGatewayHarness('postgres');
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(h.database);
  });

  const setLimits = async (player: Player, limits: { kind: string; value: string }[]) =>
    valueOf(await call(h.app, 'PUT', '/wps/responsible-gaming/limits', { token: player.token, payload: { limits } }));

  /** The player's net loss today as the rounds record it (stakes less wins less refunds). */
  const netLoss = async (player: Player): Promise<bigint> => {
    const rows = await h.database.db
      .selectFrom('game_rounds')
      .select(['total_bet', 'total_win', 'total_refund'])
      .where('member_id', '=', player.memberId)
      .execute();
    return rows.reduce((s, r) => s + BigInt(r.total_bet) - BigInt(r.total_win) - BigInt(r.total_refund), 0n);
  };

  it('twenty vendor bets of 10.00 sent at once against a daily loss limit of 10.00: one is taken, nineteen refused with no room left', async () => {
    const player = await createPlayer(h.app, 100_000n);
    const sessionToken = await openSeamlessSession(h, player);
    await setLimits(player, [{ kind: 'loss_day', value: '10' }]);
    const bets = Array.from({ length: 20 }, () => ({
      op: 'bet',
      body: {
        playerId: player.memberId,
        sessionToken,
        gameId: 'SBX-slot-01',
        transactionId: id('b'),
        roundId: id('r'),
        amountMinor: '1000',
      },
    }));
    const answers = await h.sandbox.callbacks(bets, 20);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({
        errorCode: ErrorCode.RG_LOSS_LIMIT_REACHED,
        value: { period: 'day', limit: '10.00', remaining: '0.00' },
      });
    expect(await mainBalance(h.app, player.memberId)).toBe(99_000n);
    expect(await netLoss(player)).toBe(1000n);
    // A vendor's retry of a refused bet gets the refusal it was given.
    const refused = bets[answers.findIndex((a) => a.status !== 200)]!;
    const [again] = await h.sandbox.callbacks([refused]);
    expect(again!.body.errorCode).toBe(ErrorCode.RG_LOSS_LIMIT_REACHED);
    expect(await mainBalance(h.app, player.memberId)).toBe(99_000n);
  });

  it('twenty dice rolls of 10.00 at once against a daily loss limit of 10.00: the day never loses more than 10.00', async () => {
    const player = await createPlayer(h.app, 100_000n);
    await setLimits(player, [{ kind: 'loss_day', value: '10' }]);
    const url = valueOf<{ game_url: string }>(
      await call(h.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' },
      }),
    ).game_url;
    const session = valueOf<InhouseSession>(
      await call(h.app, 'POST', '/wps/inhouse/session', {
        payload: { launchToken: new URLSearchParams(url.split('?')[1]).get('launch')! },
      }),
    );
    const rolls = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(h.app, 'POST', '/wps/inhouse/dice/roll', {
          payload: {
            sessionToken: session.sessionToken,
            playerId: session.playerId,
            stakeMinor: '1000',
            idempotencyKey: id('k'),
            // A 1 % chance: almost every roll loses, so before the fix nearly all twenty were lost.
            target: 100,
            direction: 'under',
          },
        }),
      ),
    );
    const taken = rolls.filter((r) => r.statusCode === 200);
    expect(taken.length).toBeGreaterThanOrEqual(1);
    for (const r of rolls.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ errorCode: ErrorCode.RG_LOSS_LIMIT_REACHED });
    expect(await netLoss(player)).toBeLessThanOrEqual(1000n);
    expect(await mainBalance(h.app, player.memberId)).toBeGreaterThanOrEqual(99_000n);
  });

  it('money sent to a transfer-wallet vendor counts as staked: past the room it is refused, and bets and transfers count each other', async () => {
    const player = await createPlayer(h.app, 100_000n);
    const sessionToken = await openSeamlessSession(h, player);
    await setLimits(player, [{ kind: 'loss_day', value: '30' }]);
    const transfer = (amount: string) =>
      call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', {
        token: player.token,
        payload: { direction: 'in', vassalage: SANDBOX_TRANSFER, amount, idempotencyKey: id('k') },
      });
    expect((await transfer('20.00')).statusCode).toBe(200);
    const over = await transfer('10.01');
    expect(over.json()).toMatchObject({
      errorCode: ErrorCode.RG_LOSS_LIMIT_REACHED,
      value: { period: 'day', remaining: '10.00' },
    });
    expect(await mainBalance(h.app, player.memberId)).toBe(98_000n);
    // A vendor bet takes the last 10.00 of room; the next transfer finds none.
    const [bet] = await h.sandbox.callbacks([
      {
        op: 'bet',
        body: {
          playerId: player.memberId,
          sessionToken,
          gameId: 'SBX-slot-01',
          transactionId: id('b'),
          roundId: id('r'),
          amountMinor: '1000',
        },
      },
    ]);
    expect(bet!.status).toBe(200);
    expect((await transfer('0.01')).json()).toMatchObject({
      errorCode: ErrorCode.RG_LOSS_LIMIT_REACHED,
      value: { remaining: '0.00' },
    });
    expect(await mainBalance(h.app, player.memberId)).toBe(97_000n);
  });
});
