import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call, disableRegisterCaptcha, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createOrderCall, demoChannel } from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { confirmContactByEmail, setLicence } from '../licence/licence-fixtures';

/** Real parallelism needs real connections: PostgreSQL only. */
describePostgres('the unverified deposit cap under concurrency [postgres]', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    await setLicence(t.app, 'BR');
    valueOf(
      await call(t.app, 'PUT', '/ops/kyc/settings', {
        token: admin,
        payload: { unverifiedDepositCap: '100', reverifyDays: 30, reason: 'concurrency test' },
      }),
    );
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 parallel orders of 30 against a cap of 100 before verification: exactly 3 are made, the rest refused with the room left', async () => {
    const user = await registerUser(t.app, { cpf: newCpf(), birthDate: '1988-11-02' });
    const token = user.result.token;
    const memberId = (await t.app.services.session.resolve(token))!.memberId;
    // The player's own limits are far above the cap, so only the cap can refuse.
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token,
        payload: {
          limits: [
            { kind: 'deposit_month', value: '100000' },
            { kind: 'daily_time', value: '600' },
            { kind: 'loss_month', value: '100000' },
          ],
        },
      }),
    );
    await confirmContactByEmail(t.app, { token, memberId });
    const channel = await demoChannel(t, token, 'manual_bank');
    const answers = await Promise.all(Array.from({ length: 20 }, () => createOrderCall(t, token, channel.id, '30')));
    const made = answers.filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json()).toMatchObject({ errorCode: 'KYC_DEPOSIT_CAP_REACHED', value: { remaining: '10.00' } });
    const rows = await t.database.db
      .selectFrom('deposit_orders')
      .select('amount_minor')
      .where('member_id', '=', memberId)
      .execute();
    expect(rows.reduce((sum, r) => sum + BigInt(r.amount_minor), 0n)).toBe(9000n);
  });
});
