import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrderCall, demoChannel } from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { passIdentityCheck } from '../kyc/kyc.test-support';
import { balanceOf, createPayer, requestWithdrawal, type Payer } from '../withdrawal/withdrawal.test-support';
import { setBrLimits, setLicence } from './licence-fixtures';

/*
 * Money in and out at the licence's doors (docs/compliance.md, "Money in and out at the
 * licence's doors"): under BR an account without a CPF neither opens a deposit order (money.in) nor
 * requests a withdrawal (money.out): LICENCE_REFUSED naming the rule, no order written, the balance
 * as it was. Once the account gives its CPF (and, for a withdrawal, passed the identity check BR
 * asks) both go through their routes; under the generic licence nothing changes.
 * Each fails without the change: the deposit and withdrawal routes did not ask the doors, so the
 * player without a CPF got an order (and the inventory test listed money.in and money.out as not
 * yet asked).
 */

describeEachDatabase('money in and out ask the licence', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  /** A player with 100.00, a payment password and a bank account, made under the generic licence (no CPF). */
  const player = (): Promise<Payer> => createPayer(t.app, 100_00n);

  const depositOrders = async (memberId: string) =>
    (await t.database.db.selectFrom('deposit_orders').select('id').where('member_id', '=', memberId).execute()).length;
  const withdrawalOrders = async (memberId: string) =>
    (await t.database.db.selectFrom('withdrawal_orders').select('id').where('member_id', '=', memberId).execute())
      .length;

  it('under the generic licence a player without a CPF deposits and withdraws as before', async () => {
    const p = await player();
    const channel = await demoChannel(t, p.token, 'manual_bank');
    const order = valueOf<DepositOrder>(await createOrderCall(t, p.token, channel.id, '10'));
    expect(order.status).toBe('pending');
    expect(valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, p, '10')).status).toBe('pending');
    expect(await balanceOf(t.app, p.memberId)).toBe(90_00n);
  });

  it('under BR an account without a CPF neither deposits nor withdraws; once identified it does', async () => {
    // Made before the switch: no CPF (the path that made it did not ask).
    const anonymous = await player();
    const channel = await demoChannel(t, anonymous.token, 'manual_bank');
    // The limits BR asks before a deposit, set beforehand: what refuses the order is the door alone.
    await setBrLimits(t.app, anonymous);
    // Its identity check passed before the switch too (under BR an account without a CPF cannot
    // start one: the check is bound to the registered CPF); under BR that pass, compared with no
    // CPF, no longer counts.
    await passIdentityCheck(t.app, anonymous);
    await setLicence(t.app, 'BR');
    try {
      // Through the services, as licence-stake.test.ts: a session from before the switch may be asked
      // for the CPF first (IDENTITY_REQUIRED); outside a request the port needs no route's declaration.
      const deposit = t.app.services.deposits
        .createOrder(anonymous.memberId, {
          channelId: channel.id,
          amount: '10',
          idempotencyKey: `k-in-${anonymous.memberId}`,
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(await deposit).toMatchObject({
        errorCode: ErrorCode.LICENCE_REFUSED,
        value: { door: 'money.in', rule: 'identity' },
      });
      expect(await depositOrders(anonymous.memberId)).toBe(0);

      // The withdrawal through its route: its identity check passed before the switch, compared
      // with no CPF, so under BR it does not count (kyc.service.ts verifiedIn) and the check is what
      // refuses first; the money.out door behind it is the inner guard (shown by the inventory and
      // withdrawal-request.ts). Nothing is written either way.
      expectFailure(await requestWithdrawal(t.app, anonymous, '10'), ErrorCode.KYC_REQUIRED);
      expect(await withdrawalOrders(anonymous.memberId)).toBe(0);
      expect(await balanceOf(t.app, anonymous.memberId)).toBe(100_00n);

      // Once the account gives its CPF (the call its session may make), the same player deposits and withdraws.
      valueOf(
        await call(t.app, 'POST', '/wps/member/identity', {
          token: anonymous.token,
          payload: { cpf: newCpf(), birthDate: '1990-04-12' },
        }),
      );
      expect(valueOf<DepositOrder>(await createOrderCall(t, anonymous.token, channel.id, '10')).status).toBe('pending');
      // A new identity check, bound to the CPF it gave, before the withdrawal.
      await passIdentityCheck(t.app, anonymous);
      expect(valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, anonymous, '10')).status).toBe('pending');
      expect(await balanceOf(t.app, anonymous.memberId)).toBe(90_00n);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });
});
