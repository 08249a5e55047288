import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  readSmsCode,
  strongPassword,
  valueOf,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrderCall, demoChannel } from '../deposit/deposit.test-support';
import { brRegistrationDetails, newCpf } from '../identity/identity-fixtures';
import { AppError } from '../../http/app-error';
import { mainBalance } from '../gateway/gateway.test-support';
import { fundMember, memberIdOf } from '../withdrawal/withdrawal.test-support';
import { brPlayer, confirmContactByEmail, setBrLimits, setLicence } from './licence-fixtures';

/*
 * A contact confirmed before the account plays (licence.ts: contactConfirmation; docs/compliance.md,
 * "Registration"): under BR an account registered by username moves and stakes no money until it
 * enters a code sent to its e-mail or mobile: CONTACT_CONFIRMATION_REQUIRED (403) at the money and
 * stake doors, nothing written. The security centre's e-mail link settles it; a registration by
 * mobile with its SMS code is confirmed from the start; an account from before the rule (identity
 * given later) is not asked (licence-money.test.ts shows it depositing once identified).
 */

describeEachDatabase('a contact confirmed before play under BR', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    await setLicence(t.app, 'BR');
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  const bet = (memberId: string) =>
    t.app.services.gateway.seamless.bet({
      vassalage: 'SBX',
      memberId,
      transactionId: `tx-${crypto.randomBytes(6).toString('hex')}`,
      roundId: `round-${crypto.randomBytes(6).toString('hex')}`,
      gameId: 'SBX-slot-01',
      amountMinor: 100n,
    });
  const depositOrders = async (memberId: string) =>
    (await t.database.db.selectFrom('deposit_orders').select('id').where('member_id', '=', memberId).execute()).length;

  it('refuses deposits and stakes of a username registration until it confirms an e-mail by its code', async () => {
    // Identified and verified (what else BR asks before a stake), with money, so only the contact is missing.
    const p = await brPlayer(t.app, { confirmContact: false, verified: true });
    await fundMember(t.app, p.memberId, 10_000n);
    const channel = await demoChannel(t, p.token, 'manual_bank');

    const deposit = expectFailure(
      await createOrderCall(t, p.token, channel.id, '10'),
      ErrorCode.CONTACT_CONFIRMATION_REQUIRED,
      403,
    );
    expect(deposit.value).toMatchObject({ door: 'money.in', rule: 'contactConfirmation', profile: 'BR' });
    expect(await depositOrders(p.memberId)).toBe(0);
    // A stake, asked at the stake door as every bet is (the vendor wallet's path): nothing moved.
    const refused = await bet(p.memberId).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      errorCode: ErrorCode.CONTACT_CONFIRMATION_REQUIRED,
      value: { door: 'stake', rule: 'contactConfirmation' },
    });
    expect(await mainBalance(t.app, p.memberId)).toBe(10_000n);

    const pending = async () =>
      valueOf<{ pending: boolean }>(await call(t.app, 'GET', '/wps/member/contact-confirmation', { token: p.token }))
        .pending;
    expect(await pending()).toBe(true);
    await confirmContactByEmail(t.app, p);
    expect(await pending()).toBe(false);
    expect(valueOf<DepositOrder>(await createOrderCall(t, p.token, channel.id, '10')).status).toBe('pending');
    await bet(p.memberId);
    expect(await mainBalance(t.app, p.memberId)).toBe(9_900n);
  });

  it('takes a registration by mobile with its SMS code as confirmed', async () => {
    const mobile = `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/register', {
        payload: { countryDialingCode: '55', mobileNo: mobile },
      }),
    );
    const password = strongPassword();
    const made = valueOf<LoginResult>(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
        mobileNum: mobile,
        countryDialingCode: '55',
        password,
        confirmPassword: password,
        verificationCode: await readSmsCode(t.app, `55${mobile}`),
        cpf: newCpf(),
        birthDate: '1991-03-15',
        ...brRegistrationDetails(),
        agree: true,
      }),
    );
    const p = { token: made.token, memberId: await memberIdOf(t.app, made.token) };
    await setBrLimits(t.app, p);
    const channel = await demoChannel(t, p.token, 'manual_bank');
    expect(valueOf<DepositOrder>(await createOrderCall(t, p.token, channel.id, '10')).status).toBe('pending');
  });
});
