import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_RECORD_KINDS } from '@wps/shared/ledger-kinds';
import type { AccountRecordPage } from '@wps/shared/schemas/account-record';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPayer, fundMember, operatorToken, requestWithdrawal } from '../withdrawal/withdrawal.test-support';

describeEachDatabase('account record', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = (token: string, query = '') => call(t.app, 'GET', `/wps/member/transactions${query}`, { token });

  it('lists every ledger movement of the player, newest first, with signed amounts and the balance after', async () => {
    const ops = await operatorToken(t.app);
    const payer = await createPayer(t.app, 10_000n);
    const first = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '20'));
    const second = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '15'));
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${first.id}/approve`, { token: ops, payload: { reason: 'checked' } }),
    );
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${second.id}/reject`, { token: ops, payload: { reason: 'test' } }),
    );

    const page = valueOf<AccountRecordPage>(await record(payer.token));
    expect(page).toMatchObject({ currency: 'BRL', scale: 2, total: 4, page: 1, totalPages: 1 });
    // The approval moves money between the hold and the payout account only: not the player's.
    expect(page.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['withdrawal_reversal', '15.00', '80.00'],
      ['withdrawal', '-15.00', '65.00'],
      ['withdrawal', '-20.00', '80.00'],
      ['deposit', '100.00', '100.00'],
    ]);
    expect(page.list[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by type and date range and pages', async () => {
    const payer = await createPayer(t.app);
    for (let i = 0; i < 7; i++) await fundMember(t.app, payer.memberId, 100n + BigInt(i));
    const deposits = valueOf<AccountRecordPage>(await record(payer.token, '?type=deposit&pageSize=3'));
    expect(deposits).toMatchObject({ total: 7, totalPages: 3, pageSize: 3 });
    expect(deposits.list.map((e) => e.amountMinor)).toEqual(['106', '105', '104']);
    const last = valueOf<AccountRecordPage>(await record(payer.token, '?type=deposit&pageSize=3&page=3'));
    expect(last.list.map((e) => e.amountMinor)).toEqual(['100']);
    const none = valueOf<AccountRecordPage>(await record(payer.token, '?type=transfer_upline'));
    expect(none).toMatchObject({ total: 0, list: [] });

    const future = new Date(Date.now() + 3600_000).toISOString();
    const later = valueOf<AccountRecordPage>(await record(payer.token, `?from=${encodeURIComponent(future)}`));
    expect(later.total).toBe(0);
    const past = new Date(Date.now() - 3600_000).toISOString();
    const recent = valueOf<AccountRecordPage>(
      await record(payer.token, `?type=deposit&from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`),
    );
    expect(recent.total).toBe(7);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const before = valueOf<AccountRecordPage>(await record(payer.token, `?to=${encodeURIComponent(yesterday)}`));
    expect(before.total).toBe(0);
  });

  it('shows only the caller’s own entries and validates the query', async () => {
    const a = await createPayer(t.app, 1_000n);
    const b = await createPayer(t.app, 2_000n);
    const pageA = valueOf<AccountRecordPage>(await record(a.token));
    expect(pageA.list.map((e) => e.amountMinor)).toEqual(['1000']);
    const pageB = valueOf<AccountRecordPage>(await record(b.token));
    expect(pageB.list.map((e) => e.amountMinor)).toEqual(['2000']);
    expectFailure(await record(a.token, '?pageSize=1000'), 'VALIDATION_FAILED', 400);
    expectFailure(await record(a.token, '?from=yesterday'), 'VALIDATION_FAILED', 400);
    expectFailure(await record(a.token, '?type=DROP%20TABLE'), 'VALIDATION_FAILED', 400);
    // Only kinds the record can show: a house-only or unknown kind is refused, not an empty page.
    expectFailure(await record(a.token, '?type=withdrawal_payout'), 'VALIDATION_FAILED', 400);
    expectFailure(await record(a.token, '?type=no_such_kind'), 'VALIDATION_FAILED', 400);
    for (const kind of ACCOUNT_RECORD_KINDS)
      expect(valueOf<AccountRecordPage>(await record(a.token, `?type=${kind}`)).total, kind).toBe(
        kind === 'deposit' ? 1 : 0,
      );
    expectFailure(
      await record(
        a.token,
        `?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(0).toISOString())}`,
      ),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(await call(t.app, 'GET', '/wps/member/transactions'), 'UNAUTHORIZED', 401);
  });
});
