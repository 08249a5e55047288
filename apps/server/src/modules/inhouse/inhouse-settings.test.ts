import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import type { InhouseGameSettingsChange, OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';

// The in-house games' settings through their routes: the list with each game's RTP and stake
// limits, a maximum stake that the next game session tells the player and every round is held to,
// and the refusals (below the minimum, not a whole step, above the house limit, other roles),
// which write nothing.
describeEachDatabase('in-house game settings (back office)', (target) => {
  let t: TestApp;
  let support: string;
  let marketing: string;
  let player: Player;

  beforeAll(async () => {
    t = await createTestApp(target);
    support = (await createTestOperator(t.app, 'support')).token;
    marketing = (await createTestOperator(t.app, 'marketing')).token;
    player = await createPlayer(t.app, 100_000n);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const games = async (token = support) =>
    valueOf<OpsInhouseGame[]>(await call(t.app, 'GET', '/ops/inhouse-games', { token }));
  const put = (nodeId: string, payload: Record<string, unknown>, token = support) =>
    call(t.app, 'PUT', `/ops/inhouse-games/${nodeId}/settings`, { token, payload });
  const audit = (nodeId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before', 'after'])
      .where('action', '=', 'inhouse_game.settings')
      .where('subject_id', '=', nodeId)
      .orderBy('id')
      .execute();

  /** Launch like the lobby, open the game session like the game page: the rules the player is shown. */
  async function open(nodeId: string): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId, vassalage: 'inhouse' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const roll = (s: InhouseSession, stakeMinor: string) =>
    call(t.app, 'POST', '/wps/inhouse/dice/roll', {
      payload: {
        sessionToken: s.sessionToken,
        playerId: s.playerId,
        stakeMinor,
        idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
        target: 5000,
        direction: 'under',
      },
    });

  it('lists each in-house game with its fixed RTP and the house limit as maximum; every role with games.read reads it', async () => {
    const list = await games(marketing);
    expect(list).toEqual([
      {
        nodeId: 'inhouse-slot',
        name: 'Lucky Fives',
        game: 'slot',
        status: 'active',
        rtp: 0.96,
        minStakeMinor: '10',
        maxStakeMinor: '1000000',
        stakeStepMinor: '10',
        maxStakeSetMinor: null,
        isOriginal: false,
        rtpBps: 9600,
        rtpBpsSet: null,
        maxPayoutMinor: null,
        maxPayoutSetMinor: null,
        wageringWeightPct: null,
        needsCertificate: false,
        certificate: null,
        hiddenByLicence: false,
      },
      {
        nodeId: 'inhouse-dice',
        name: 'Provable Dice',
        game: 'dice',
        status: 'active',
        rtp: 0.99,
        minStakeMinor: '10',
        maxStakeMinor: '1000000',
        stakeStepMinor: '1',
        maxStakeSetMinor: null,
        isOriginal: false,
        rtpBps: 9900,
        rtpBpsSet: null,
        maxPayoutMinor: null,
        maxPayoutSetMinor: null,
        wageringWeightPct: null,
        needsCertificate: false,
        certificate: null,
        hiddenByLicence: false,
      },
      ...[
        ['inhouse-limbo', 'Limbo', 'limbo'],
        ['inhouse-plinko', 'Plinko', 'plinko'],
        ['inhouse-keno', 'House Keno', 'keno'],
        ['inhouse-mines', 'Mines', 'mines'],
        ['inhouse-hilo', 'Hi-Lo', 'hilo'],
        ['inhouse-crash', 'Crash', 'crash'],
      ].map(([nodeId, name, game]) => ({
        nodeId,
        name,
        game,
        status: 'active',
        rtp: 0.99,
        minStakeMinor: '10',
        maxStakeMinor: '1000000',
        stakeStepMinor: '1',
        maxStakeSetMinor: null,
        isOriginal: true,
        rtpBps: 9900,
        rtpBpsSet: null,
        maxPayoutMinor: '100000000',
        maxPayoutSetMinor: null,
        wageringWeightPct: null,
        // The generic licence asks no lab certificate: none recorded, none hidden.
        needsCertificate: true,
        certificate: null,
        hiddenByLicence: false,
      })),
    ]);
  });

  it('a maximum stake set on dice: audited, the player is told it, a round above it is refused and one at it plays', async () => {
    const change = valueOf<InhouseGameSettingsChange>(
      await put('inhouse-dice', { maxStakeMinor: '500', reason: 'cap dice at 5' }),
    );
    const none = { maxStakeMinor: null, rtpBps: null, maxPayoutMinor: null, wageringWeightPct: null };
    expect(change).toEqual({ nodeId: 'inhouse-dice', before: none, after: { ...none, maxStakeMinor: '500' } });
    expect((await games()).find((g) => g.nodeId === 'inhouse-dice')).toMatchObject({
      maxStakeMinor: '500',
      maxStakeSetMinor: '500',
    });
    expect(await audit('inhouse-dice')).toEqual([
      { reason: 'cap dice at 5', before: none, after: { ...none, maxStakeMinor: '500' } },
    ]);

    const session = await open('inhouse-dice');
    expect(session).toMatchObject({ minStakeMinor: '10', maxStakeMinor: '500' });
    const refused = expectFailure(await roll(session, '501'), ErrorCode.STAKE_INVALID, 400);
    expect(refused.value).toMatchObject({ maxStakeMinor: '500' });
    expect(valueOf<InhouseRoundResult>(await roll(session, '500'))).toMatchObject({ stakeMinor: '500' });
    // The slot keeps the house limit.
    expect((await open('inhouse-slot')).maxStakeMinor).toBe('1000000');

    // A second change answers the maximum it replaced.
    expect(
      valueOf<InhouseGameSettingsChange>(await put('inhouse-dice', { maxStakeMinor: '2000', reason: 'raise the cap' }))
        .before,
    ).toEqual({ ...none, maxStakeMinor: '500' });
    expect(valueOf<InhouseRoundResult>(await roll(await open('inhouse-dice'), '2000')).stakeMinor).toBe('2000');
  });

  it('refuses a maximum below the minimum, off the step, above the house limit, for another game or role; nothing is written', async () => {
    const below = expectFailure(
      await put('inhouse-slot', { maxStakeMinor: '5', reason: 'too low' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(below.value).toMatchObject({
      fields: [{ field: 'body.maxStakeMinor', message: 'belowMin' }],
      minStakeMinor: '10',
      stakeStepMinor: '10',
    });
    const offStep = expectFailure(
      await put('inhouse-slot', { maxStakeMinor: '1005', reason: 'odd' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(offStep.value).toMatchObject({ fields: [{ field: 'body.maxStakeMinor', message: 'notStep' }] });
    expectFailure(
      await put('inhouse-slot', { maxStakeMinor: '1000010', reason: 'too high' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('inhouse-slot', { maxStakeMinor: '2,50', reason: 'typed' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await put('inhouse-slot', { maxStakeMinor: '500' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await put('SBX-slot-01', { maxStakeMinor: '500', reason: 'not ours' }),
      ErrorCode.GAME_NOT_FOUND,
      404,
    );
    expectFailure(
      await put('inhouse-slot', { maxStakeMinor: '500', reason: 'no role' }, marketing),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expect((await games()).find((g) => g.nodeId === 'inhouse-slot')).toMatchObject({
      maxStakeMinor: '1000000',
      maxStakeSetMinor: null,
    });
    expect(await audit('inhouse-slot')).toEqual([]);
  });

  it('a minimum bet raised above the maximum later wins: the game stays playable at its minimum', async () => {
    valueOf(
      await call(t.app, 'PUT', '/ops/games/inhouse-dice/settings', {
        token: support,
        payload: { minBetMinor: '3000', reason: 'high rollers' },
      }),
    );
    expect((await games()).find((g) => g.nodeId === 'inhouse-dice')).toMatchObject({
      minStakeMinor: '3000',
      maxStakeMinor: '3000',
      maxStakeSetMinor: '2000',
    });
    const session = await open('inhouse-dice');
    expect(session).toMatchObject({ minStakeMinor: '3000', maxStakeMinor: '3000' });
    expectFailure(await roll(session, '3010'), ErrorCode.STAKE_INVALID, 400);
    // Setting a maximum under the new minimum is refused.
    expectFailure(
      await put('inhouse-dice', { maxStakeMinor: '2500', reason: 'too low now' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });

  it("a change another instance writes reaches this one's rounds through the change feed, not only a change made here", async () => {
    const session = await open('inhouse-limbo');
    const play = (stakeMinor: string) =>
      call(t.app, 'POST', '/wps/inhouse/limbo/play', {
        payload: {
          sessionToken: session.sessionToken,
          playerId: session.playerId,
          stakeMinor,
          idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
          targetHundredths: 200,
        },
      });
    // A round read the game's settings, which this instance now holds in memory.
    valueOf(await play('1000'));
    // Another instance's change: written straight to the table, so only its trigger's notification
    // (migration 0755) tells this instance.
    await t.database.db
      .insertInto('inhouse_game_settings')
      .values({ node_id: 'inhouse-limbo', max_stake_minor: '500', updated_at: new Date() })
      .onConflict((oc) => oc.column('node_id').doUpdateSet({ max_stake_minor: '500' }))
      .execute();
    await expect.poll(async () => (await play('1000')).statusCode, { timeout: 5000, interval: 50 }).toBe(400);
    valueOf(await play('500'));
  });
});
