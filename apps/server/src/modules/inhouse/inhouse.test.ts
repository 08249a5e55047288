import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { diceOutcome, hashServerSeed, slotOutcome, slotPayout } from '@wps/shared/provably-fair';
import type { FairState, InhouseRoundResult, InhouseSession, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import { call, callEncrypted, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';

const run = promisify(execFile);
const VERIFIER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../scripts/verify-fair.mjs');

function key(): string {
  return `k-${crypto.randomBytes(8).toString('hex')}`;
}

describeEachDatabase('in-house provably-fair games', (target) => {
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

  /** Launch through the gateway like the lobby does, then open the game session like the game page does. */
  async function open(player: Player, nodeId = 'inhouse-slot'): Promise<InhouseSession> {
    const res = await call(t.app, 'POST', '/wps/game/launchGame', {
      token: player.token,
      payload: { nodeId, vassalage: 'inhouse', gameId: nodeId, language: 'en' },
    });
    const url = valueOf<{ game_url: string }>(res).game_url;
    expect(url).toMatch(
      new RegExp(
        `^/inhouse/play/${nodeId === 'inhouse-slot' ? 'slot' : 'dice'}\\?launch=[a-f0-9]{64}&game=${nodeId}&lang=en$`,
      ),
    );
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });

  async function fair(s: InhouseSession): Promise<FairState> {
    return valueOf<FairState>(await call(t.app, 'POST', '/wps/inhouse/fair', { payload: auth(s) }));
  }

  it('opens a session once per launch token, with the stake rules of the game', async () => {
    const player = await createPlayer(t.app, 5000n);
    const launched = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse' },
      }),
    );
    const token = new URLSearchParams(launched.game_url.split('?')[1]).get('launch')!;
    const session = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: token } }),
    );
    expect(session).toMatchObject({
      playerId: player.memberId,
      nodeId: 'inhouse-slot',
      game: 'slot',
      balanceMinor: '5000',
      minStakeMinor: '10',
      stakeStepMinor: '10',
    });
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: token } }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: 'nope' } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/fair', {
        payload: { sessionToken: 'a'.repeat(64), playerId: player.memberId },
      }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
  });

  it('a spin moves the balance by the bet and the win through the seamless wallet, and a replay is idempotent', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    const before = await fair(s);
    expect(before.serverSeedHash).toMatch(/^[a-f0-9]{64}$/);
    expect(before.nonce).toBe(0);

    const idempotencyKey = key();
    const body = { ...auth(s), stakeMinor: '100', idempotencyKey, unknownField: 1 };
    const spin = valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: body }));
    expect(spin).toMatchObject({
      game: 'slot',
      stakeMinor: '100',
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      nonce: 0,
      serverSeed: null,
      replayed: false,
    });
    const payout = BigInt(spin.payoutMinor);
    expect(BigInt(spin.balanceMinor)).toBe(10_000n - 100n + payout);
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 100n + payout);

    // The round is on the gateway's records: one bet and one win (possibly 0), settled.
    const round = await t.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('round_id', '=', spin.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({
      vassalage: 'inhouse',
      node_id: 'inhouse-slot',
      status: 'settled',
      total_bet: '100',
      total_win: payout.toString(),
    });
    const legs = await t.database.db
      .selectFrom('round_bets')
      .select(['kind', 'amount', 'status'])
      .where('round_id', '=', spin.roundId)
      .orderBy('id')
      .execute();
    expect(legs).toEqual([
      { kind: 'bet', amount: '100', status: 'accepted' },
      { kind: 'win', amount: payout.toString(), status: 'done' },
    ]);

    // Same key: same round, no second movement.
    const again = valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: body }));
    expect(again).toMatchObject({
      roundId: spin.roundId,
      payoutMinor: spin.payoutMinor,
      replayed: true,
      balanceMinor: spin.balanceMinor,
    });
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 100n + payout);
    // Same key, another stake: refused.
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: { ...body, stakeMinor: '200' } }),
      ErrorCode.DUPLICATE_TRANSACTION,
      409,
    );
    // Five concurrent replays of a new key: one round.
    const k2 = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/wps/inhouse/slot/spin', {
          payload: { ...auth(s), stakeMinor: '50', idempotencyKey: k2 },
        }),
      ),
    );
    const ids = new Set(results.map((r) => valueOf<InhouseRoundResult>(r).roundId));
    expect(ids.size).toBe(1);
    const rounds = await t.database.db
      .selectFrom('inhouse_rounds')
      .select('nonce')
      .where('member_id', '=', player.memberId)
      .orderBy('nonce')
      .execute();
    expect(rounds.map((r) => r.nonce)).toEqual(['0', '1']);
    expect((await fair(s)).nonce).toBe(2);
  });

  it('validates stakes against the game minBet, the step and the balance; a refused bet moves nothing', async () => {
    const player = await createPlayer(t.app, 150n);
    const s = await open(player);
    for (const stakeMinor of ['5', '15', '2000000']) {
      const f = expectFailure(
        await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
          payload: { ...auth(s), stakeMinor, idempotencyKey: key() },
        }),
        ErrorCode.STAKE_INVALID,
        400,
      );
      expect(f.value).toMatchObject({ minStakeMinor: '10', stakeStepMinor: '10' });
    }
    for (const stakeMinor of ['0', '-10', '1.5', 10]) {
      expectFailure(
        await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
          payload: { ...auth(s), stakeMinor, idempotencyKey: key() },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    }
    const k = key();
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(s), stakeMinor: '1000', idempotencyKey: k },
      }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    // The replay gets the same refusal; nothing moved.
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(s), stakeMinor: '1000', idempotencyKey: k },
      }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(150n);
    const row = await t.database.db
      .selectFrom('inhouse_rounds')
      .select(['status', 'error_code'])
      .where('idempotency_key', '=', k)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refused', error_code: 'INSUFFICIENT_FUNDS' });
    // A dice session cannot spin the slot.
    const dice = await open(player, 'inhouse-dice');
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(dice), stakeMinor: '10', idempotencyKey: key() },
      }),
      ErrorCode.GAME_NOT_FOUND,
      404,
    );
  });

  it('rotating reveals the old server seed; every round then verifies, also with the stand-alone script', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player);
    const state = valueOf<FairState>(
      await call(t.app, 'POST', '/wps/inhouse/fair/client-seed', {
        payload: { ...auth(s), clientSeed: 'my-lucky-seed' },
      }),
    );
    expect(state.clientSeed).toBe('my-lucky-seed');
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/fair/client-seed', { payload: { ...auth(s), clientSeed: 'has space' } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const spins: InhouseRoundResult[] = [];
    for (let i = 0; i < 3; i++) {
      spins.push(
        valueOf<InhouseRoundResult>(
          await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
            payload: { ...auth(s), stakeMinor: '100', idempotencyKey: key() },
          }),
        ),
      );
    }
    const rotated = valueOf<RotateSeedResult>(
      await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth(s) }),
    );
    expect(rotated.revealed.serverSeedHash).toBe(state.serverSeedHash);
    expect(hashServerSeed(rotated.revealed.serverSeed)).toBe(state.serverSeedHash);
    expect(rotated.revealed).toMatchObject({ clientSeed: 'my-lucky-seed', lastNonce: 2 });
    expect(rotated.current.serverSeedHash).not.toBe(state.serverSeedHash);
    expect(rotated.current).toMatchObject({ nonce: 0, clientSeed: 'my-lucky-seed' });
    expect(rotated.current.previous?.serverSeed).toBe(rotated.revealed.serverSeed);

    // The revealed seed now shows on the rounds played under it.
    const listed = rotated.current.rounds.filter((r) => spins.some((sp) => sp.roundId === r.roundId));
    expect(listed).toHaveLength(3);
    for (const r of listed) {
      expect(r.serverSeed).toBe(rotated.revealed.serverSeed);
      const expected = slotOutcome(r.serverSeed!, r.clientSeed, r.nonce);
      expect(r.outcome).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(r.payoutMinor).toBe(slotPayout(100n, expected).toString());
      const { stdout } = await run('node', [
        VERIFIER,
        '--game',
        'slot',
        '--server-seed',
        r.serverSeed!,
        '--client-seed',
        r.clientSeed,
        '--nonce',
        String(r.nonce),
        '--stake',
        '100',
        '--hash',
        r.serverSeedHash,
        '--json',
      ]);
      const verified = JSON.parse(stdout) as { hashMatches: boolean; outcome: unknown; payout: string };
      expect(verified.hashMatches).toBe(true);
      expect(verified.outcome).toEqual(r.outcome);
      expect(verified.payout).toBe(r.payoutMinor);
    }
    // A wrong hash makes the verifier fail.
    await expect(
      run('node', [
        VERIFIER,
        '--game',
        'slot',
        '--server-seed',
        rotated.revealed.serverSeed,
        '--client-seed',
        'x',
        '--nonce',
        '0',
        '--hash',
        '0'.repeat(64),
      ]),
    ).rejects.toThrow();
  });

  it('plays dice rounds with the configured edge and verifies them', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player, 'inhouse-dice');
    expect(s).toMatchObject({ game: 'dice', minStakeMinor: '10', stakeStepMinor: '1' });
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/dice/roll', {
        payload: { ...auth(s), stakeMinor: '100', idempotencyKey: key(), target: 50, direction: 'under' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    let balance = 100_000n;
    const rolls: InhouseRoundResult[] = [];
    for (let i = 0; i < 5; i++) {
      const r = valueOf<InhouseRoundResult>(
        await call(t.app, 'POST', '/wps/inhouse/dice/roll', {
          payload: {
            ...auth(s),
            stakeMinor: '1000',
            idempotencyKey: key(),
            target: 4950,
            direction: i % 2 ? 'over' : 'under',
          },
        }),
      );
      balance += BigInt(r.payoutMinor) - 1000n;
      expect(BigInt(r.balanceMinor)).toBe(balance);
      rolls.push(r);
    }
    expect(await mainBalance(t.app, player.memberId)).toBe(balance);
    const rotated = valueOf<RotateSeedResult>(
      await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth(s) }),
    );
    for (const r of rolls) {
      const o = r.outcome as { target: number; direction: 'under' | 'over'; roll: number; win: boolean };
      expect(o).toEqual(
        JSON.parse(
          JSON.stringify(diceOutcome(rotated.revealed.serverSeed, r.clientSeed, r.nonce, o.target, o.direction)),
        ),
      );
      const { stdout } = await run('node', [
        VERIFIER,
        '--game',
        'dice',
        '--server-seed',
        rotated.revealed.serverSeed,
        '--client-seed',
        r.clientSeed,
        '--nonce',
        String(r.nonce),
        '--target',
        String(o.target),
        '--direction',
        o.direction,
        '--stake',
        '1000',
        '--json',
      ]);
      const verified = JSON.parse(stdout) as { outcome: unknown; payout: string };
      expect(verified.outcome).toEqual(r.outcome);
      expect(verified.payout).toBe(r.payoutMinor);
    }
  });

  it('trial accounts play in-house games with their demo credit only, and see their own record', async () => {
    const trial = valueOf<{ token: string }>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', {
        random: crypto.randomBytes(8).toString('hex'),
      }),
    );
    const start = BigInt(
      valueOf<{ sumBalanceMinor: string }>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: trial.token }))
        .sumBalanceMinor,
    );
    const player = { token: trial.token, memberId: '' };
    const s = await open(player);
    expect(BigInt(s.balanceMinor)).toBe(start);
    // The operator's demo credit (200.00 by default) is the trial account's whole stake.
    expect(start).toBeGreaterThan(0n);
    const spin = valueOf<InhouseRoundResult>(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(s), stakeMinor: '10', idempotencyKey: key() },
      }),
    );
    expect(BigInt(spin.balanceMinor)).toBe(start - 10n + BigInt(spin.payoutMinor));
    const record = valueOf<{ total: number }>(await call(t.app, 'GET', '/wps/bet-record', { token: trial.token }));
    expect(record.total).toBe(1);
    // More than the demo credit is refused by the wallet; nothing moves.
    const over = (start + 1000n - ((start + 1000n) % 10n)).toString();
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth(s), stakeMinor: over, idempotencyKey: key() },
      }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    expect(
      BigInt(
        valueOf<{ sumBalanceMinor: string }>(
          await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: trial.token }),
        ).sumBalanceMinor,
      ),
    ).toBe(BigInt(spin.balanceMinor));
  });

  it('a game under maintenance refuses new rounds of an open session', async () => {
    const player = await createPlayer(t.app, 1_000n);
    const s = await open(player);
    const actor = { actorType: 'system' as const, actorId: null };
    await t.app.services.catalogue.setGameStatus(actor, 'inhouse-slot', 'maintenance', 'test');
    try {
      expectFailure(
        await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
          payload: { ...auth(s), stakeMinor: '10', idempotencyKey: key() },
        }),
        ErrorCode.GAME_MAINTENANCE,
        409,
      );
    } finally {
      await t.app.services.catalogue.setGameStatus(actor, 'inhouse-slot', 'active', 'test');
    }
    expect(await mainBalance(t.app, player.memberId)).toBe(1_000n);
  });

  it('finishes a round interrupted between the bet and the win (recovery job, or a retry) exactly once', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    const seamless = t.app.services.gateway.seamless;
    const realWin = seamless.win;
    // The process "dies" after the bet: the win call fails before reaching the wallet.
    seamless.win = () => Promise.reject(new Error('simulated crash'));
    const k = key();
    const body = { ...auth(s), stakeMinor: '100', idempotencyKey: k };
    let failed;
    try {
      failed = await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: body });
    } finally {
      seamless.win = realWin;
    }
    expect(failed.statusCode).toBe(500);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n);
    const pending = await t.database.db
      .selectFrom('inhouse_rounds')
      .select(['round_id', 'status', 'payout'])
      .where('idempotency_key', '=', k)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');

    const done = await t.app.services.inhouse.settleStaleRounds(new Date(Date.now() + 1000));
    expect(done).toBe(1);
    const payout = BigInt(pending.payout);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n + payout);
    // Nothing left to do; the player's retry returns the same round and moves nothing.
    expect(await t.app.services.inhouse.settleStaleRounds(new Date(Date.now() + 1000))).toBe(0);
    const retried = valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload: body }));
    expect(retried).toMatchObject({ roundId: pending.round_id, replayed: true, payoutMinor: payout.toString() });
    expect(await mainBalance(t.app, player.memberId)).toBe(9_900n + payout);
    const round = await t.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('round_id', '=', pending.round_id)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'settled', total_bet: '100', total_win: payout.toString() });
  });
});
