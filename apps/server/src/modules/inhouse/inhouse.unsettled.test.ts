import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { slotOutcome, slotPayout } from '@wps/shared/provably-fair';
import type { FairState, InhouseSession, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';

function key(): string {
  return `k-${crypto.randomBytes(8).toString('hex')}`;
}

// An in-house round's outcome is never visible before the round is settled. The
// outcome is fixed (and stored) before the money moves; if the money step is interrupted, the
// round waits for a retry or the recovery job. Showing it meanwhile, or revealing the seed that
// decides it, would let a player keep the wins and dodge the losses (empty the wallet first).
describeEachDatabase('in-house rounds stay hidden until settled', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  async function open(player: Player): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });

  /** Run `fn` while one seamless call fails as a crash would (not a wallet refusal). */
  async function whileFailing<T>(op: 'bet' | 'win', fn: () => Promise<T>): Promise<T> {
    const seamless = t.app.services.gateway.seamless;
    const real = seamless[op];
    seamless[op] = () => Promise.reject(new Error('simulated outage'));
    try {
      return await fn();
    } finally {
      seamless[op] = real;
    }
  }

  async function pendingRound(idempotencyKey: string) {
    return t.database.db
      .selectFrom('inhouse_rounds')
      .select(['round_id', 'status', 'payout', 'outcome'])
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
  }

  it('a round whose bet did not go through shows nowhere and its seed is not revealed until it settles', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    // One settled round, so the panel is not empty and the check below can fail.
    const settled = valueOf<{ roundId: string }>(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(s), stakeMinor: '100', idempotencyKey: key() },
      }),
    );
    const afterFirst = await mainBalance(t.app, player.memberId);

    const k = key();
    const failed = await whileFailing('bet', () =>
      call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: { ...auth(s), stakeMinor: '100', idempotencyKey: k } }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('grid');
    const pending = await pendingRound(k);
    expect(pending.status).toBe('pending');
    expect(await mainBalance(t.app, player.memberId)).toBe(afterFirst);

    // The fairness panel lists the settled round only: the pending round's outcome is not there.
    const state = valueOf<FairState>(await call(t.app, 'POST', '/wps/inhouse/fair', { payload: auth(s) }));
    expect(state.rounds.map((r) => r.roundId)).toEqual([settled.roundId]);
    expect(JSON.stringify(state)).not.toContain(pending.round_id);

    // Rotating would reveal the seed, and with it the pending outcome: refused while it cannot settle.
    await whileFailing('bet', async () => {
      expectFailure(
        await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth(s) }),
        ErrorCode.ROUND_IN_PROGRESS,
        409,
      );
    });
    const seeds = await t.database.db
      .selectFrom('inhouse_seeds')
      .select('status')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(seeds.map((r) => r.status)).toEqual(['active']);
    expect(
      valueOf<FairState>(await call(t.app, 'POST', '/wps/inhouse/fair', { payload: auth(s) })).previous,
    ).toBeNull();

    // Once the wallet answers, the rotation settles the round first, then reveals the seed.
    const rotated = valueOf<RotateSeedResult>(
      await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth(s) }),
    );
    expect((await pendingRound(k)).status).toBe('settled');
    const payout = BigInt(pending.payout);
    expect(await mainBalance(t.app, player.memberId)).toBe(afterFirst - 100n + payout);
    const listed = rotated.current.rounds.find((r) => r.roundId === pending.round_id);
    expect(listed).toBeDefined();
    const expected = slotOutcome(rotated.revealed.serverSeed, listed!.clientSeed, listed!.nonce);
    expect(listed!.outcome).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(listed!.payoutMinor).toBe(slotPayout(100n, expected).toString());
  });

  it('a round whose win did not go through stays hidden; the rotation pays it before revealing', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    const k = key();
    const failed = await whileFailing('win', () =>
      call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: { ...auth(s), stakeMinor: '100', idempotencyKey: k } }),
    );
    expect(failed.statusCode).toBe(500);
    const pending = await pendingRound(k);
    expect(pending.status).toBe('pending');
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n);
    expect(valueOf<FairState>(await call(t.app, 'POST', '/wps/inhouse/fair', { payload: auth(s) })).rounds).toEqual([]);

    const rotated = valueOf<RotateSeedResult>(
      await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth(s) }),
    );
    expect(rotated.current.rounds.map((r) => [r.roundId, r.status])).toEqual([[pending.round_id, 'settled']]);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n + BigInt(pending.payout));
  });
});
