import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawInfo, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, callEncrypted, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runWithdrawalAutoReceipt } from '../../jobs/withdrawal-auto-receipt.job';
import { COMMANDS } from '../../scripts/ops';
import { proofDirectory } from './proof-files';
import { startOfUtcDay } from './withdrawal-shared';
import {
  PAYMENT_PASSWORD,
  balanceOf,
  createPayer,
  jpgBytes,
  midDayClock,
  multipartBody,
  newKey,
  operatorToken,
  pngBytes,
  requestWithdrawal,
  type Payer,
} from './withdrawal.test-support';

describeEachDatabase('withdrawals', (target) => {
  let t: TestApp;
  let ops: string;
  const clock = midDayClock();

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: clock.now });
    ops = await operatorToken(t.app, 'finance');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const approve = (id: string, token = ops) =>
    call(t.app, 'POST', `/ops/withdrawals/${id}/approve`, { token, payload: { reason: 'checked' } });
  const reject = (id: string, reason = 'name mismatch', token = ops) =>
    call(t.app, 'POST', `/ops/withdrawals/${id}/reject`, { token, payload: { reason } });
  const confirm = (payer: Payer, id: string, result: 'received' | 'fully_paid') =>
    call(t.app, 'POST', `/wps/withdraw/orders/${id}/confirm`, { token: payer.token, payload: { result } });
  const notReceived = (payer: Payer, id: string, files: { name: string; contentType: string; data: Buffer }[]) => {
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: `/wps/withdraw/orders/${id}/not-received`,
      headers: { ...body.headers, authorization: payer.token },
      payload: body.payload,
    });
  };

  async function approvedOrder(payer: Payer, amount = '50.00'): Promise<WithdrawalOrder> {
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, amount));
    const approved = valueOf<WithdrawalOrder>(await approve(order.id));
    expect(approved.status).toBe('approved');
    return approved;
  }

  it('shows the form data: withdrawable balance, limits, bank accounts, payment password set', async () => {
    const payer = await createPayer(t.app, 12_345n);
    const info = valueOf<WithdrawInfo>(await call(t.app, 'GET', '/wps/withdraw/info', { token: payer.token }));
    expect(info).toMatchObject({
      currency: 'BRL',
      withdrawable: '123.45',
      withdrawableMinor: '12345',
      minAmount: '10.00',
      maxAmount: '50000.00',
      dailyCountLimit: 5,
      todayCount: 0,
      autoReceiptMinutes: 30,
      hasPaymentPassword: true,
    });
    expect(info.bankAccounts).toHaveLength(1);
    expect(info.bankAccounts[0]!.id).toBe(payer.bankAccountId);
    expect(info.bankAccounts[0]!.accountNumberMasked).toMatch(/^\*+\d{4}$/);
  });

  it('moves the amount into one hold; a retry with the same key returns the same order', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const key = newKey();
    const first = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '30', { idempotencyKey: key }));
    expect(first).toMatchObject({ status: 'pending', amount: '30.00', amountMinor: '3000', confirmation: null });
    const again = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '30', { idempotencyKey: key }));
    expect(again.id).toBe(first.id);
    expect(await balanceOf(t.app, payer.memberId)).toBe(7_000n);
    // Same key, different amount: a conflict, nothing moves.
    expectFailure(await requestWithdrawal(t.app, payer, '31', { idempotencyKey: key }), 'IDEMPOTENCY_CONFLICT', 409);
    expect(await balanceOf(t.app, payer.memberId)).toBe(7_000n);
    const consolidated = valueOf<{ pendingWithdrawalsMinor: string; mainWalletMinor: string }>(
      await call(t.app, 'GET', '/wps/member/info/funds/consolidated', { token: payer.token }),
    );
    expect(consolidated).toMatchObject({ pendingWithdrawalsMinor: '3000', mainWalletMinor: '7000' });
  });

  it('refuses amounts below the minimum, above the maximum, above the balance, and malformed', async () => {
    const payer = await createPayer(t.app, 100_000n);
    expectFailure(await requestWithdrawal(t.app, payer, '9.99'), 'WITHDRAWAL_AMOUNT_BELOW_MIN', 400);
    expectFailure(await requestWithdrawal(t.app, payer, '50000.01'), 'WITHDRAWAL_AMOUNT_ABOVE_MAX', 400);
    expectFailure(await requestWithdrawal(t.app, payer, '1000.01'), 'INSUFFICIENT_FUNDS', 409);
    expectFailure(await requestWithdrawal(t.app, payer, '10.001'), 'VALIDATION_FAILED', 400);
    expectFailure(await requestWithdrawal(t.app, payer, '0'), 'VALIDATION_FAILED', 400);
    expectFailure(await requestWithdrawal(t.app, payer, '-5'), 'VALIDATION_FAILED', 400);
    expect(await balanceOf(t.app, payer.memberId)).toBe(100_000n);
    const info = valueOf<WithdrawInfo>(await call(t.app, 'GET', '/wps/withdraw/info', { token: payer.token }));
    expect(info.orders).toHaveLength(0);
  });

  it('enforces the daily count limit; rejected requests do not count', async () => {
    const payer = await createPayer(t.app, 1_000_000n);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10')).id);
    expectFailure(await requestWithdrawal(t.app, payer, '10'), 'WITHDRAWAL_DAILY_LIMIT_REACHED', 409);
    valueOf(await reject(ids[0]!));
    valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10'));
    expectFailure(await requestWithdrawal(t.app, payer, '10'), 'WITHDRAWAL_DAILY_LIMIT_REACHED', 409);
  });

  it('the daily count starts again at 00:00 UTC', async () => {
    const payer = await createPayer(t.app, 1_000_000n);
    const resume = clock.now();
    // Two days ahead, so no order of another test falls on either side of this midnight.
    const midnight = startOfUtcDay(new Date(resume)).getTime() + 2 * 86_400_000;
    try {
      clock.pin(midnight - 1);
      for (let i = 0; i < 5; i++) valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10'));
      expectFailure(await requestWithdrawal(t.app, payer, '10'), 'WITHDRAWAL_DAILY_LIMIT_REACHED', 409);
      clock.pin(midnight);
      const info = valueOf<WithdrawInfo>(await call(t.app, 'GET', '/wps/withdraw/info', { token: payer.token }));
      expect(info.todayCount).toBe(0);
      valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10'));
    } finally {
      clock.run(resume);
    }
  });

  it('refuses a plain-JSON request: the payment password only travels encrypted', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const plain = {
      amount: '20',
      bankAccountId: payer.bankAccountId,
      paymentPassword: PAYMENT_PASSWORD,
      idempotencyKey: newKey(),
    };
    expectFailure(
      await call(t.app, 'POST', '/wps/withdraw/orders', { token: payer.token, payload: plain }),
      'ENCRYPTION_REQUIRED',
      400,
    );
    expect(await balanceOf(t.app, payer.memberId)).toBe(10_000n);
  });

  it('refuses a wrong payment password and an unknown or foreign bank account, moving nothing', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const other = await createPayer(t.app);
    expectFailure(
      await requestWithdrawal(t.app, payer, '20', { paymentPassword: '999999' }),
      'PAYMENT_PASSWORD_INVALID',
      400,
    );
    expectFailure(
      await requestWithdrawal(t.app, payer, '20', { bankAccountId: other.bankAccountId }),
      'BANK_ACCOUNT_NOT_FOUND',
      404,
    );
    expectFailure(
      await requestWithdrawal(t.app, payer, '20', { bankAccountId: '999999999' }),
      'BANK_ACCOUNT_NOT_FOUND',
      404,
    );
    expect(await balanceOf(t.app, payer.memberId)).toBe(10_000n);
  });

  it('answers in_need_true_account to a trial account', async () => {
    const res = await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', {
      random: 'withdraw-trial-1234',
      idempotencyKey: newKey(),
    });
    const { token } = valueOf<{ token: string }>(res);
    expectFailure(await call(t.app, 'GET', '/wps/withdraw/info', { token }), 'in_need_true_account', 403);
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/withdraw/orders',
        { amount: '10', bankAccountId: '1', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
        { token },
      ),
      'in_need_true_account',
      403,
    );
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/transfer/upline',
        { amount: '1', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
        { token },
      ),
      'in_need_true_account',
      403,
    );
  });

  it('approve → the hold goes to the payout account, the player is notified and confirms received', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = await approvedOrder(payer, '40');
    expect(order.confirmDeadline).not.toBeNull();
    expect(await balanceOf(t.app, payer.memberId)).toBe(6_000n);
    const notices = await t.database.db
      .selectFrom('member_notices')
      .select(['kind'])
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(notices.map((n) => n.kind)).toContain('withdrawal_approved');
    const done = valueOf<WithdrawalOrder>(await confirm(payer, order.id, 'received'));
    expect(done).toMatchObject({ status: 'completed', confirmation: 'received' });
    // Once confirmed, nothing more can be confirmed and the operator cannot decide again.
    expectFailure(await confirm(payer, order.id, 'fully_paid'), 'WITHDRAWAL_NOT_CONFIRMABLE', 409);
    expectFailure(await reject(order.id), 'WITHDRAWAL_ALREADY_RESOLVED', 409);
    expect(await balanceOf(t.app, payer.memberId)).toBe(6_000n);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('subject_id', '=', order.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['withdrawal.approve', 'withdrawal.received']));
  });

  it('fully paid closes an approved order too', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = await approvedOrder(payer, '10');
    expect(valueOf<WithdrawalOrder>(await confirm(payer, order.id, 'fully_paid'))).toMatchObject({
      status: 'completed',
      confirmation: 'fully_paid',
    });
  });

  it('reject → the hold is voided and the money is back; the player is notified', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '25'));
    expect(await balanceOf(t.app, payer.memberId)).toBe(7_500n);
    const rejected = valueOf<WithdrawalOrder & { rejectReason: string }>(await reject(order.id, 'holder name differs'));
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'holder name differs' });
    expect(await balanceOf(t.app, payer.memberId)).toBe(10_000n);
    expectFailure(await approve(order.id), 'WITHDRAWAL_ALREADY_RESOLVED', 409);
    expectFailure(await confirm(payer, order.id, 'received'), 'WITHDRAWAL_NOT_CONFIRMABLE', 409);
    const notices = await t.database.db
      .selectFrom('member_notices')
      .select(['kind'])
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(notices.map((n) => n.kind)).toContain('withdrawal_rejected');
  });

  it('operator calls need an operator token with a finance role; a member token is refused', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10'));
    expectFailure(await approve(order.id, payer.token), 'OPERATOR_UNAUTHORIZED', 401);
    const support = await operatorToken(t.app, 'support');
    expectFailure(await approve(order.id, support), 'OPERATOR_FORBIDDEN', 403);
    const list = valueOf<{ list: { id: string }[] }>(
      await call(t.app, 'GET', '/ops/withdrawals?status=pending&pageSize=100&order=desc', { token: support }),
    );
    expect(list.list.map((o) => o.id)).toContain(order.id);
    expectFailure(
      await call(t.app, 'POST', '/ops/withdrawals/999999999/approve', { token: ops, payload: { reason: 'checked' } }),
      'WITHDRAWAL_NOT_FOUND',
      404,
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/withdrawals/${order.id}/reject`, { token: ops, payload: {} }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('not received with proof images → dispute the operator sees and resolves; no refund', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = await approvedOrder(payer, '20');
    const res = await notReceived(payer, order.id, [
      { name: 'proof.png', contentType: 'image/png', data: pngBytes(2_000) },
      { name: 'bank.jpg', contentType: 'image/jpeg', data: jpgBytes(3_000) },
    ]);
    expect(valueOf<WithdrawalOrder>(res)).toMatchObject({
      status: 'disputed',
      confirmation: 'not_received',
      proofCount: 2,
    });
    const proofs = await t.database.db
      .selectFrom('withdrawal_proofs')
      .selectAll()
      .where('withdrawal_id', '=', order.id)
      .execute();
    expect(proofs).toHaveLength(2);
    for (const p of proofs) {
      expect(p.stored_name).toMatch(/^[a-f0-9]{32}\.(png|jpg)$/);
      expect(fs.existsSync(path.join(proofDirectory(t.config.dataDir), p.stored_name))).toBe(true);
    }
    const disputed = valueOf<{ list: { id: string }[] }>(
      await call(t.app, 'GET', '/ops/withdrawals?status=disputed&pageSize=100&order=desc', { token: ops }),
    );
    expect(disputed.list.map((o) => o.id)).toContain(order.id);
    // The operator can look at the proofs: listed, then served with the type read from their bytes.
    const listed = valueOf<{ index: number; contentType: string; sizeBytes: number }[]>(
      await call(t.app, 'GET', `/ops/withdrawals/${order.id}/proofs`, { token: ops }),
    );
    expect(listed.map((p) => [p.index, p.contentType, p.sizeBytes])).toEqual([
      [0, 'image/png', 2_000],
      [1, 'image/jpeg', 3_000],
    ]);
    const image = await call(t.app, 'GET', `/ops/withdrawals/${order.id}/proofs/1`, { token: ops });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpgBytes(3_000))).toBe(true);
    expectFailure(await call(t.app, 'GET', `/ops/withdrawals/${order.id}/proofs/2`, { token: ops }), 'NOT_FOUND', 404);
    expectFailure(
      await call(t.app, 'GET', `/ops/withdrawals/${order.id}/proofs/0`, { token: payer.token }),
      'OPERATOR_UNAUTHORIZED',
      401,
    );
    expect(await balanceOf(t.app, payer.memberId)).toBe(8_000n);
    // The auto-receipt never touches a dispute, however long after its deadline (the service's clock, not the test's).
    await runWithdrawalAutoReceipt(
      t.app.services.withdrawal,
      new Date(Date.parse(order.confirmDeadline!) + 24 * 3600_000),
    );
    const resolved = valueOf<WithdrawalOrder>(
      await call(t.app, 'POST', `/ops/withdrawals/${order.id}/resolve`, {
        token: ops,
        payload: { note: 'payout re-sent, receipt 123' },
      }),
    );
    expect(resolved).toMatchObject({ status: 'completed', confirmation: 'not_received' });
    expect(await balanceOf(t.app, payer.memberId)).toBe(8_000n);
    expectFailure(
      await call(t.app, 'POST', `/ops/withdrawals/${order.id}/resolve`, { token: ops, payload: { note: 'again' } }),
      'WITHDRAWAL_NOT_DISPUTED',
      409,
    );
  });

  it('rejects a lying upload (png name on non-image bytes), too many files, too large files, and no file', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = await approvedOrder(payer, '10');
    const text = Buffer.from('<?php echo "not an image"; ?>');
    expectFailure(
      await notReceived(payer, order.id, [{ name: 'proof.png', contentType: 'image/png', data: text }]),
      'PROOF_TYPE_INVALID',
      415,
    );
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expectFailure(
      await notReceived(payer, order.id, [{ name: 'a.jpg', contentType: 'image/jpeg', data: gif }]),
      'PROOF_TYPE_INVALID',
      415,
    );
    const four = Array.from({ length: 4 }, (_, i) => ({
      name: `p${i}.png`,
      contentType: 'image/png',
      data: pngBytes(100),
    }));
    expectFailure(await notReceived(payer, order.id, four), 'PROOF_TOO_MANY', 400);
    const big = pngBytes(5 * 1024 * 1024 + 1);
    expectFailure(
      await notReceived(payer, order.id, [{ name: 'big.png', contentType: 'image/png', data: big }]),
      'PROOF_TOO_LARGE',
      413,
    );
    expectFailure(await notReceived(payer, order.id, []), 'PROOF_REQUIRED', 400);
    const json = await call(t.app, 'POST', `/wps/withdraw/orders/${order.id}/not-received`, {
      token: payer.token,
      payload: { a: 1 },
    });
    expectFailure(json, 'UNSUPPORTED_MEDIA_TYPE', 415);
    // Nothing was stored and the order still awaits confirmation.
    const proofs = await t.database.db
      .selectFrom('withdrawal_proofs')
      .selectAll()
      .where('withdrawal_id', '=', order.id)
      .execute();
    expect(proofs).toHaveLength(0);
    // Exactly 5 MB is fine.
    const ok = await notReceived(payer, order.id, [
      { name: 'ok.png', contentType: 'image/png', data: pngBytes(5 * 1024 * 1024) },
    ]);
    expect(valueOf<WithdrawalOrder>(ok).status).toBe('disputed');
  });

  it("another player cannot confirm or dispute someone else's withdrawal", async () => {
    const payer = await createPayer(t.app, 10_000n);
    const other = await createPayer(t.app);
    const order = await approvedOrder(payer, '10');
    expectFailure(await confirm(other, order.id, 'received'), 'WITHDRAWAL_NOT_FOUND', 404);
    expectFailure(
      await notReceived(other, order.id, [{ name: 'p.png', contentType: 'image/png', data: pngBytes() }]),
      'WITHDRAWAL_NOT_FOUND',
      404,
    );
  });

  it('auto-receipt after N minutes; a forced receipt is never refunded', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const order = await approvedOrder(payer, '30');
    const deadline = Date.parse(order.confirmDeadline!);
    expect(deadline - Date.parse(order.approvedAt!)).toBe(30 * 60_000);
    // Not yet due: nothing moves (other suites' orders may be due; ours must not be).
    await runWithdrawalAutoReceipt(t.app.services.withdrawal, new Date(deadline - 1_000));
    const before = await t.database.db
      .selectFrom('withdrawal_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('approved');
    expect(await runWithdrawalAutoReceipt(t.app.services.withdrawal, new Date(deadline))).toBeGreaterThanOrEqual(1);
    // Idempotent: a second run finds nothing of ours.
    await runWithdrawalAutoReceipt(t.app.services.withdrawal, new Date(deadline + 60_000));
    const row = await t.database.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', confirmation: 'auto_received' });
    expectFailure(
      await notReceived(payer, order.id, [{ name: 'p.png', contentType: 'image/png', data: pngBytes() }]),
      'WITHDRAWAL_NOT_CONFIRMABLE',
      409,
    );
    expectFailure(await confirm(payer, order.id, 'received'), 'WITHDRAWAL_NOT_CONFIRMABLE', 409);
    expect(await balanceOf(t.app, payer.memberId)).toBe(7_000n);
    const hold = await t.database.db
      .selectFrom('ledger_holds')
      .select('status')
      .where('id', '=', row.hold_id)
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('posted');
  });

  it('the ops CLI lists, approves, rejects and resolves like the operator API', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const a = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10'));
    const b = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '20'));
    const printed: unknown[] = [];
    const ctx = { database: t.database, print: (v: unknown) => printed.push(v) };
    await COMMANDS['withdrawal:list']!.run(ctx, ['pending']);
    expect((printed[0] as { id: string }[]).map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await expect(COMMANDS['withdrawal:approve']!.run(ctx, [a.id])).rejects.toThrow(/^not a valid call/);
    await COMMANDS['withdrawal:approve']!.run(ctx, [a.id, 'paid', 'by', 'bank']);
    expect(printed[1]).toMatchObject({ id: a.id, status: 'approved' });
    await COMMANDS['withdrawal:reject']!.run(ctx, [b.id, 'wrong', 'account']);
    expect(printed[2]).toMatchObject({ id: b.id, status: 'rejected', rejectReason: 'wrong account' });
    await expect(COMMANDS['withdrawal:reject']!.run(ctx, [b.id])).rejects.toThrow(/reason/);
    await expect(COMMANDS['withdrawal:approve']!.run(ctx, [b.id, 'again'])).rejects.toMatchObject({
      errorCode: 'WITHDRAWAL_ALREADY_RESOLVED',
    });
    expect(await balanceOf(t.app, payer.memberId)).toBe(9_000n);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id'])
      .where('subject_id', '=', a.id)
      .where('action', '=', 'withdrawal.approve')
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('system');
    expect(audit.actor_id).toMatch(/^ops-cli:/);
  });

  it('withdrawal settings: operator PUT is validated and audited, support may only read', async () => {
    const support = await operatorToken(t.app, 'support');
    expectFailure(
      await call(t.app, 'PUT', '/ops/withdrawal-settings', { token: support, payload: { dailyCountLimit: 9 } }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(
      await call(t.app, 'PUT', '/ops/withdrawal-settings', {
        token: ops,
        payload: { minAmountMinor: '9000000', reason: 'too high' },
      }),
      'VALIDATION_FAILED',
      400,
    );
    const stored = valueOf<{ autoReceiptMinutes: number }>(
      await call(t.app, 'PUT', '/ops/withdrawal-settings', {
        token: ops,
        payload: { autoReceiptMinutes: 45, reason: 'slower bank' },
      }),
    );
    expect(stored.autoReceiptMinutes).toBe(45);
    expect(
      valueOf<{ autoReceiptMinutes: number }>(await call(t.app, 'GET', '/ops/withdrawal-settings', { token: support }))
        .autoReceiptMinutes,
    ).toBe(45);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.withdrawal')
      .execute();
    expect(audit.at(-1)).toMatchObject({ reason: 'slower bank', actor_type: 'operator' });
    await call(t.app, 'PUT', '/ops/withdrawal-settings', {
      token: ops,
      payload: { autoReceiptMinutes: 30, reason: 'back to the default' },
    });
  });
});

describe('proof image detection', () => {
  it('reads the type from the bytes only', async () => {
    const { detectProofImageType } = await import('./proof-files');
    expect(detectProofImageType(pngBytes())).toMatchObject({ extension: 'png' });
    expect(detectProofImageType(jpgBytes())).toMatchObject({ extension: 'jpg' });
    expect(detectProofImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectProofImageType(Buffer.alloc(0))).toBeNull();
    expect(detectProofImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    // A PNG signature followed by anything but a PNG header is not an image.
    expect(
      detectProofImageType(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]),
      ),
    ).toBeNull();
  });
});
