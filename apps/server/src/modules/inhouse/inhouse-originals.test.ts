import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { kenoMultipliers, kenoOutcome } from '@wps/shared/originals/keno';
import { limboOutcome } from '@wps/shared/originals/limbo';
import { plinkoMultipliers, plinkoOutcome } from '@wps/shared/originals/plinko';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import type { FairState, InhouseRoundResult, InhouseSession, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { giveBonus } from '../bonus/bonus.test-support';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';

// The house originals through their routes on the real database: rounds won and lost with their
// money in the wallet and the betting record, the RTP and maximum payout the operator sets (fixed
// on each round at placement), replays by idempotency key, and the refusals, which move nothing.
describeEachDatabase('house originals: limbo, plinko, keno', (target) => {
  let t: TestApp;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    support = (await createTestOperator(t.app, 'support')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;

  async function open(player: Player, nodeId: string): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId, vassalage: 'inhouse' },
      }),
    ).game_url;
    expect(url).toMatch(new RegExp(`^/inhouse/play/${nodeId.slice('inhouse-'.length)}\\?launch=`));
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const play = (s: InhouseSession, game: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/wps/inhouse/${game}/play`, {
      payload: { sessionToken: s.sessionToken, playerId: s.playerId, idempotencyKey: key(), ...body },
    });

  const putSettings = (nodeId: string, payload: Record<string, unknown>) =>
    call(t.app, 'PUT', `/ops/inhouse-games/${nodeId}/settings`, { token: support, payload });

  async function rotate(s: InhouseSession): Promise<RotateSeedResult> {
    const payload = { sessionToken: s.sessionToken, playerId: s.playerId };
    return valueOf<RotateSeedResult>(await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload }));
  }

  it('limbo: a win pays stake × target, a loss pays nothing, the balance and the betting record show both, and the revealed seed proves them', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const session = await open(player, 'inhouse-limbo');
    expect(session).toMatchObject({ game: 'limbo', minStakeMinor: '10', stakeStepMinor: '1' });

    // 1.01× wins 98 % of rounds; 10,000× loses 99.99 %: play each until it happens (a handful of rounds).
    let win: InhouseRoundResult | undefined;
    let loss: InhouseRoundResult | undefined;
    for (let i = 0; i < 30 && !(win && loss); i++) {
      const r = valueOf<InhouseRoundResult>(
        await play(session, 'limbo', { stakeMinor: '1000', targetHundredths: win ? 1_000_000 : 101 }),
      );
      if (r.payoutMinor !== '0') win ??= r;
      else loss ??= r;
    }
    expect(win).toMatchObject({
      game: 'limbo',
      payoutMinor: '1010',
      rtpBps: 9900,
      outcome: { win: true, multiplierBp: 10_100 },
    });
    expect(loss).toMatchObject({ payoutMinor: '0', outcome: { win: false, multiplierBp: 0 } });

    const rounds = await t.database.db
      .selectFrom('inhouse_rounds')
      .select(['stake', 'payout'])
      .where('member_id', '=', player.memberId)
      .execute();
    const net = rounds.reduce((sum, r) => sum - BigInt(r.stake) + BigInt(r.payout), 0n);
    expect(await mainBalance(t.app, player.memberId)).toBe(100_000n + net);
    expect(loss!.balanceMinor).toBe(String(await mainBalance(t.app, player.memberId)));

    const record = valueOf<BetRecordPage>(await call(t.app, 'GET', '/wps/bet-record', { token: player.token }));
    for (const r of [win!, loss!])
      expect(record.list.find((row) => row.roundId === r.roundId)).toMatchObject({
        nodeId: 'inhouse-limbo',
        gameName: 'Limbo',
        stakeMinor: '1000',
        payoutMinor: r.payoutMinor,
        status: 'settled',
      });

    const revealed = (await rotate(session)).revealed.serverSeed;
    for (const r of [win!, loss!]) {
      const target = (r.outcome as { targetHundredths: number }).targetHundredths;
      expect(limboOutcome(revealed, r.clientSeed, r.nonce, { targetHundredths: target }, r.rtpBps!)).toEqual(r.outcome);
    }
  });

  it('plinko and keno: the round’s path or draw and its payout at the table’s multiplier, proven once the seed is revealed', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const pl = await open(player, 'inhouse-plinko');
    const p = valueOf<InhouseRoundResult>(await play(pl, 'plinko', { stakeMinor: '1000', rows: 12, risk: 'high' }));
    const po = p.outcome as { path: number[]; bin: number; multiplierBp: number };
    expect(po.path).toHaveLength(12);
    expect(po.multiplierBp).toBe(plinkoMultipliers(12, 'high', 9900)[po.bin]);
    expect(p.payoutMinor).toBe(String((1000n * BigInt(po.multiplierBp)) / 10_000n));

    const ke = await open(player, 'inhouse-keno');
    const k = valueOf<InhouseRoundResult>(
      await play(ke, 'keno', { stakeMinor: '500', picks: [40, 1, 20], risk: 'low' }),
    );
    const ko = k.outcome as { drawn: number[]; hits: number[]; multiplierBp: number };
    expect(new Set(ko.drawn).size).toBe(10);
    expect(ko.multiplierBp).toBe(kenoMultipliers(3, 'low', 9900)[ko.hits.length]);

    const revealed = (await rotate(ke)).revealed.serverSeed;
    expect(plinkoOutcome(revealed, p.clientSeed, p.nonce, { rows: 12, risk: 'high' }, 9900)).toEqual(p.outcome);
    expect(kenoOutcome(revealed, k.clientSeed, k.nonce, { picks: [40, 1, 20], risk: 'low' }, 9900)).toEqual(k.outcome);
    const fair = valueOf<FairState>(
      await call(t.app, 'POST', '/wps/inhouse/fair', {
        payload: { sessionToken: ke.sessionToken, playerId: ke.playerId },
      }),
    );
    expect(fair.previous?.serverSeed).toBe(revealed);
  });

  it('a repeated key replays the round once charged; the same key for other choices is refused', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player, 'inhouse-plinko');
    const body = {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
      idempotencyKey: key(),
      stakeMinor: '700',
      rows: 8,
      risk: 'low',
    };
    const first = valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/plinko/play', { payload: body }));
    const again = valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/plinko/play', { payload: body }));
    expect(again).toMatchObject({ roundId: first.roundId, replayed: true, payoutMinor: first.payoutMinor });
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n - 700n + BigInt(first.payoutMinor));
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/plinko/play', { payload: { ...body, risk: 'high' } }),
      ErrorCode.DUPLICATE_TRANSACTION,
      409,
    );
  });

  it('the operator’s RTP and maximum payout: audited, stated in the catalogue, fixed on the next round, and a stake that could win more is refused', async () => {
    const player = await createPlayer(t.app, 100_000n);
    valueOf(
      await putSettings('inhouse-limbo', {
        maxStakeMinor: '1000000',
        rtpBps: 9700,
        maxPayoutMinor: '50000',
        reason: 'launch at 97 %',
      }),
    );
    const listed = valueOf<OpsInhouseGame[]>(await call(t.app, 'GET', '/ops/inhouse-games', { token: support })).find(
      (g) => g.nodeId === 'inhouse-limbo',
    );
    expect(listed).toMatchObject({
      rtpBps: 9700,
      rtpBpsSet: 9700,
      rtp: 0.97,
      maxPayoutMinor: '50000',
      maxPayoutSetMinor: '50000',
    });
    const game = await t.database.db
      .selectFrom('games')
      .select('rtp_bps')
      .where('node_id', '=', 'inhouse-limbo')
      .executeTakeFirstOrThrow();
    expect(game.rtp_bps).toBe(9700);

    const s = await open(player, 'inhouse-limbo');
    const r = valueOf<InhouseRoundResult>(await play(s, 'limbo', { stakeMinor: '100', targetHundredths: 200 }));
    expect(r.rtpBps).toBe(9700);
    // 500 × 100× = 50,000 is the limit; one more minor unit of stake could win more.
    const refused = expectFailure(
      await play(s, 'limbo', { stakeMinor: '501', targetHundredths: 10_000 }),
      ErrorCode.STAKE_INVALID,
      400,
    );
    expect(refused.value).toMatchObject({ maxStakeMinor: '500', maxPayoutMinor: '50000' });
    valueOf(await play(s, 'limbo', { stakeMinor: '500', targetHundredths: 10_000 }));

    // Outside the band, or on a game whose RTP is fixed: refused, nothing written.
    expectFailure(
      await putSettings('inhouse-limbo', { maxStakeMinor: '1000', rtpBps: 9950, reason: 'too generous' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await putSettings('inhouse-dice', { maxStakeMinor: '1000', rtpBps: 9800, reason: 'fixed' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'inhouse_game.settings')
      .where('subject_id', '=', 'inhouse-limbo')
      .execute();
    expect(audit.map((a) => a.after)).toEqual([
      { maxStakeMinor: '1000000', rtpBps: 9700, maxPayoutMinor: '50000', wageringWeightPct: null },
    ]);
  });

  it('a game’s own bonus wagering weight counts that share of its stakes towards a bonus, in place of its category’s', async () => {
    const player = await createPlayer(t.app, 0n);
    await giveBonus(t.app, player.memberId, 1_000n, { wageringMultiple: 10, maxStakeMinor: '1000' });
    await t.app.services.rewardEvents.drain();
    const change = valueOf<{ after: { wageringWeightPct: number | null } }>(
      await putSettings('inhouse-plinko', {
        maxStakeMinor: '1000000',
        wageringWeightPct: 25,
        reason: 'a quarter counts',
      }),
    );
    expect(change.after.wageringWeightPct).toBe(25);
    const s = await open(player, 'inhouse-plinko');
    valueOf(await play(s, 'plinko', { stakeMinor: '400', rows: 8, risk: 'low' }));
    await t.app.services.rewardEvents.drain();
    const view = valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token: player.token }));
    // RNG counts 100 % in the bonus settings; this game's own weight says 25 %.
    expect(view.wagers.map((w) => [w.category, w.turnoverMinor, w.percent, w.countedMinor])).toEqual([
      ['RNG', '400', 25, '100'],
    ]);
    expect(view.bonuses[0]!.wageredMinor).toBe('100');
    // Cleared (null), the category's share applies again.
    valueOf(
      await putSettings('inhouse-plinko', { maxStakeMinor: '1000000', wageringWeightPct: null, reason: 'back to RNG' }),
    );
    const listed = valueOf<OpsInhouseGame[]>(await call(t.app, 'GET', '/ops/inhouse-games', { token: support }));
    expect(listed.find((g) => g.nodeId === 'inhouse-plinko')!.wageringWeightPct).toBeNull();
  });

  it('refuses bad choices, another game’s session and a game in maintenance with a 4xx, moving no money', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const limbo = await open(player, 'inhouse-limbo');
    const keno = await open(player, 'inhouse-keno');
    const plinko = await open(player, 'inhouse-plinko');
    for (const [s, game, body] of [
      [limbo, 'limbo', { stakeMinor: '100', targetHundredths: 100 }],
      [limbo, 'limbo', { stakeMinor: '100', targetHundredths: 1_000_001 }],
      [plinko, 'plinko', { stakeMinor: '100', rows: 17, risk: 'low' }],
      [plinko, 'plinko', { stakeMinor: '100', rows: 8, risk: 'extreme' }],
      [keno, 'keno', { stakeMinor: '100', picks: [], risk: 'low' }],
      [keno, 'keno', { stakeMinor: '100', picks: [3, 3], risk: 'low' }],
      [keno, 'keno', { stakeMinor: '100', picks: [41], risk: 'low' }],
      [keno, 'keno', { stakeMinor: '100', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: 'low' }],
      [keno, 'keno', { stakeMinor: '0', picks: [1], risk: 'low' }],
    ] as const)
      expectFailure(await play(s, game, body), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await play(limbo, 'keno', { stakeMinor: '100', picks: [1], risk: 'low' }),
      ErrorCode.GAME_NOT_FOUND,
      404,
    );
    expectFailure(await play(keno, 'keno', { stakeMinor: '5', picks: [1], risk: 'low' }), ErrorCode.STAKE_INVALID, 400);

    valueOf(
      await call(t.app, 'PUT', '/ops/games/inhouse-keno/status', {
        token: support,
        payload: { status: 'maintenance', reason: 'check' },
      }),
    );
    const closed = await play(keno, 'keno', { stakeMinor: '100', picks: [1], risk: 'low' });
    expect(closed.statusCode).toBeGreaterThanOrEqual(400);
    expect(closed.statusCode).toBeLessThan(500);
    expect(await mainBalance(t.app, player.memberId)).toBe(10_000n);
    valueOf(
      await call(t.app, 'PUT', '/ops/games/inhouse-keno/status', {
        token: support,
        payload: { status: 'active', reason: 'done' },
      }),
    );
  });
});
