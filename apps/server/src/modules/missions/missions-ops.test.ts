import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type {
  MissionSummary,
  OpsMission,
  OpsMissionFiguresList,
  OpsMissionLeaderboard,
} from '@wps/shared/schemas/missions';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { fundMember } from '../withdrawal/withdrawal.test-support';

// The back office's missions screen through its API: a mission switched off, on and archived
// (audited, refused to a role without rewards.write, bad bodies refused with their errorCode),
// and its figures in the current period (players who progressed, completed and claimed) with the
// week's leaderboard as operators see it.

describeEachDatabase('missions (operators)', (target) => {
  let t: TestApp;
  let marketing: string;
  let support: string;
  let mission: OpsMission;

  beforeAll(async () => {
    t = await createTestApp(target);
    marketing = await operatorToken(t, 'marketing');
    support = await operatorToken(t, 'support');
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  const body = {
    cadence: 'daily',
    titlePt: 'Duas mesas',
    titleEn: 'Two tables',
    status: 'live',
    rewardMinor: '300',
    sortOrder: 0,
    reason: 'daily missions plan',
    steps: [
      { kind: 'stake', category: 'RNG', target: '2000' },
      { kind: 'distinct_games', target: '2' },
    ],
  };
  const setStatus = (id: string, payload: Record<string, unknown>, token = marketing) =>
    call(t.app, 'POST', `/ops/missions/${id}/status`, { token, payload });
  const figures = async (token = marketing) =>
    valueOf<OpsMissionFiguresList>(await call(t.app, 'GET', '/ops/missions/figures', { token }));
  const figuresOf = async (id: string) => (await figures()).list.find((f) => f.missionId === id);

  async function play(memberId: string, gameId: string, amount: bigint) {
    const seamless = t.app.services.gateway.seamless;
    const round = `r-${crypto.randomUUID()}`;
    await seamless.bet({
      vassalage: 'inhouse',
      memberId,
      transactionId: `b-${crypto.randomUUID()}`,
      roundId: round,
      gameId,
      amountMinor: amount,
    });
    await seamless.win({
      vassalage: 'inhouse',
      memberId,
      transactionId: `w-${crypto.randomUUID()}`,
      roundId: round,
      amountMinor: 0n,
      roundClosed: true,
    });
  }
  const dailyIds = async (token: string) =>
    valueOf<MissionSummary>(
      await call(t.app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', { token }),
    ).daily.missions.map((m) => m.id);

  it('refuses writes to a role without rewards.write, and bad bodies with their errorCode', async () => {
    expectFailure(
      await call(t.app, 'POST', '/ops/missions', { token: support, payload: body }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    mission = valueOf<OpsMission>(await call(t.app, 'POST', '/ops/missions', { token: marketing, payload: body }));
    expectFailure(
      await call(t.app, 'PUT', `/ops/missions/${mission.id}`, { token: support, payload: body }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await setStatus(mission.id, { status: 'draft', reason: 'pause for now' }, support),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    // Support reads the screen (rewards.read).
    expect((await figures(support)).list.map((f) => f.missionId)).toContain(mission.id);
    expect((await call(t.app, 'GET', '/ops/missions/leaderboard', { token: support })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/ops/missions/figures', {})).statusCode).toBe(401);

    expectFailure(
      await setStatus(mission.id, { status: 'paused', reason: 'pause for now' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await setStatus(mission.id, { status: 'draft' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await setStatus('999999', { status: 'draft', reason: 'pause for now' }),
      ErrorCode.MISSION_NOT_FOUND,
      404,
    );
    expectFailure(
      await setStatus('abc', { status: 'draft', reason: 'pause for now' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/missions', { token: marketing, payload: { ...body, rewardMinor: '0' } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/missions', { token: marketing, payload: { ...body, steps: [] } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/missions', {
        token: marketing,
        payload: { ...body, steps: [{ kind: 'login_days', target: '8' }] },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    // Nothing was written by the refusals: still live, one mission.
    const list = valueOf<{ list: OpsMission[] }>(await call(t.app, 'GET', '/ops/missions', { token: marketing })).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: mission.id, status: 'live' });
  });

  it('switches a mission off, on and archives it, audited, and players see only it live', async () => {
    const p = await newPlayer(t);
    expect(await dailyIds(p.token)).toContain(mission.id);
    expect(
      valueOf<OpsMission>(await setStatus(mission.id, { status: 'draft', reason: 'pause for the weekend' })),
    ).toMatchObject({ status: 'draft' });
    expect(await dailyIds(p.token)).not.toContain(mission.id);
    expect(valueOf<OpsMission>(await setStatus(mission.id, { status: 'live', reason: 'back on' }))).toMatchObject({
      status: 'live',
      titleEn: 'Two tables',
    });
    expect(await dailyIds(p.token)).toContain(mission.id);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before', 'after'])
      .where('action', '=', 'mission.status')
      .where('subject_id', '=', mission.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.reason)).toEqual(['pause for the weekend', 'back on']);
    expect(audit[0]).toMatchObject({ before: { status: 'live' }, after: { status: 'draft' } });
  });

  it('counts the players who progressed, completed and claimed, and ranks them on the week board', async () => {
    expect(await figuresOf(mission.id)).toMatchObject({
      progressed: 0,
      completed: 0,
      claimed: 0,
      claimedAllTime: 0,
      paidMinor: '0',
    });
    const halfway = await newPlayer(t);
    const done = await newPlayer(t);
    const other = await newPlayer(t);
    for (const p of [halfway, done, other]) await fundMember(t.app, p.memberId, 1_000_00n);
    await play(halfway.memberId, 'inhouse-slot', 15_00n);
    await play(done.memberId, 'inhouse-slot', 15_00n);
    await play(done.memberId, 'inhouse-dice', 10_00n);
    await t.app.services.rewardEvents.drain();

    const f = await figures();
    expect(f.daily.periodKey).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(f.list.find((x) => x.missionId === mission.id)).toMatchObject({
      periodKey: f.daily.periodKey,
      progressed: 2,
      completed: 1,
      claimed: 0,
    });

    expect(
      (await call(t.app, 'POST', '/wps/missions/claim', { token: done.token, payload: { missionId: mission.id } }))
        .statusCode,
    ).toBe(200);
    expect(await figuresOf(mission.id)).toMatchObject({
      progressed: 2,
      completed: 1,
      claimed: 1,
      claimedAllTime: 1,
      paidMinor: '300',
    });

    const board = valueOf<OpsMissionLeaderboard>(
      await call(t.app, 'GET', '/ops/missions/leaderboard', { token: marketing }),
    );
    expect(board.list).toEqual([
      { rank: 1, memberId: done.memberId, account: done.login.userInfo.userName, completed: 1 },
    ]);

    // Archived, the mission keeps its figures for the screen but leaves the players' list.
    expect(valueOf<OpsMission>(await setStatus(mission.id, { status: 'ended', reason: 'season over' }))).toMatchObject({
      status: 'ended',
    });
    expect(await figuresOf(mission.id)).toMatchObject({ claimedAllTime: 1, paidMinor: '300' });
    expect(await dailyIds(other.token)).not.toContain(mission.id);
  });
});
