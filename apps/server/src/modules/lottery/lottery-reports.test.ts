import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type {
  OpsLotteryDraw,
  OpsLotteryEntry,
  OpsLotteryQueueEntry,
  OpsLotteryReport,
} from '@wps/shared/schemas/lottery-ops';
import type { LotteryDrawView, LotteryTicketView } from '@wps/shared/schemas/lottery';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import { NORTHERN_RESULT_ENDING_27 } from '../../../test/lottery-fixtures';

// The back office's lottery report: per game, the draws finished in a range with their tickets,
// stakes, payouts and gross gaming revenue, voided draws counted apart; and the settlement view
// (the draws list by status) with its timeline.

const START = Date.parse('2026-11-24T12:00:05.000Z');

describeEachDatabase('lottery ops: reports by game and the settlement view', (target) => {
  let t: TestApp;
  let clock = START;
  let finance: string;
  let admin: string;
  let names: { finance: string; admin: string };

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    const f = await createTestOperator(t.app, 'finance');
    const a = await createTestOperator(t.app, 'admin');
    finance = f.token;
    admin = a.token;
    names = { finance: f.username, admin: a.username };
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  async function place(player: Player, body: Record<string, unknown>): Promise<LotteryTicketView> {
    return valueOf<{ ticket: LotteryTicketView }>(
      await call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: { idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`, ...body },
      }),
    ).ticket;
  }

  async function current(gameCode: string, player: Player): Promise<LotteryDrawView> {
    return valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`, { token: player.token }),
    ).current;
  }

  async function draws(query: string): Promise<OpsLotteryDraw[]> {
    return valueOf<{ list: OpsLotteryDraw[] }>(
      await call(t.app, 'GET', `/ops/lottery/draws?${query}`, { token: finance }),
    ).list;
  }

  async function report(query: string): Promise<OpsLotteryReport> {
    return valueOf<OpsLotteryReport>(await call(t.app, 'GET', `/ops/lottery/reports?${query}`, { token: finance }));
  }

  it('sums a settled draw per game, counts a voided one apart, and shows both in the settlement view', async () => {
    const a = await createPlayer(t.app, 10_000n);
    const b = await createPlayer(t.app, 10_000n);
    const digits = await current('E5D-1', a);
    // Every digit at the first position: one line of ten wins; b's single line may or may not.
    const won = await place(a, {
      gameCode: 'E5D-1',
      selections: [
        { betType: 'position', position: 1, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], stakePerLineMinor: '100' },
      ],
    });
    const other = await place(b, {
      gameCode: 'E5D-1',
      selections: [{ betType: 'position', position: 2, numbers: [3], stakePerLineMinor: '200' }],
    });
    const keno = await current('EKENO-5', a);
    await place(b, { gameCode: 'EKENO-5', selections: [{ betType: 'pick', numbers: [7], stakePerLineMinor: '700' }] });
    const kenoId = (await draws('gameCode=EKENO-5&size=100')).find((d) => d.numero === keno.numero)!.drawId;
    valueOf(
      await call(t.app, 'POST', `/ops/lottery/draws/${kenoId}/void`, {
        token: finance,
        payload: { reason: 'machine fault' },
      }),
    );

    clock = Date.parse(digits.drawAt) + 1000;
    await t.app.services.lottery.runClock();
    await t.app.services.lottery.runClock();
    const settled = valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', '/lgw/tickets?status=settled', { token: a.token }),
    ).list.find((x) => x.ticketId === won.ticketId)!;
    const otherSettled = valueOf<{ list: LotteryTicketView[] }>(
      await call(t.app, 'GET', '/lgw/tickets?status=settled', { token: b.token }),
    ).list.find((x) => x.ticketId === other.ticketId)!;
    const payout = BigInt(settled.payoutMinor!) + BigInt(otherSettled.payoutMinor!);
    expect(BigInt(settled.payoutMinor!)).toBeGreaterThan(0n);

    const from = new Date(START - 3_600_000).toISOString();
    const to = new Date(START + 86_400_000).toISOString();
    const all = await report(`from=${from}&to=${to}`);
    const e5d = all.rows.find((r) => r.gameCode === 'E5D-1')!;
    expect(e5d).toMatchObject({
      gameName: '5D Lotto',
      drawsVoided: 0,
      tickets: 2,
      stakeMinor: '1200',
      payoutMinor: payout.toString(),
      ggrMinor: (1200n - payout).toString(),
    });
    // Earlier E5D-1 draws had no tickets; they count as settled draws all the same.
    expect(e5d.drawsSettled).toBeGreaterThanOrEqual(1);
    expect(all.rows.find((r) => r.gameCode === 'EKENO-5')).toMatchObject({
      drawsVoided: 1,
      tickets: 0,
      stakeMinor: '0',
      payoutMinor: '0',
      ggrMinor: '0',
    });

    // One game only, and a range before anything finished.
    expect((await report(`from=${from}&to=${to}&gameCode=EKENO-5`)).rows.map((r) => r.gameCode)).toEqual(['EKENO-5']);
    expect((await report(`from=${new Date(START - 7_200_000).toISOString()}&to=${from}`)).rows).toEqual([]);

    // The settlement view: the draws list by status, with when each was finished (a refund is no payout).
    const voided = (await draws('gameCode=EKENO-5&status=voided'))[0]!;
    expect(voided).toMatchObject({
      drawId: kenoId,
      voidReason: 'machine fault',
      ticketCount: 1,
      stakeMinor: '700',
      payoutMinor: '0',
    });
    expect(voided.voidedAt).not.toBeNull();
    expect(voided.settledAt).not.toBeNull();
    const done = (await draws('gameCode=E5D-1&status=settled')).find((d) => d.numero === digits.numero)!;
    expect(done).toMatchObject({ ticketCount: 2, stakeMinor: '1200', payoutMinor: payout.toString() });
    expect(done.drawnAt).not.toBeNull();
  });

  it('names the operator who typed a result and the one who reviewed it', async () => {
    const player = await createPlayer(t.app, 5000n);
    const vn = await current('VN-MB', player);
    clock = Date.parse(vn.drawAt) + 60_000;
    await t.app.services.lottery.runClock();
    const id = (await draws('gameCode=VN-MB&size=100')).find((d) => d.numero === vn.numero)!.drawId;
    const result = NORTHERN_RESULT_ENDING_27;
    const entry = valueOf<OpsLotteryEntry>(
      await call(t.app, 'POST', `/ops/lottery/draws/${id}/results`, { token: finance, payload: { result } }),
    );
    expect(entry.enteredByName).toBe(names.finance);
    const pending = valueOf<OpsLotteryQueueEntry[]>(
      await call(t.app, 'GET', '/ops/lottery/results/pending', { token: admin }),
    );
    // The queue names the draw as operators know it: its game and numero.
    expect(pending.find((e) => e.entryId === entry.entryId)).toMatchObject({
      enteredByName: entry.enteredByName,
      reviewedByName: null,
      gameCode: 'VN-MB',
      numero: vn.numero,
    });
    const reviewed = valueOf<{ entry: OpsLotteryEntry }>(
      await call(t.app, 'POST', `/ops/lottery/results/${entry.entryId}/review`, {
        token: admin,
        payload: { approve: false, reason: 'typo in the third prize' },
      }),
    );
    expect(reviewed.entry).toMatchObject({ status: 'rejected', enteredByName: entry.enteredByName });
    expect(reviewed.entry.reviewedByName).toBe(names.admin);
  });

  it('refuses a bad range with 400 and a caller without a session with 401', async () => {
    const at = new Date(START).toISOString();
    expectFailure(
      await call(t.app, 'GET', `/ops/lottery/reports?from=${at}&to=${at}`, { token: finance }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'GET', `/ops/lottery/reports?from=yesterday&to=${at}`, { token: finance }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(
      (await call(t.app, 'GET', `/ops/lottery/reports?from=${new Date(START - 1000).toISOString()}&to=${at}`))
        .statusCode,
    ).toBe(401);
  });
});
