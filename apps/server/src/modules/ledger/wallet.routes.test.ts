import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  registerUser,
  updateOperatorSetting,
  valueOf,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

async function memberIdOf(t: TestApp, token: string): Promise<string> {
  const member = await t.app.services.session.resolve(token);
  if (!member) throw new Error('token does not resolve');
  return member.memberId;
}

describeEachDatabase('GET /wps/v2/wallets/balance', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a token', async () => {
    expectFailure(await call(t.app, 'GET', '/wps/v2/wallets/balance'), ErrorCode.UNAUTHORIZED, 401);
    expectFailure(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: 'not-a-session' }),
      ErrorCode.UNAUTHORIZED,
      401,
    );
  });

  it('shows a new player a zero balance, then each credit exactly in major units', async () => {
    const { result } = await registerUser(t.app);
    const first = valueOf<BalanceResult>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: result.token }));
    expect(first).toEqual({
      sumBalance: '0.00',
      sumBalanceMinor: '0',
      currency: 'BRL',
      scale: 2,
      bonusBalance: '0.00',
      bonusBalanceMinor: '0',
    });

    const memberId = await memberIdOf(t, result.token);
    await t.app.services.ledger.creditPlayerFromSystem({
      memberId,
      systemAccount: 'promotion_budget',
      amountMinor: 900_719_925_474_099_345n,
      kind: 'adjustment',
      idempotencyKey: `wallet-test:${memberId}`,
    });
    const after = valueOf<BalanceResult>(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: `Bearer ${result.token}` }),
    );
    // Past 2^53: any float on the way would lose the last digits.
    expect(after).toEqual({
      sumBalance: '9007199254740993.45',
      sumBalanceMinor: '900719925474099345',
      currency: 'BRL',
      scale: 2,
      bonusBalance: '0.00',
      bonusBalanceMinor: '0',
    });
  });

  it('includes the registration bonus the operator configured', async () => {
    await updateOperatorSetting(t.app, 'registrationBonusMinor', () => '1050');
    try {
      const { result } = await registerUser(t.app);
      const balance = valueOf<BalanceResult>(
        await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: result.token }),
      );
      expect(balance.sumBalance).toBe('10.50');
    } finally {
      await updateOperatorSetting(t.app, 'registrationBonusMinor', () => '0');
    }
  });

  it('lets a trial account read its demo balance', async () => {
    const operator = await t.app.services.system.getOperatorConfig();
    const res = await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', {
      random: `wallet-${Math.random()}`,
    });
    const { token } = valueOf<LoginResult>(res);
    const balance = valueOf<BalanceResult>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token }));
    expect(balance.sumBalanceMinor).toBe(String(operator.freeplayDemoBalanceMinor));
  });
});
