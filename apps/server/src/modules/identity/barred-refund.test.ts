import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';
import type { BarredHit, BarredRefund } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import {
  exportBettorSchema,
  exportPayoutSchema,
  exportTransactionSchema,
  type RegulatorExportPage,
} from '@wps/shared/schemas/regulator-export';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { bindOwnPixKey } from '../privacy/privacy.test-support';
import { balanceOf, createPayer, type Payer } from '../withdrawal/withdrawal.test-support';
import { newCpf } from './identity-fixtures';

// A barred player's balance goes back as a PIX payout to a key of their own, never an adjustment
//: an operator opens the refund on the hit, it waits in the withdrawal queue
// as an order of origin barred_refund, the hit links it and settles only once it is paid, and the
// regulator's daily file carries it by the order's id with the bettor's CPF. Each of these failed
// before the change: there was no refund route (404), the hit had no link, a settlement needed
// only a zero balance (reached by a manual adjustment), and the export had no payouts file.

const TZ = 'America/Sao_Paulo';

describeEachDatabase("a barred player's refund as a traceable PIX payout", (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let finance: TestOperator;
  let support: TestOperator;
  /** The calendar clock: real time until the export needs the day to have ended. */
  let clock: number | null = null;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock ?? Date.now() });
    admin = await createTestOperator(t.app, 'admin');
    finance = await createTestOperator(t.app, 'finance');
    support = await createTestOperator(t.app, 'support');
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t?.close();
  });

  /** A player with an identity, barred by the 15-day sweep today (the hit written as the sweep writes it). */
  async function barred(balanceMinor: bigint): Promise<{ p: Payer; cpf: string; hitId: string }> {
    const p = await createPayer(t.app, balanceMinor);
    const cpf = newCpf();
    await t.database.db
      .insertInto('member_identities')
      .values({ member_id: p.memberId, cpf, birth_date: '1985-09-12', full_name: 'Maria Silva' })
      .execute();
    const day = periodOf(new Date(), 'daily', TZ).key;
    const hit = await sql<{ id: string }>`
      INSERT INTO barred_hits (member_id, cpf, reason, check_kind, check_day, status)
      VALUES (${p.memberId}, ${cpf}, 'court_order', 'sweep', ${day}::date, 'open') RETURNING id::text AS id`.execute(
      t.database.db,
    );
    return { p, cpf, hitId: hit.rows[0]!.id };
  }
  const refund = (hitId: string, body: Record<string, unknown> = {}, token = admin.token) =>
    call(t.app, 'POST', `/ops/compliance/barred-hits/${hitId}/refund`, { token, payload: body });
  const settle = (hitId: string, note = 'devolvido por PIX') =>
    call(t.app, 'POST', `/ops/compliance/barred-hits/${hitId}/settle`, { token: admin.token, payload: { note } });
  const hitOf = async (hitId: string) =>
    valueOf<OpsPage<BarredHit>>(
      await call(t.app, 'GET', '/ops/compliance/barred-hits?pageSize=100', { token: admin.token }),
    ).list.find((h) => h.id === hitId)!;

  it("pays the balance back to the player's own PIX key through the withdrawal queue, linked from the hit, settled once paid, and in the regulator's file by its id", async () => {
    const { p, cpf, hitId } = await barred(80_00n);
    const keyAccount = await bindOwnPixKey(t.app, p);

    // Nothing is settled while the money is on the account; support may not move it.
    expectFailure(await settle(hitId), ErrorCode.BARRED_BALANCE_OUTSTANDING, 409);
    expectFailure(await refund(hitId, {}, support.token), 'OPERATOR_FORBIDDEN', 403);

    const opened = valueOf<BarredRefund>(await refund(hitId, { bankAccountId: keyAccount }));
    expect(opened).toMatchObject({ hitId, memberId: p.memberId, amountMinor: '8000', status: 'pending' });
    expect(await balanceOf(t.app, p.memberId)).toBe(0n);
    // Once: a second refund while the first is on its way is refused.
    expect(expectFailure(await refund(hitId), ErrorCode.BARRED_REFUND_OPEN, 409).value).toMatchObject({
      withdrawalId: opened.withdrawalId,
    });

    // The hit links the order; the order is an ordinary one in the queue, to the key, of origin barred_refund.
    expect(await hitOf(hitId)).toMatchObject({ status: 'open', refundWithdrawalId: opened.withdrawalId });
    const order = valueOf<OpsWithdrawalOrder>(
      await call(t.app, 'GET', `/ops/withdrawals/${opened.withdrawalId}`, { token: finance.token }),
    );
    expect(order).toMatchObject({
      status: 'pending',
      memberId: p.memberId,
      amountMinor: '8000',
      pixKeyType: 'evp',
      origin: 'barred_refund',
    });

    // The balance is zero, but the refund is not paid yet: no settlement.
    expect(expectFailure(await settle(hitId), ErrorCode.BARRED_REFUND_NOT_PAID, 409).value).toMatchObject({
      withdrawalId: opened.withdrawalId,
      status: 'pending',
    });
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${opened.withdrawalId}/approve`, {
        token: finance.token,
        payload: { reason: 'barred player: refund by PIX' },
      }),
    );
    expect(valueOf<BarredHit>(await settle(hitId, `PIX ${opened.withdrawalId}`))).toMatchObject({
      status: 'settled',
      refundWithdrawalId: opened.withdrawalId,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_id', '=', p.memberId)
      .where('action', 'in', ['barred_hit.refund', 'barred_hit.settle'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['barred_hit.refund', 'barred_hit.settle']);
    expect(audit[0]!.after).toMatchObject({ withdrawalId: opened.withdrawalId, amountMinor: '8000' });
    expect(JSON.stringify(audit)).not.toContain(cpf);

    // The day's regulator export: the refund as a PIX payout by its order's id, with the CPF; no adjustment.
    const day = periodOf(new Date(), 'daily', TZ).key;
    clock = periodOfKey(day, TZ)!.end.getTime() + 60 * 60_000;
    try {
      await t.app.services.records.exports.runScheduled(async () => true);
    } finally {
      clock = null;
    }
    const run = valueOf<RegulatorExportPage>(
      await call(t.app, 'GET', '/ops/compliance/exports', { token: admin.token }),
    ).list.find((r) => r.operatorDay === day)!;
    const lines = async (name: string): Promise<unknown[]> =>
      (await call(t.app, 'GET', `/ops/compliance/exports/${run.id}/files/${name}`, { token: admin.token })).rawPayload
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
    const payouts = (await lines('payouts.jsonl')).map((x) => exportPayoutSchema.parse(x));
    expect(payouts).toContainEqual({
      record: 'payout',
      withdrawalId: opened.withdrawalId,
      playerId: p.memberId,
      cpf,
      origin: 'barred_refund',
      method: 'pix',
      pixKeyType: 'evp',
      currency: order.currency,
      amountMinor: '8000',
      status: 'approved',
      requestedAt: expect.any(String),
      decidedAt: expect.any(String),
    });
    expect((await lines('bettors.jsonl')).map((x) => exportBettorSchema.parse(x))).toContainEqual(
      expect.objectContaining({ playerId: p.memberId, cpf, fullName: 'Maria Silva' }),
    );
    const mine = (await lines('transactions.jsonl'))
      .map((x) => exportTransactionSchema.parse(x))
      .filter((x) => x.playerId === p.memberId);
    expect(mine.map((x) => x.category)).not.toContain('adjustment');
    expect(mine).toContainEqual(
      expect.objectContaining({
        category: 'withdrawal',
        amountMinor: '-8000',
        reference: expect.stringContaining('withdrawal-barred_refund:'),
      }),
    );
  });

  it('refuses a refund that cannot go out as a withdrawal: nothing left, or no PIX key bound', async () => {
    const empty = await barred(0n);
    expect(expectFailure(await refund(empty.hitId), ErrorCode.BARRED_REFUND_NOT_PAYABLE, 409).value).toMatchObject({
      reason: 'nothing_to_refund',
    });
    // Nothing was owed: the hit settles with a note.
    expect(valueOf<BarredHit>(await settle(empty.hitId, 'nada a devolver'))).toMatchObject({
      status: 'settled',
      refundWithdrawalId: null,
    });

    const noKey = await barred(30_00n);
    expect(expectFailure(await refund(noKey.hitId), ErrorCode.BARRED_REFUND_NOT_PAYABLE, 409).value).toMatchObject({
      reason: 'no_pix_key',
      balanceMinor: '3000',
    });
    // Nothing moved.
    expect(await balanceOf(t.app, noKey.p.memberId)).toBe(30_00n);
    expectFailure(await refund('999999999'), ErrorCode.BARRED_HIT_NOT_FOUND, 404);
  });
});
