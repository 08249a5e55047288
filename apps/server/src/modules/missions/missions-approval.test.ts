import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { MissionSummary, OpsMission } from '@wps/shared/schemas/missions';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer } from '../deposit/deposit.test-support';
import { waitingIn } from '../reporting/queue-counts.test-support';

// A mission pays its reward to every player who completes it, once per period, with no operator
// looking at the payment: the outside review's marketing operator paid 50,000.00 through one. A
// mission whose reward passes the set-up ceiling of one item, or whose cadence's live missions
// together pass the ceiling of one period (what one player can take from that set in a period),
// waits for an operator other than the one who asked, holding adjustments.approve.
describeEachDatabase('missions above a set-up ceiling', (target) => {
  let t: TestApp;
  let marketing: { token: string; operatorId: string };
  let otherMarketing: string;
  let finance: { token: string; operatorId: string };
  let admin: { token: string; operatorId: string };
  let player: { token: string; memberId: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await createTestOperator(t.app, 'marketing');
    otherMarketing = (await createTestOperator(t.app, 'marketing')).token;
    finance = await createTestOperator(t.app, 'finance');
    admin = await createTestOperator(t.app, 'admin');
    player = await newPlayer(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const body = (rewardMinor: string, over: Record<string, unknown> = {}) => ({
    cadence: 'weekly',
    titlePt: 'Missão',
    titleEn: 'Mission',
    status: 'live',
    rewardMinor,
    sortOrder: 0,
    reason: 'missions plan',
    steps: [{ kind: 'login_days', target: '1' }],
    ...over,
  });
  const create = async (rewardMinor: string, over: Record<string, unknown> = {}, token = marketing.token) =>
    valueOf<OpsMission>(await call(t.app, 'POST', '/ops/missions', { token, payload: body(rewardMinor, over) }));
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/missions/${id}/${decision}`, { token, payload: { reason: `${decision} it` } });
  const playerMissionIds = async () => {
    const s = valueOf<MissionSummary>(
      await call(t.app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', { token: player.token }),
    );
    return [...s.daily.missions, ...s.weekly.missions].map((m) => m.id);
  };
  const awaiting = async (token = finance.token) =>
    valueOf<{ list: OpsMission[] }>(await call(t.app, 'GET', '/ops/missions/awaiting', { token })).list.map(
      (m) => m.id,
    );

  it('a reward of 50,000.00 waits: players neither see nor claim it, and marketing cannot let it go live', async () => {
    const mission = await create('5000000');
    expect(mission).toMatchObject({
      status: 'awaiting_approval',
      ceilingReasons: ['setup_item', 'setup_period'],
      askedBy: marketing.operatorId,
      approvedBy: null,
    });
    expect(await playerMissionIds()).not.toContain(mission.id);
    expectFailure(
      await call(t.app, 'POST', '/wps/missions/claim', { token: player.token, payload: { missionId: mission.id } }),
      ErrorCode.MISSION_NOT_FOUND,
      404,
    );
    // Marketing holds no money permission: refused whoever asked.
    expectFailure(await decide(otherMarketing, mission.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);
    expectFailure(await decide(marketing.token, mission.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);
    // Switching it on again by the status button does not make it live either.
    const again = valueOf<OpsMission>(
      await call(t.app, 'POST', `/ops/missions/${mission.id}/status`, {
        token: marketing.token,
        payload: { status: 'live', reason: 'switch it on' },
      }),
    );
    expect(again.status).toBe('awaiting_approval');
    expect(await awaiting()).toContain(mission.id);
    expectFailure(
      await call(t.app, 'GET', '/ops/missions/awaiting', { token: marketing.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  it('a finance operator lets it go live once; the asker cannot; the audit names both', async () => {
    const waitingBefore = await waitingIn(t, finance.token, 'setupApprovals');
    const mission = await create('150000', {}, admin.token);
    expect(mission.status).toBe('awaiting_approval');
    // The sidebar's badge on the approvals queue counts it while it waits.
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waitingBefore + 1);
    expectFailure(await decide(admin.token, mission.id, 'approve'), ErrorCode.MONEY_OWN_REQUEST, 403);
    const live = valueOf<OpsMission>(await decide(finance.token, mission.id, 'approve'));
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waitingBefore);
    expect(live).toMatchObject({ status: 'live', approvedBy: finance.operatorId, askedBy: admin.operatorId });
    expect(await playerMissionIds()).toContain(mission.id);
    expectFailure(await decide(finance.token, mission.id, 'reject'), ErrorCode.MISSION_NOT_AWAITING, 409);
    // A change that pays no more keeps an approved mission live.
    const renamed = valueOf<OpsMission>(
      await call(t.app, 'PUT', `/ops/missions/${mission.id}`, {
        token: marketing.token,
        payload: body('150000', { titleEn: 'Renamed' }),
      }),
    );
    expect(renamed.status).toBe('live');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before'])
      .where('subject_type', '=', 'mission')
      .where('subject_id', '=', mission.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['mission.create', admin.operatorId],
      ['mission.approve', finance.operatorId],
      ['mission.update', marketing.operatorId],
    ]);
    expect(audit[1]!.before).toMatchObject({ askedBy: admin.operatorId, ceilingReasons: ['setup_item'] });
  });

  it('raising the reward of a live mission above the ceiling does not take effect alone; a rejection leaves it off', async () => {
    const mission = await create('10000', { cadence: 'daily' });
    expect(mission.status).toBe('live');
    const raised = valueOf<OpsMission>(
      await call(t.app, 'PUT', `/ops/missions/${mission.id}`, {
        token: marketing.token,
        payload: body('5000000', { cadence: 'daily' }),
      }),
    );
    expect(raised).toMatchObject({
      status: 'awaiting_approval',
      rewardMinor: '5000000',
      ceilingReasons: ['setup_item', 'setup_period'],
    });
    expect(await playerMissionIds()).not.toContain(mission.id);
    const refused = valueOf<OpsMission>(await decide(finance.token, mission.id, 'reject'));
    expect(refused.status).toBe('draft');
    expect(await playerMissionIds()).not.toContain(mission.id);
    expect(await awaiting()).not.toContain(mission.id);
  });

  it("the period ceiling: a cadence's live missions together, what one player can claim in a period", async () => {
    // No daily mission is live here (the one above was turned down). Ten of 1,000.00 each are
    // 10,000.00 a day for a player who does them all: at the ceilings, live at once.
    for (let i = 0; i < 10; i++)
      expect((await create('100000', { cadence: 'daily', titleEn: `D${i}` })).status).toBe('live');
    // One cent more in the day's set: the period's ceiling.
    const over = await create('1', { cadence: 'daily' });
    expect(over).toMatchObject({ status: 'awaiting_approval', ceilingReasons: ['setup_period'] });
    // Switching one of the set off makes room: the waiting one is switched on again and goes live.
    const first = valueOf<{ list: OpsMission[] }>(
      await call(t.app, 'GET', '/ops/missions', { token: marketing.token }),
    ).list.find((m) => m.titleEn === 'D0')!;
    valueOf(
      await call(t.app, 'POST', `/ops/missions/${first.id}/status`, {
        token: marketing.token,
        payload: { status: 'draft', reason: 'make room' },
      }),
    );
    const on = valueOf<OpsMission>(
      await call(t.app, 'POST', `/ops/missions/${over.id}/status`, {
        token: marketing.token,
        payload: { status: 'live', reason: 'switch it on' },
      }),
    );
    expect(on.status).toBe('live');
    // Weekly missions are another set: a weekly one of 1,000.00 goes live.
    expect((await create('100000', { cadence: 'weekly' })).status).toBe('live');
  });
});
