import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { updateOperatorSetting } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceOf, createPayer, requestWithdrawal } from '../withdrawal/withdrawal.test-support';
import { PAYMENT_PASSWORD_LIMITS } from './security.service';

type Envelope = { success: boolean; errorCode?: string; value?: unknown };

/**
 * The payment password counts a failure only once a wrong hash is seen, one check at a
 * time per member. Parallel withdrawals with the right password never lock it (before, every try
 * counted as a failure until its own hash check ended, so the sixth parallel try was LOCKED).
 */
describeEachDatabase('payment password under parallel withdrawals', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    // The daily count limit is not what this test is about.
    await updateOperatorSetting(t.app, 'withdrawal', (w) => ({ ...w, dailyCountLimit: 1000 }));
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('10 parallel withdrawals with the right payment password all go through; none is LOCKED', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const responses = await Promise.all(Array.from({ length: 10 }, () => requestWithdrawal(t.app, payer, '10.00')));
    const bodies = responses.map((r) => r.json() as Envelope);
    expect(bodies.filter((b) => b.errorCode === ErrorCode.PAYMENT_PASSWORD_LOCKED)).toEqual([]);
    expect(bodies.filter((b) => !b.success)).toEqual([]);
    expect(await balanceOf(t.app, payer.memberId)).toBe(100_000n - 10n * 1_000n);
    const failures = await t.database.db
      .selectFrom('payment_password_failures')
      .select('id')
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(failures).toHaveLength(0);
  });

  it('wrong passwords still lock after 5, in parallel too; the right one is then refused until the lock ends', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const wrong = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        requestWithdrawal(t.app, payer, '10.00', { paymentPassword: `${804_120 + i}` }),
      ),
    );
    const codes = wrong.map((r) => (r.json() as Envelope).errorCode);
    expect(codes.filter((c) => c === ErrorCode.PAYMENT_PASSWORD_INVALID)).toHaveLength(
      PAYMENT_PASSWORD_LIMITS.maxFailures - 1,
    );
    expect(codes.filter((c) => c === ErrorCode.PAYMENT_PASSWORD_LOCKED)).toHaveLength(
      8 - (PAYMENT_PASSWORD_LIMITS.maxFailures - 1),
    );
    const failures = await t.database.db
      .selectFrom('payment_password_failures')
      .select('id')
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(failures).toHaveLength(PAYMENT_PASSWORD_LIMITS.maxFailures);
    const locked = await requestWithdrawal(t.app, payer, '10.00');
    expect((locked.json() as Envelope).errorCode).toBe(ErrorCode.PAYMENT_PASSWORD_LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balanceOf(t.app, payer.memberId)).toBe(100_000n);
  });

  it('one by one: attemptsLeft counts down, the fifth wrong try locks', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const left: unknown[] = [];
    for (let i = 0; i < PAYMENT_PASSWORD_LIMITS.maxFailures; i++) {
      left.push((await requestWithdrawal(t.app, payer, '10.00', { paymentPassword: '804199' })).json());
    }
    expect(left.map((b) => (b as Envelope).value)).toEqual([
      { attemptsLeft: 4 },
      { attemptsLeft: 3 },
      { attemptsLeft: 2 },
      { attemptsLeft: 1 },
      { retryAfterSeconds: PAYMENT_PASSWORD_LIMITS.lockSeconds },
    ]);
  });
});
