import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ConsolidatedFunds, TransferUplineResult } from '@wps/shared/schemas/transfer';
import { call, callEncrypted, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { DEMO_AGENT } from '../member/member.seed';
import { PAYMENT_PASSWORD, balanceOf, createPayer, fundMember, newKey } from '../withdrawal/withdrawal.test-support';

describeEachDatabase('transfer to upline and consolidated funds', (target) => {
  let t: TestApp;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    const agent = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('account', '=', DEMO_AGENT.account)
      .executeTakeFirstOrThrow();
    agentId = String(agent.id);
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const transfer = (token: string, amount: string, extra: Record<string, unknown> = {}) =>
    callEncrypted(
      t.app,
      'POST',
      '/wps/member/transfer/upline',
      { amount, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey(), ...extra },
      { token },
    );

  it('moves money from the member to their upline agent in one ledger transaction, once per key', async () => {
    const payer = await createPayer(t.app, 10_000n, { affiliateCode: DEMO_AGENT.affiliateCode });
    const info = valueOf<{ toUpline: boolean }>(await call(t.app, 'GET', '/wps/member/info', { token: payer.token }));
    expect(info.toUpline).toBe(true);
    const agentBefore = await balanceOf(t.app, agentId);
    const key = newKey();
    const result = valueOf<TransferUplineResult>(await transfer(payer.token, '12.34', { idempotencyKey: key }));
    expect(result).toMatchObject({
      amount: '12.34',
      amountMinor: '1234',
      balance: '87.66',
      upline: DEMO_AGENT.account,
    });
    const replay = valueOf<TransferUplineResult>(await transfer(payer.token, '12.34', { idempotencyKey: key }));
    expect(replay.transactionId).toBe(result.transactionId);
    expect(await balanceOf(t.app, payer.memberId)).toBe(8_766n);
    expect(await balanceOf(t.app, agentId)).toBe(agentBefore + 1_234n);
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('transaction_id', '=', result.transactionId)
      .execute();
    expect(entries.map((e) => e.amount).sort()).toEqual(['-1234', '1234']);
  });

  it('refuses over-balance, a wrong payment password, and a member without upline', async () => {
    const payer = await createPayer(t.app, 1_000n, { affiliateCode: DEMO_AGENT.affiliateCode });
    expectFailure(await transfer(payer.token, '10.01'), 'INSUFFICIENT_FUNDS', 409);
    expectFailure(await transfer(payer.token, '1', { paymentPassword: '918273' }), 'PAYMENT_PASSWORD_INVALID', 400);
    expect(expectFailure(await transfer(payer.token, '0.001'), 'VALIDATION_FAILED', 400).value).toEqual({
      fields: [{ field: 'body.amount', message: 'at most 2 decimals' }],
    });
    expect(await balanceOf(t.app, payer.memberId)).toBe(1_000n);
    const loner = await createPayer(t.app, 1_000n);
    expectFailure(await transfer(loner.token, '1'), 'NO_UPLINE', 409);
  });

  it('a transfer refused for funds stays refused under its key after a top-up; a new key executes', async () => {
    const payer = await createPayer(t.app, 1_000n, { affiliateCode: DEMO_AGENT.affiliateCode });
    const agentBefore = await balanceOf(t.app, agentId);
    const key = newKey();
    const refused = expectFailure(
      await transfer(payer.token, '20', { idempotencyKey: key }),
      'INSUFFICIENT_FUNDS',
      409,
    );
    await fundMember(t.app, payer.memberId, 5_000n);
    const again = expectFailure(await transfer(payer.token, '20', { idempotencyKey: key }), 'INSUFFICIENT_FUNDS', 409);
    expect(again.value).toEqual(refused.value);
    expectFailure(await transfer(payer.token, '5', { idempotencyKey: key }), 'IDEMPOTENCY_CONFLICT', 409);
    expect(await balanceOf(t.app, payer.memberId)).toBe(6_000n);
    expect(await balanceOf(t.app, agentId)).toBe(agentBefore);
    // A wrong payment password is not final: the same key with the right one executes.
    const retried = newKey();
    expectFailure(
      await transfer(payer.token, '20', { idempotencyKey: retried, paymentPassword: '918273' }),
      'PAYMENT_PASSWORD_INVALID',
      400,
    );
    valueOf<TransferUplineResult>(await transfer(payer.token, '20', { idempotencyKey: retried }));
    expect(await balanceOf(t.app, payer.memberId)).toBe(4_000n);
    expect(await balanceOf(t.app, agentId)).toBe(agentBefore + 2_000n);
  });

  it('refuses when the upline is not an active agent', async () => {
    const payer = await createPayer(t.app, 1_000n, { affiliateCode: DEMO_AGENT.affiliateCode });
    await t.database.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', agentId).execute();
    try {
      expectFailure(await transfer(payer.token, '1'), 'UPLINE_TRANSFER_NOT_ALLOWED', 403);
    } finally {
      await t.database.db.updateTable('members').set({ status: 'active' }).where('id', '=', agentId).execute();
    }
  });

  it('consolidated funds: balance summary and contract flags (0/false until contracts exist)', async () => {
    const payer = await createPayer(t.app, 5_000n);
    const funds = valueOf<ConsolidatedFunds>(
      await call(t.app, 'GET', '/wps/member/info/funds/consolidated', { token: payer.token }),
    );
    expect(funds).toEqual({
      currency: 'BRL',
      scale: 2,
      mainWallet: '50.00',
      mainWalletMinor: '5000',
      pendingWithdrawals: '0.00',
      pendingWithdrawalsMinor: '0',
      total: '50.00',
      totalMinor: '5000',
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreqtype: 0,
      realtimesalreqtype: 0,
      hasDailySalaryContract: false,
      hasHourlySalaryContract: false,
      hasRealTimeSalaryContract: false,
      hasDividendContract: false,
    });
    expectFailure(await call(t.app, 'GET', '/wps/member/info/funds/consolidated'), 'UNAUTHORIZED', 401);
  });
});
