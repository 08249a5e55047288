import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MissionLeaderboard, MissionSummary, OpsMission } from '@wps/shared/schemas/missions';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { fundMember } from '../withdrawal/withdrawal.test-support';

// Missions over the real event stream: an operator's daily mission (stake on a category, play
// different games), progress from settled rounds, the claim once per period, the badge count and
// the leaderboard; a step of another category does not count.

describeEachDatabase('missions', (target) => {
  let t: TestApp;
  let marketing: string;
  let daily: OpsMission;
  let weekly: OpsMission;

  beforeAll(async () => {
    t = await createTestApp(target);
    marketing = await operatorToken(t, 'marketing');
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  const save = (body: Record<string, unknown>, id?: string) =>
    call(t.app, id ? 'PUT' : 'POST', id ? `/ops/missions/${id}` : '/ops/missions', {
      token: marketing,
      payload: {
        cadence: 'daily',
        titlePt: 'Gire hoje',
        titleEn: 'Spin today',
        status: 'live',
        rewardMinor: '500',
        sortOrder: 0,
        reason: 'daily missions plan',
        ...body,
      },
    });

  async function play(memberId: string, gameId: string, amount: bigint, vassalage = 'inhouse') {
    const seamless = t.app.services.gateway.seamless;
    const round = `r-${crypto.randomUUID()}`;
    await seamless.bet({
      vassalage,
      memberId,
      transactionId: `b-${crypto.randomUUID()}`,
      roundId: round,
      gameId,
      amountMinor: amount,
    });
    await seamless.win({
      vassalage,
      memberId,
      transactionId: `w-${crypto.randomUUID()}`,
      roundId: round,
      amountMinor: 0n,
      roundClosed: true,
    });
  }

  const summary = async (token: string) =>
    valueOf<MissionSummary>(
      await call(t.app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', { token, headers: { language: 'en' } }),
    );
  const claim = (token: string, missionId: string) =>
    call(t.app, 'POST', '/wps/missions/claim', { token, payload: { missionId } });

  it('lets the operator write mission sets and refuses bad steps', async () => {
    const bad = await save({ steps: [{ kind: 'deposit', category: 'RNG', target: '100' }] });
    expect(bad.statusCode).toBe(400);
    daily = valueOf<OpsMission>(
      await save({
        steps: [
          { kind: 'stake', category: 'RNG', target: '2000' },
          { kind: 'distinct_games', target: '2' },
        ],
      }),
    );
    weekly = valueOf<OpsMission>(
      await save({
        cadence: 'weekly',
        titlePt: 'Deposite',
        titleEn: 'Deposit',
        steps: [{ kind: 'stake', category: 'LIVE', target: '100' }],
      }),
    );
    const list = valueOf<{ list: OpsMission[] }>(await call(t.app, 'GET', '/ops/missions', { token: marketing })).list;
    expect(list.map((m) => m.id)).toEqual(expect.arrayContaining([daily.id, weekly.id]));
  });

  it('counts progress from rounds, claims a completed mission once and lowers the badge', async () => {
    const p = await newPlayer(t);
    await fundMember(t.app, p.memberId, 1_000_00n);
    await play(p.memberId, 'inhouse-slot', 15_00n);
    await t.app.services.rewardEvents.drain();
    let s = await summary(p.token);
    expect(s.claimableCount).toBe(0);
    const mine = s.daily.missions.find((m) => m.id === daily.id)!;
    expect(mine).toMatchObject({
      title: 'Spin today',
      status: 'in_progress',
      steps: [
        { kind: 'stake', target: '2000', progress: '1500' },
        { kind: 'distinct_games', target: '2', progress: '1' },
      ],
    });
    expect((await claim(p.token, daily.id)).json()).toMatchObject({ errorCode: 'MISSION_NOT_COMPLETED' });

    await play(p.memberId, 'inhouse-dice', 10_00n);
    await t.app.services.rewardEvents.drain();
    s = await summary(p.token);
    expect(s.claimableCount).toBe(1);
    expect(s.daily.missions.find((m) => m.id === daily.id)).toMatchObject({ status: 'claimable' });
    // The LIVE step of the weekly mission is not moved by RNG play.
    expect(s.weekly.missions.find((m) => m.id === weekly.id)?.steps[0]).toMatchObject({ progress: '0' });

    const before = await t.app.services.ledger.getPlayerBalance(p.memberId);
    const results = await Promise.all([1, 2, 3].map(() => claim(p.token, daily.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode !== 200).every((r) => r.json().errorCode === 'MISSION_ALREADY_CLAIMED'),
    ).toBe(true);
    expect(await t.app.services.ledger.getPlayerBalance(p.memberId)).toBe(before + 500n);
    s = await summary(p.token);
    expect(s.claimableCount).toBe(0);
    expect(s.daily.missions.find((m) => m.id === daily.id)).toMatchObject({ status: 'claimed' });

    const board = valueOf<MissionLeaderboard>(
      await call(t.app, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard', { token: p.token }),
    );
    expect(board.me).toEqual({ rank: 1, completed: 1 });
    expect(board.list[0]).toMatchObject({ rank: 1, completed: 1, isMe: true });
    expect(board.list[0]!.account).toContain('***');
  });

  it('answers unknown and ended missions 404', async () => {
    const p = await newPlayer(t);
    expect((await claim(p.token, '999999')).statusCode).toBe(404);
    expect(
      (await save({ status: 'ended', steps: [{ kind: 'stake', category: 'LIVE', target: '100' }] }, weekly.id))
        .statusCode,
    ).toBe(200);
    expect((await claim(p.token, weekly.id)).json()).toMatchObject({ errorCode: 'MISSION_NOT_FOUND' });
    expect((await call(t.app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', {})).statusCode).toBe(401);
  });
});
