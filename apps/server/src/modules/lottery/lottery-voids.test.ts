import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LotteryDrawView, LotteryTicketView } from '@wps/shared/schemas/lottery';
import type {
  OpsLotteryDrawDetail,
  OpsLotteryVoidQueue,
  OpsLotteryVoidResult,
  OpsLotteryVoidReviewResult,
} from '@wps/shared/schemas/lottery-ops';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { NORTHERN_RESULT_ENDING_27 } from '../../../test/lottery-fixtures';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';

type AuditEntry = { action: string; actorId: string; reason: string | null; after: Record<string, unknown> };

// 12:00:05 UTC: the 5-minute keno's draw taking bets is drawn from its committed seed at its time.
const START = Date.parse('2026-11-24T12:00:05.000Z');

describeEachDatabase('lottery voids: four eyes once the result is known', (target) => {
  let t: TestApp;
  let clock = START;
  let finance: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    finance = await createTestOperator(t.app, 'finance');
    admin = await createTestOperator(t.app, 'admin');
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const place = (player: Player, gameCode: string, selections: unknown[]) =>
    call(t.app, 'POST', '/lgw/tickets', {
      token: player.token,
      payload: { idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`, gameCode, selections },
    });
  const current = async (gameCode: string, player: Player) =>
    valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`, { token: player.token }),
    ).current;
  const drawIdOf = async (gameCode: string, numero: string) =>
    valueOf<{ list: { drawId: string; numero: string }[] }>(
      await call(t.app, 'GET', `/ops/lottery/draws?gameCode=${gameCode}&size=100`, { token: finance.token }),
    ).list.find((d) => d.numero === numero)!.drawId;
  const detail = async (drawId: string) =>
    valueOf<OpsLotteryDrawDetail>(await call(t.app, 'GET', `/ops/lottery/draws/${drawId}`, { token: finance.token }));
  const voidDraw = (drawId: string, op: TestOperator, reason: string) =>
    call(t.app, 'POST', `/ops/lottery/draws/${drawId}/void`, { token: op.token, payload: { reason } });
  const review = (requestId: string, op: TestOperator, payload: { approve: boolean; reason?: string }) =>
    call(t.app, 'POST', `/ops/lottery/voids/${requestId}/review`, { token: op.token, payload });
  const audit = async (action: string, drawId: string) =>
    valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', `/ops/audit?action=${action}&subjectId=${drawId}`, { token: admin.token }),
    ).list;
  const openTickets = async (player: Player) =>
    valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', '/lgw/tickets?status=open', { token: player.token }),
    ).list;

  it('a drawn draw is voided only when a second operator approves; the settlement waits and the audit keeps the result', async () => {
    const player = await createPlayer(t.app, 5000n);
    const draw = await current('EKENO-5', player);
    valueOf(await place(player, 'EKENO-5', [{ betType: 'pick', numbers: [1, 2, 3], stakePerLineMinor: '500' }]));
    const drawId = await drawIdOf('EKENO-5', draw.numero);

    // The draw takes its result; nothing has settled it yet.
    clock = Date.parse(draw.drawAt) + 1000;
    await t.app.services.lottery.draws.tick();
    const drawn = (await detail(drawId)).draw;
    expect(drawn.status).toBe('drawn');

    // One operator asks: the draw is not voided, the request waits with the known result.
    const asked = valueOf<OpsLotteryVoidResult>(await voidDraw(drawId, finance, 'the house lost, refund it'));
    expect(asked.draw.status).toBe('drawn');
    expect(asked.voidRequest).toMatchObject({
      status: 'pending',
      requestedBy: finance.operatorId,
      requestedByName: finance.username,
      knownResult: drawn.result,
    });
    const requestId = asked.voidRequest!.requestId;
    expect((await detail(drawId)).pendingVoid).toMatchObject({ requestId, status: 'pending' });
    const queue = valueOf<OpsLotteryVoidQueue>(
      await call(t.app, 'GET', '/ops/lottery/voids/pending', { token: finance.token }),
    );
    expect(queue.map((v) => [v.requestId, v.numero])).toContainEqual([requestId, draw.numero]);
    expectFailure(await voidDraw(drawId, admin, 'asking twice'), ErrorCode.LOTTERY_VOID_PENDING, 409);

    // While it waits the clock leaves the draw alone: nothing paid, the ticket still open.
    await t.app.services.lottery.runClock();
    expect((await detail(drawId)).draw.status).toBe('drawn');
    expect(await openTickets(player)).toHaveLength(1);

    // The operator who asked cannot approve it; another can.
    expectFailure(await review(requestId, finance, { approve: true }), ErrorCode.LOTTERY_VOID_SAME_OPERATOR, 403);
    const approved = valueOf<OpsLotteryVoidReviewResult>(await review(requestId, admin, { approve: true }));
    expect(approved.draw.status).toBe('voided');
    expect(approved.voidRequest).toMatchObject({ status: 'approved', decidedBy: admin.operatorId });
    expectFailure(await review(requestId, admin, { approve: true }), ErrorCode.LOTTERY_VOID_REQUEST_NOT_FOUND, 404);
    await t.app.services.lottery.runClock();
    expect(await mainBalance(t.app, player.memberId)).toBe(5000n);

    const [requested] = await audit('lottery.void_requested', drawId);
    expect(requested).toMatchObject({
      actorId: finance.operatorId,
      reason: 'the house lost, refund it',
      after: { knownResult: drawn.result, requestId },
    });
    const [decided] = await audit('lottery.void_approved', drawId);
    expect(decided).toMatchObject({
      actorId: admin.operatorId,
      after: { requestedBy: finance.operatorId, decidedBy: admin.operatorId, knownResult: drawn.result },
    });
  });

  it('a typed-in result makes a void wait too; a rejected void leaves the draw to its result', async () => {
    clock = Date.parse('2026-11-25T11:16:00.000Z');
    await t.app.services.lottery.runClock();
    const drawId = await drawIdOf('VN-MB', '20261125');
    const result = NORTHERN_RESULT_ENDING_27;
    valueOf(
      await call(t.app, 'POST', `/ops/lottery/draws/${drawId}/results`, { token: finance.token, payload: { result } }),
    );

    const asked = valueOf<OpsLotteryVoidResult>(await voidDraw(drawId, admin, 'result looks wrong'));
    expect(asked.draw.status).toBe('closed');
    expect(asked.voidRequest).toMatchObject({ status: 'pending', knownResult: result });
    const rejected = valueOf<OpsLotteryVoidReviewResult>(
      await review(asked.voidRequest!.requestId, finance, { approve: false, reason: 'the result is right' }),
    );
    expect(rejected.voidRequest).toMatchObject({ status: 'rejected', decisionReason: 'the result is right' });
    expect(rejected.draw.status).toBe('closed');
    expect((await detail(drawId)).pendingVoid).toBeNull();
    const [entry] = await audit('lottery.void_rejected', drawId);
    expect(entry).toMatchObject({ actorId: finance.operatorId, after: { requestedBy: admin.operatorId } });
  });

  it('before any result is known one operator still voids at once', async () => {
    const player = await createPlayer(t.app, 3000n);
    const draw = await current('EKENO-5', player);
    valueOf(await place(player, 'EKENO-5', [{ betType: 'pick', numbers: [7], stakePerLineMinor: '700' }]));
    const drawId = await drawIdOf('EKENO-5', draw.numero);
    const voided = valueOf<OpsLotteryVoidResult>(await voidDraw(drawId, finance, 'draw machine fault'));
    expect(voided).toMatchObject({ draw: { status: 'voided' }, voidRequest: null });
    await t.app.services.lottery.runClock();
    expect(await mainBalance(t.app, player.memberId)).toBe(3000n);
    const [entry] = await audit('lottery.draw_voided', drawId);
    expect(entry).toMatchObject({ actorId: finance.operatorId, after: { resultKnown: false } });
  });
});
