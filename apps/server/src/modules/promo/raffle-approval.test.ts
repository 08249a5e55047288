import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { MoneyLimitsView } from '@wps/shared/schemas/operator-money';
import type { OpsRaffle, Raffle } from '@wps/shared/schemas/promo';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer } from '../deposit/deposit.test-support';
import { waitingIn } from '../reporting/queue-counts.test-support';

// A raffle whose prizes pass a set-up ceiling (migration 0501) cannot go live on one operator's
// word: the outside review's marketing operator paid 90,000.00 to a chosen player through a raffle
// drawn at once. It waits, hidden from players, without tickets or a draw, until an operator other
// than its creator, holding the money permission, lets it go live or turns it down.
describeEachDatabase('raffles above a set-up ceiling', (target) => {
  let t: TestApp;
  let marketing: { token: string; operatorId: string };
  let otherMarketing: string;
  let finance: { token: string; operatorId: string };
  let promotionId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await createTestOperator(t.app, 'marketing');
    otherMarketing = (await createTestOperator(t.app, 'marketing')).token;
    finance = await createTestOperator(t.app, 'finance');
    const item = valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing.token,
        payload: {
          kind: 'promotion',
          groupCode: 'others',
          sortOrder: 1,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: null,
          translations: { PT: { title: 'Sorteio', bodyHtml: '' }, EN: { title: 'Raffle', bodyHtml: '' } },
          reason: 'raffle campaign',
        },
      }),
    );
    promotionId = item.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const create = (prizes: { rewardKind: string; amount: string }[], drawAt = new Date(Date.now() + 3_600_000)) =>
    call(t.app, 'POST', '/ops/raffles', {
      token: marketing.token,
      payload: { promotionId, title: 'Grande sorteio', drawAt: drawAt.toISOString(), prizes, reason: 'big raffle' },
    });
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/raffles/${id}/${decision}`, { token, payload: { reason: `${decision} it` } });
  const opsRaffle = async (id: string) =>
    valueOf<{ list: OpsRaffle[] }>(await call(t.app, 'GET', '/ops/raffles', { token: marketing.token })).list.find(
      (r) => r.id === id,
    )!;

  const accountOf = async (memberId: string) =>
    (await t.database.db.selectFrom('members').select('account').where('id', '=', memberId).executeTakeFirstOrThrow())
      .account;

  it('a prize of 90,000.00 waits: hidden from players, no tickets, no draw, and its creator cannot approve it', async () => {
    const raffle = valueOf<Raffle>(await create([{ rewardKind: 'cash', amount: '9000000' }]));
    expect(raffle.status).toBe('awaiting_approval');
    expect(await opsRaffle(raffle.id)).toMatchObject({
      status: 'awaiting_approval',
      ceilingReasons: ['setup_item', 'setup_period'],
      createdBy: marketing.operatorId,
      approvedBy: null,
    });
    const player = await newPlayer(t);
    expectFailure(await call(t.app, 'GET', `/wps/promo/raffles/${raffle.id}`), ErrorCode.RAFFLE_NOT_FOUND, 404);
    expectFailure(
      await call(t.app, 'POST', `/ops/raffles/${raffle.id}/tickets`, {
        token: marketing.token,
        payload: { account: await accountOf(player.memberId), tickets: 1, reason: 'chosen player' },
      }),
      ErrorCode.RAFFLE_AWAITING_APPROVAL,
      409,
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/raffles/${raffle.id}/draw`, {
        token: marketing.token,
        payload: { reason: 'draw now' },
      }),
      ErrorCode.RAFFLE_AWAITING_APPROVAL,
      409,
    );
    // The periodic job passes it by, even once its time has come.
    expect(await t.app.services.raffles.drawDue(new Date(Date.now() + 7_200_000))).toBe(0);
    // Marketing holds no money permission; the route refuses it whoever made the raffle.
    expectFailure(await decide(otherMarketing, raffle.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);
    expectFailure(await decide(marketing.token, raffle.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);
    expect((await opsRaffle(raffle.id)).status).toBe('awaiting_approval');
    // The money approvers' list holds it; marketing cannot read that list.
    const awaiting = valueOf<{ list: OpsRaffle[] }>(
      await call(t.app, 'GET', '/ops/raffles/awaiting', { token: finance.token }),
    ).list;
    expect(awaiting.map((r) => r.id)).toContain(raffle.id);
    expectFailure(
      await call(t.app, 'GET', '/ops/raffles/awaiting', { token: marketing.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  it('a finance operator lets it go live: players see it, it is decided once, and the audit names both operators', async () => {
    const waitingBefore = await waitingIn(t, finance.token, 'setupApprovals');
    const raffle = valueOf<Raffle>(await create([{ rewardKind: 'bonus', amount: '150000' }]));
    expect(raffle.status).toBe('awaiting_approval');
    // The sidebar's badge on the approvals queue counts it while it waits.
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waitingBefore + 1);
    const live = valueOf<OpsRaffle>(await decide(finance.token, raffle.id, 'approve'));
    expect(await waitingIn(t, finance.token, 'setupApprovals')).toBe(waitingBefore);
    expect(live).toMatchObject({ status: 'open', approvedBy: finance.operatorId, ceilingReasons: ['setup_item'] });
    expect(valueOf<Raffle>(await call(t.app, 'GET', `/wps/promo/raffles/${raffle.id}`)).status).toBe('open');
    // Decided once: a second decision finds nothing waiting.
    expectFailure(await decide(finance.token, raffle.id, 'reject'), ErrorCode.RAFFLE_NOT_AWAITING, 409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before', 'after'])
      .where('subject_type', '=', 'raffle')
      .where('subject_id', '=', raffle.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['raffle.create', marketing.operatorId],
      ['raffle.approve', finance.operatorId],
    ]);
    expect(audit[1]!.before).toMatchObject({ createdBy: marketing.operatorId, ceilingReasons: ['setup_item'] });
  });

  it('turned down, it never goes live; within the ceilings a raffle is live at once; the ceilings are settings', async () => {
    const refused = valueOf<Raffle>(await create([{ rewardKind: 'cash', amount: '100001' }]));
    expect(valueOf<OpsRaffle>(await decide(finance.token, refused.id, 'reject')).status).toBe('rejected');
    expectFailure(await call(t.app, 'GET', `/wps/promo/raffles/${refused.id}`), ErrorCode.RAFFLE_NOT_FOUND, 404);

    // Ten prizes of 1,000.00 each: every item at the ceiling and 10,000.00 together, at the period's.
    const atCeiling = valueOf<Raffle>(
      await create(Array.from({ length: 10 }, () => ({ rewardKind: 'cash', amount: '100000' }))),
    );
    expect(atCeiling.status).toBe('open');
    // Points are no money: a large points prize does not wait.
    expect(valueOf<Raffle>(await create([{ rewardKind: 'points', amount: '50000000' }])).status).toBe('open');
    // One cent more in all: the period's ceiling.
    const over = valueOf<Raffle>(
      await create([
        ...Array.from({ length: 10 }, () => ({ rewardKind: 'cash', amount: '100000' })),
        { rewardKind: 'bonus', amount: '1' },
      ]),
    );
    expect(await opsRaffle(over.id)).toMatchObject({ status: 'awaiting_approval', ceilingReasons: ['setup_period'] });

    // Lowered by one operator, in force at once.
    const view = valueOf<MoneyLimitsView>(
      await call(t.app, 'GET', '/ops/operator-money/limits', { token: finance.token }),
    );
    const admin = (await createTestOperator(t.app, 'admin')).token;
    valueOf(
      await call(t.app, 'PUT', '/ops/operator-money/limits', {
        token: admin,
        payload: { ...view.limits, setupItemMinor: '5000', reason: 'smaller raffles alone' },
      }),
    );
    expect(valueOf<Raffle>(await create([{ rewardKind: 'cash', amount: '5001' }])).status).toBe('awaiting_approval');
  });
});
