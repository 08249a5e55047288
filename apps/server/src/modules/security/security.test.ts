import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { Bank, BankAccountSummary, SecuritySummary } from '@wps/shared/schemas/security';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  readSmsCode,
  registerUser,
  updateOperatorSetting,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { AppError } from '../../http/app-error';
import { createTestClock, silentLog } from '../verification/verification.test-support';
import { COMMANDS } from '../../scripts/ops';
import { PAYMENT_PASSWORD_LIMITS, createSecurityService } from './security.service';

const PAYEE = 'Maria Clara Souza';
const PIN = '483920';

/** A Brazilian mobile number (11 digits) unlikely to repeat across tests. */
function uniqueMobile(): string {
  return `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

function uniqueEmail(): string {
  return `sec${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** The AppError a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a rejection');
}

describeEachDatabase('security centre', (target) => {
  let t: TestApp;

  /** A fresh registered member: token and member id. */
  async function newMember(): Promise<{ token: string; memberId: string }> {
    const token = (await registerUser(t.app)).result.token;
    const info = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token }));
    return { token, memberId: info.id };
  }

  async function summary(token: string): Promise<SecuritySummary> {
    return valueOf<SecuritySummary>(await call(t.app, 'GET', '/wps/member/security', { token }));
  }

  function setPin(token: string, body: Record<string, unknown>) {
    return callEncrypted(t.app, 'PUT', '/wps/member/payment-password', body, { token });
  }

  function bindBank(token: string, body: Record<string, unknown>) {
    return call(t.app, 'PUT', '/wps/member/bank-accounts', { token, payload: body });
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  describe('access', () => {
    const calls: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: unknown }[] = [
      { method: 'GET', url: '/wps/member/security' },
      { method: 'PUT', url: '/wps/member/payee-name', payload: { payeeName: PAYEE } },
      { method: 'GET', url: '/wps/member/banks' },
      {
        method: 'PUT',
        url: '/wps/member/bank-accounts',
        payload: { bankCode: '001', accountNumber: '12345678', holderName: PAYEE },
      },
      { method: 'POST', url: '/wps/verification/email/bind', payload: { email: 'a@example.com' } },
      { method: 'POST', url: '/wps/member/email', payload: { email: 'a@example.com', verificationCode: '123456' } },
      {
        method: 'POST',
        url: '/wps/verification/sms/bind',
        payload: { countryDialingCode: '55', mobileNum: '11987654321' },
      },
      {
        method: 'POST',
        url: '/wps/member/mobile',
        payload: { countryDialingCode: '55', mobileNum: '11987654321', verificationCode: '123456' },
      },
    ];

    it('every call needs a token', async () => {
      for (const c of calls)
        expectFailure(await call(t.app, c.method, c.url, { payload: c.payload }), ErrorCode.UNAUTHORIZED, 401);
      const res = await callEncrypted(t.app, 'PUT', '/wps/member/payment-password', {
        newPaymentPassword: PIN,
        confirmPaymentPassword: PIN,
      });
      expectFailure(res, ErrorCode.UNAUTHORIZED, 401);
    });

    it('a trial account gets in_need_true_account on every call', async () => {
      const trial = valueOf<LoginResult>(
        await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}` }),
      );
      for (const c of calls) {
        expectFailure(
          await call(t.app, c.method, c.url, { token: trial.token, payload: c.payload }),
          ErrorCode.NEED_TRUE_ACCOUNT,
          403,
        );
      }
      const res = await setPin(trial.token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
      expectFailure(res, ErrorCode.NEED_TRUE_ACCOUNT, 403);
    });
  });

  it('a new member starts with an empty security centre', async () => {
    const { token } = await newMember();
    expect(await summary(token)).toEqual({
      hasPaymentPassword: false,
      payeeName: null,
      email: null,
      emailVerified: false,
      mobile: null,
      mobileVerified: false,
      bankAccounts: [],
      maxBankAccounts: 5,
      payeeNameFromIdentity: false,
      ownAccountsOnly: false,
    });
  });

  describe('payee name', () => {
    it('follows the operator rule, is stored normalised and is set only once', async () => {
      const { token, memberId } = await newMember();
      const bad = expectFailure(
        await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: 'Maria' } }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(bad.value).toMatchObject({ fields: [{ field: 'payeeName', code: 'pattern', patternId: 21 }] });
      const set = await call(t.app, 'PUT', '/wps/member/payee-name', {
        token,
        payload: { payeeName: '  Maria   Clara  Souza ' },
      });
      expect(valueOf<{ payeeName: string }>(set)).toEqual({ payeeName: PAYEE });
      expect((await summary(token)).payeeName).toBe(PAYEE);
      expect(await t.app.services.security.getPayeeName(memberId)).toBe(PAYEE);
      const again = await call(t.app, 'PUT', '/wps/member/payee-name', {
        token,
        payload: { payeeName: 'Other Person' },
      });
      expectFailure(again, ErrorCode.PAYEE_NAME_ALREADY_SET, 409);
      expect((await summary(token)).payeeName).toBe(PAYEE);
    });

    it('unknown fields are stripped and a missing name is a 400', async () => {
      const { token } = await newMember();
      expectFailure(
        await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { name: PAYEE } }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      const res = await call(t.app, 'PUT', '/wps/member/payee-name', {
        token,
        payload: { payeeName: PAYEE, admin: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('bank accounts', () => {
    it('lists the operator banks', async () => {
      const { token } = await newMember();
      const banks = valueOf<Bank[]>(await call(t.app, 'GET', '/wps/member/banks', { token }));
      expect(banks.length).toBeGreaterThanOrEqual(10);
      expect(banks[0]).toEqual({ code: '001', name: 'Banco do Brasil' });
    });

    it('need a bound payee name first', async () => {
      const { token } = await newMember();
      const res = await bindBank(token, { bankCode: '001', accountNumber: '12345678', holderName: PAYEE });
      expectFailure(res, ErrorCode.PAYEE_NAME_REQUIRED, 409);
    });

    it('refuse a holder that is not the payee name, with nothing written', async () => {
      const { token } = await newMember();
      await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: PAYEE } });
      const res = await bindBank(token, { bankCode: '001', accountNumber: '12345678', holderName: 'Joao Pereira' });
      expectFailure(res, ErrorCode.BANK_ACCOUNT_HOLDER_MISMATCH, 400);
      expect((await summary(token)).bankAccounts).toEqual([]);
    });

    it('bind with a holder equal up to case and spaces, list masked, refuse duplicates', async () => {
      const { token, memberId } = await newMember();
      await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: PAYEE } });
      const res = await bindBank(token, {
        bankCode: '341',
        accountNumber: '1234-5678.9',
        holderName: '  maria  CLARA souza ',
      });
      const accounts = valueOf<BankAccountSummary[]>(res);
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({
        bankCode: '341',
        bankName: 'Itaú Unibanco',
        accountNumberMasked: '****6789',
        holderName: PAYEE,
      });
      expect(res.body).not.toContain('123456789');
      expect((await summary(token)).bankAccounts).toEqual(accounts);

      const id = accounts[0]?.id ?? '';
      expect(await t.app.services.security.getBankAccount(memberId, id)).toEqual({
        id,
        bankCode: '341',
        bankName: 'Itaú Unibanco',
        accountNumber: '123456789',
        holderName: PAYEE,
        pixKeyType: null,
        pixKey: null,
      });
      expect(await t.app.services.security.listBankAccounts(memberId)).toHaveLength(1);

      expectFailure(
        await bindBank(token, { bankCode: '341', accountNumber: '123456789', holderName: PAYEE }),
        ErrorCode.BANK_ACCOUNT_DUPLICATE,
        409,
      );
    });

    it('refuse unknown banks and malformed numbers', async () => {
      const { token } = await newMember();
      await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: PAYEE } });
      expectFailure(
        await bindBank(token, { bankCode: '999', accountNumber: '12345678', holderName: PAYEE }),
        ErrorCode.BANK_NOT_SUPPORTED,
        400,
      );
      const bad = expectFailure(
        await bindBank(token, { bankCode: '001', accountNumber: '12ab', holderName: PAYEE }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(bad.value).toMatchObject({ fields: [{ field: 'accountNumber' }] });
      expectFailure(
        await bindBank(token, { bankCode: '001', accountNumber: '12345678' }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    });

    it('stop at the operator maximum, also under parallel binds', async () => {
      await updateOperatorSetting(t.app, 'maxBankAccountsPerMember', () => 2);
      try {
        const { token } = await newMember();
        await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: PAYEE } });
        const results = await Promise.all(
          ['11110001', '11110002', '11110003', '11110004'].map((n) =>
            bindBank(token, { bankCode: '001', accountNumber: n, holderName: PAYEE }),
          ),
        );
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
        for (const r of results.filter((x) => x.statusCode !== 200))
          expectFailure(r, ErrorCode.BANK_ACCOUNT_LIMIT_REACHED, 409);
        expect((await summary(token)).bankAccounts).toHaveLength(2);
      } finally {
        await updateOperatorSetting(t.app, 'maxBankAccountsPerMember', () => 5);
      }
    });

    it("another member's account is not found", async () => {
      const a = await newMember();
      const b = await newMember();
      await call(t.app, 'PUT', '/wps/member/payee-name', { token: a.token, payload: { payeeName: PAYEE } });
      const [account] = valueOf<BankAccountSummary[]>(
        await bindBank(a.token, { bankCode: '001', accountNumber: '55554444', holderName: PAYEE }),
      );
      const { security } = t.app.services;
      for (const id of [account?.id ?? '', 'abc', '-1', '99999999999999999999', '']) {
        const err = await rejection(security.getBankAccount(b.memberId, id));
        expect(err.errorCode).toBe(ErrorCode.BANK_ACCOUNT_NOT_FOUND);
      }
    });
  });

  describe('payment password', () => {
    it('needs the encrypted body', async () => {
      const { token } = await newMember();
      const res = await call(t.app, 'PUT', '/wps/member/payment-password', {
        token,
        payload: { newPaymentPassword: PIN, confirmPaymentPassword: PIN },
      });
      expectFailure(res, ErrorCode.ENCRYPTION_REQUIRED, 400);
    });

    it('follows the operator rule and refuses easy PINs and mismatches', async () => {
      const { token } = await newMember();
      const letters = expectFailure(
        await setPin(token, { newPaymentPassword: 'abc123', confirmPaymentPassword: 'abc123' }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(letters.value).toMatchObject({ fields: [{ field: 'newPaymentPassword', code: 'pattern', patternId: 6 }] });
      expectFailure(
        await setPin(token, { newPaymentPassword: '12345', confirmPaymentPassword: '12345' }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: '483921' }),
        ErrorCode.PASSWORD_MISMATCH,
        400,
      );
      for (const easy of ['123456', '111111', '987654']) {
        expectFailure(
          await setPin(token, { newPaymentPassword: easy, confirmPaymentPassword: easy }),
          ErrorCode.PASSWORD_TOO_WEAK,
          400,
        );
      }
      expect((await summary(token)).hasPaymentPassword).toBe(false);
    });

    it('refuses the login password as payment password', async () => {
      const user = await registerUser(t.app, { password: 'Lumen771188' });
      await updateOperatorSetting(t.app, 'register', (r) => ({
        ...r,
        validate: {
          ...r.validate,
          paymentPassword: { acceptedPattern: '*', minLength: 6, maxLength: 32, patternId: 4 },
        },
      }));
      try {
        const res = await setPin(user.result.token, {
          newPaymentPassword: 'Lumen771188',
          confirmPaymentPassword: 'Lumen771188',
        });
        expect(expectFailure(res, ErrorCode.PASSWORD_TOO_WEAK, 400).value).toEqual({ reason: 'same_as_login' });
      } finally {
        await updateOperatorSetting(t.app, 'register', (r) => ({
          ...r,
          validate: {
            ...r.validate,
            paymentPassword: { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 },
          },
        }));
      }
    });

    it('is set once, then changed only with the current one', async () => {
      const { token, memberId } = await newMember();
      const { security } = t.app.services;
      expect(await security.hasPaymentPassword(memberId)).toBe(false);
      expect(valueOf(await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN }))).toBe(true);
      expect(await security.hasPaymentPassword(memberId)).toBe(true);
      expect((await summary(token)).hasPaymentPassword).toBe(true);
      const stored = await t.database.db
        .selectFrom('members')
        .select('payment_password_hash')
        .where('id', '=', memberId)
        .executeTakeFirst();
      expect(stored?.payment_password_hash).toMatch(/^scrypt\$/);

      const noOld = expectFailure(
        await setPin(token, { newPaymentPassword: '592817', confirmPaymentPassword: '592817' }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(noOld.value).toMatchObject({ fields: [{ field: 'oldPaymentPassword', code: 'required' }] });
      const wrong = await setPin(token, {
        oldPaymentPassword: '000001',
        newPaymentPassword: '592817',
        confirmPaymentPassword: '592817',
      });
      expect(expectFailure(wrong, ErrorCode.PAYMENT_PASSWORD_INVALID, 400).value).toEqual({ attemptsLeft: 4 });
      expectFailure(
        await setPin(token, { oldPaymentPassword: PIN, newPaymentPassword: PIN, confirmPaymentPassword: PIN }),
        ErrorCode.PASSWORD_TOO_WEAK,
        400,
      );
      expect(
        valueOf(
          await setPin(token, {
            oldPaymentPassword: PIN,
            newPaymentPassword: '592817',
            confirmPaymentPassword: '592817',
          }),
        ),
      ).toBe(true);

      await security.verifyPaymentPassword(memberId, '592817');
      expect((await rejection(security.verifyPaymentPassword(memberId, PIN))).errorCode).toBe(
        ErrorCode.PAYMENT_PASSWORD_INVALID,
      );
    });

    it('verify: not set → PAYMENT_PASSWORD_NOT_SET', async () => {
      const { memberId } = await newMember();
      const err = await rejection(t.app.services.security.verifyPaymentPassword(memberId, PIN));
      expect(err.errorCode).toBe(ErrorCode.PAYMENT_PASSWORD_NOT_SET);
    });

    it('verify: 5 wrong tries in 15 minutes lock it for 15 minutes; a success in between resets nothing', async () => {
      const { token, memberId } = await newMember();
      await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
      const clock = createTestClock(Date.now());
      const { services } = t.app;
      const security = createSecurityService({
        db: t.database.db,
        log: silentLog,
        config: t.config,
        databaseKind: t.database.kind,
        system: services.system,
        otp: services.otp,
        rateLimiter: services.rateLimiter,
        notifier: services.notifier,
        // Payment passwords only: no payout account is checked, no contact confirmed.
        payoutOwnership: { rules: async () => ({ ownAccountsOnly: false }), cpfOf: async () => null, directory: null },
        contactConfirmed: async () => false,
        now: clock.now,
      });

      const left: unknown[] = [];
      for (let i = 0; i < 3; i++)
        left.push((await rejection(security.verifyPaymentPassword(memberId, '000111'))).value);
      await security.verifyPaymentPassword(memberId, PIN);
      left.push((await rejection(security.verifyPaymentPassword(memberId, '000111'))).value);
      expect(left).toEqual([{ attemptsLeft: 4 }, { attemptsLeft: 3 }, { attemptsLeft: 2 }, { attemptsLeft: 1 }]);

      const locking = await rejection(security.verifyPaymentPassword(memberId, '000111'));
      expect(locking.errorCode).toBe(ErrorCode.PAYMENT_PASSWORD_LOCKED);
      expect(locking.value).toEqual({ retryAfterSeconds: PAYMENT_PASSWORD_LIMITS.lockSeconds });
      // Locked: even the right password is refused, and the answer does not say whether it was right.
      clock.advance(60_000);
      const locked = await rejection(security.verifyPaymentPassword(memberId, PIN));
      expect(locked.errorCode).toBe(ErrorCode.PAYMENT_PASSWORD_LOCKED);
      expect(locked.value).toEqual({ retryAfterSeconds: PAYMENT_PASSWORD_LIMITS.lockSeconds - 60 });
      // The change call goes through the same check.
      expect(
        (
          await rejection(
            security.setPaymentPassword(memberId, {
              oldPaymentPassword: PIN,
              newPaymentPassword: '592817',
              confirmPaymentPassword: '592817',
            }),
          )
        ).errorCode,
      ).toBe(ErrorCode.PAYMENT_PASSWORD_LOCKED);

      clock.advance(PAYMENT_PASSWORD_LIMITS.lockSeconds * 1000);
      await security.verifyPaymentPassword(memberId, PIN);
      expect((await rejection(security.verifyPaymentPassword(memberId, '000111'))).value).toEqual({ attemptsLeft: 4 });
    });

    it('verify: parallel wrong guesses never get more than 5 checks', async () => {
      const { token, memberId } = await newMember();
      await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
      const { security } = t.app.services;
      const errors = await Promise.all(
        Array.from({ length: 12 }, (_, i) => rejection(security.verifyPaymentPassword(memberId, `00${1000 + i}`))),
      );
      const invalid = errors.filter((e) => e.errorCode === ErrorCode.PAYMENT_PASSWORD_INVALID);
      const locked = errors.filter((e) => e.errorCode === ErrorCode.PAYMENT_PASSWORD_LOCKED);
      expect(invalid.length + locked.length).toBe(12);
      expect(invalid.length).toBeLessThanOrEqual(4);
      const failures = await t.database.db
        .selectFrom('payment_password_failures')
        .select('id')
        .where('member_id', '=', memberId)
        .execute();
      expect(failures).toHaveLength(PAYMENT_PASSWORD_LIMITS.maxFailures);
      expect((await rejection(security.verifyPaymentPassword(memberId, PIN))).errorCode).toBe(
        ErrorCode.PAYMENT_PASSWORD_LOCKED,
      );
    });

    it.runIf(target === 'postgres')(
      'verify inside a caller transaction that rolls back still counts the failure',
      async () => {
        const { token, memberId } = await newMember();
        await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
        const { security } = t.app.services;
        const err = await rejection(
          t.database.db.transaction().execute((trx) => security.verifyPaymentPassword(memberId, '000111', trx)),
        );
        expect(err.value).toEqual({ attemptsLeft: 4 });
        expect((await rejection(security.verifyPaymentPassword(memberId, '000111'))).value).toEqual({
          attemptsLeft: 3,
        });
        await t.database.db.transaction().execute((trx) => security.verifyPaymentPassword(memberId, PIN, trx));
      },
    );

    it('verify inside a caller transaction works on this database', async () => {
      const { token, memberId } = await newMember();
      await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
      const { security } = t.app.services;
      await t.database.db.transaction().execute((trx) => security.verifyPaymentPassword(memberId, PIN, trx));
      const err = await rejection(
        t.database.db.transaction().execute((trx) => security.verifyPaymentPassword(memberId, '000111', trx)),
      );
      expect(err.errorCode).toBe(ErrorCode.PAYMENT_PASSWORD_INVALID);
    });
  });

  describe('operator tasks (ops CLI)', () => {
    async function ops(name: string, args: string[]): Promise<unknown> {
      const command = COMMANDS[name];
      if (!command) throw new Error(`no ops command ${name}`);
      let printed: unknown;
      await command.run({ database: t.database, print: (v) => (printed = v) }, args);
      return printed;
    }

    async function auditActions(subjectType: string, subjectId: string): Promise<string[]> {
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => r.action);
    }

    it('add, disable and enable a bank; players see the change; every step is audited', async () => {
      const { token } = await newMember();
      await call(t.app, 'PUT', '/wps/member/payee-name', { token, payload: { payeeName: PAYEE } });
      expect(await ops('bank:set', ['7777', 'Banco', 'Teste', '--order', '500'])).toEqual({
        code: '7777',
        name: 'Banco Teste',
        enabled: true,
        sortOrder: 500,
      });
      const banks = () => call(t.app, 'GET', '/wps/member/banks', { token }).then((r) => valueOf<Bank[]>(r));
      expect(await banks()).toContainEqual({ code: '7777', name: 'Banco Teste' });
      valueOf(await bindBank(token, { bankCode: '7777', accountNumber: '70007000', holderName: PAYEE }));

      await ops('bank:disable', ['7777', 'bank', 'closed']);
      expect((await banks()).map((b) => b.code)).not.toContain('7777');
      expectFailure(
        await bindBank(token, { bankCode: '7777', accountNumber: '70007001', holderName: PAYEE }),
        ErrorCode.BANK_NOT_SUPPORTED,
        400,
      );
      // The account bound before keeps its bank.
      expect((await summary(token)).bankAccounts[0]).toMatchObject({ bankCode: '7777', bankName: 'Banco Teste' });

      await ops('bank:enable', ['7777']);
      expect((await banks()).map((b) => b.code)).toContain('7777');
      expect(await auditActions('bank', '7777')).toEqual(['bank.save', 'bank.disable', 'bank.enable']);
      const reasons = await t.database.db
        .selectFrom('audit_log')
        .select('reason')
        .where('subject_type', '=', 'bank')
        .where('subject_id', '=', '7777')
        .orderBy('id')
        .execute();
      expect(reasons.map((r) => r.reason)).toEqual([null, 'bank closed', null]);

      await expect(ops('bank:set', ['bad code!', 'X'])).rejects.toThrow(/^not a/);
      await expect(ops('bank:disable', ['nope'])).rejects.toThrow(/^not a known bank/);
    });

    it('reset a forgotten payment password, lock included, so the player sets a new one', async () => {
      const user = await registerUser(t.app);
      const { token } = user.result;
      const memberId = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token })).id;
      await setPin(token, { newPaymentPassword: PIN, confirmPaymentPassword: PIN });
      const { security } = t.app.services;
      for (let i = 0; i < PAYMENT_PASSWORD_LIMITS.maxFailures; i++)
        await rejection(security.verifyPaymentPassword(memberId, '000111'));
      expect((await rejection(security.verifyPaymentPassword(memberId, PIN))).errorCode).toBe(
        ErrorCode.PAYMENT_PASSWORD_LOCKED,
      );

      await expect(ops('payment-password:reset', [user.username])).rejects.toThrow(/^not a valid call/);
      expect(await ops('payment-password:reset', [user.username.toUpperCase(), 'player', 'forgot', 'it'])).toEqual({
        memberId,
      });
      expect((await summary(token)).hasPaymentPassword).toBe(false);
      valueOf(await setPin(token, { newPaymentPassword: '592817', confirmPaymentPassword: '592817' }));
      await security.verifyPaymentPassword(memberId, '592817');
      expect(await auditActions('member', memberId)).toContain('member.payment_password.reset');
      await expect(ops('payment-password:reset', ['nobody-here', 'x'])).rejects.toThrow(/^not a known account/);
    });
  });

  describe('e-mail link', () => {
    async function mailedCode(to: string): Promise<string> {
      const mail = await waitForEmail(t.app, to);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error('no code in the e-mail');
      return code;
    }

    it('binds with the mailed code; a confirmed link cannot be changed', async () => {
      const { token } = await newMember();
      const email = uniqueEmail();
      // Member info read (and cached) before the link must show the link right after it.
      expect(
        valueOf<{ email: string | null }>(await call(t.app, 'GET', '/wps/member/info', { token })).email,
      ).toBeNull();
      const sent = valueOf<{ expiredMinutes: number; expirationTime: number }>(
        await call(t.app, 'POST', '/wps/verification/email/bind', { token, payload: { email } }),
      );
      expect(sent.expiredMinutes).toBe(OTP_TTL_MINUTES);
      const code = await mailedCode(email);
      const wrongCode = code === '000000' ? '000001' : '000000';
      const wrong = await call(t.app, 'POST', '/wps/member/email', {
        token,
        payload: { email, verificationCode: wrongCode },
      });
      expect(expectFailure(wrong, ErrorCode.EMAIL_CODE_INVALID, 400).value).toEqual({ attemptsLeft: 4 });
      const otherAddress = await call(t.app, 'POST', '/wps/member/email', {
        token,
        payload: { email: uniqueEmail(), verificationCode: code },
      });
      expectFailure(otherAddress, ErrorCode.EMAIL_CODE_INVALID, 400);

      expect(
        valueOf(await call(t.app, 'POST', '/wps/member/email', { token, payload: { email, verificationCode: code } })),
      ).toBe(true);
      const s = await summary(token);
      expect(s.emailVerified).toBe(true);
      expect(s.email).toBe(`${email.slice(0, 2)}***@example.com`);
      expect(valueOf<{ email: string | null }>(await call(t.app, 'GET', '/wps/member/info', { token })).email).toBe(
        s.email,
      );

      expectFailure(
        await call(t.app, 'POST', '/wps/verification/email/bind', { token, payload: { email: uniqueEmail() } }),
        ErrorCode.EMAIL_ALREADY_BOUND,
        409,
      );
      expectFailure(
        await call(t.app, 'POST', '/wps/member/email', { token, payload: { email, verificationCode: code } }),
        ErrorCode.EMAIL_ALREADY_BOUND,
        409,
      );
    });

    it('a code is single use, resends are limited, and a linked address is taken for others', async () => {
      const a = await newMember();
      const email = uniqueEmail();
      valueOf(await call(t.app, 'POST', '/wps/verification/email/bind', { token: a.token, payload: { email } }));
      expectFailure(
        await call(t.app, 'POST', '/wps/verification/email/bind', { token: a.token, payload: { email } }),
        ErrorCode.TOO_MANY_REQUESTS,
        429,
      );
      const code = await mailedCode(email);

      const b = await newMember();
      valueOf(
        await call(t.app, 'POST', '/wps/member/email', {
          token: a.token,
          payload: { email: email.toUpperCase(), verificationCode: code },
        }),
      );
      // A taken address is answered like a free one (contact-binding.test.ts); no code is issued for it.
      valueOf(await call(t.app, 'POST', '/wps/verification/email/bind', { token: b.token, payload: { email } }));
      expectFailure(
        await call(t.app, 'POST', '/wps/member/email', { token: b.token, payload: { email, verificationCode: code } }),
        ErrorCode.EMAIL_CODE_INVALID,
        400,
      );
    });

    it('two members linking one address at once: exactly one wins', async () => {
      const email = uniqueEmail();
      const members = [await newMember(), await newMember()];
      const codes: string[] = [];
      for (const m of members) {
        valueOf(await call(t.app, 'POST', '/wps/verification/email/bind', { token: m.token, payload: { email } }));
        const mails = valueOf<{ text: string }[]>(
          await call(t.app, 'GET', `/dev/outbox/email?to=${encodeURIComponent(email)}`),
        );
        codes.push(/\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '');
      }
      const results = await Promise.all(
        members.map((m, i) =>
          call(t.app, 'POST', '/wps/member/email', { token: m.token, payload: { email, verificationCode: codes[i] } }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expectFailure(results.find((r) => r.statusCode === 409) ?? results[0]!, ErrorCode.EMAIL_TAKEN, 409);
      const verified = await Promise.all(members.map((m) => summary(m.token).then((x) => x.emailVerified)));
      expect(verified.filter(Boolean)).toHaveLength(1);
    });

    it('refuses a malformed address', async () => {
      const { token } = await newMember();
      expectFailure(
        await call(t.app, 'POST', '/wps/verification/email/bind', { token, payload: { email: 'not-an-email' } }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(t.app, 'POST', '/wps/member/email', {
          token,
          payload: { email: 'x@example.com', verificationCode: '123456' },
        }),
        ErrorCode.EMAIL_CODE_INVALID,
        400,
      );
    });
  });

  describe('mobile link', () => {
    it('binds with the SMS code; a confirmed link cannot be changed; the number is unique', async () => {
      const { token } = await newMember();
      const mobile = uniqueMobile();
      expect(
        valueOf<{ mobileNum: string | null }>(await call(t.app, 'GET', '/wps/member/info', { token })).mobileNum,
      ).toBeNull();
      valueOf(
        await call(t.app, 'POST', '/wps/verification/sms/bind', {
          token,
          payload: { countryDialingCode: '+55', mobileNum: mobile },
        }),
      );
      const code = await readSmsCode(t.app, `55${mobile}`);
      const wrongCode = code === '000000' ? '000001' : '000000';
      const wrong = await call(t.app, 'POST', '/wps/member/mobile', {
        token,
        payload: { countryDialingCode: '55', mobileNum: mobile, verificationCode: wrongCode },
      });
      expectFailure(wrong, ErrorCode.SMS_CODE_INVALID, 400);
      expect(
        valueOf(
          await call(t.app, 'POST', '/wps/member/mobile', {
            token,
            payload: { countryDialingCode: '55', mobileNum: mobile, verificationCode: code },
          }),
        ),
      ).toBe(true);
      const s = await summary(token);
      expect(s.mobileVerified).toBe(true);
      expect(s.mobile).toBe(`+55 ${mobile.slice(0, 2)}******${mobile.slice(-3)}`);
      expect(
        valueOf<{ mobileNum: string | null }>(await call(t.app, 'GET', '/wps/member/info', { token })).mobileNum,
      ).not.toBeNull();

      const other = uniqueMobile();
      expectFailure(
        await call(t.app, 'POST', '/wps/verification/sms/bind', {
          token,
          payload: { countryDialingCode: '55', mobileNum: other },
        }),
        ErrorCode.MOBILE_ALREADY_BOUND,
        409,
      );
      expectFailure(
        await call(t.app, 'POST', '/wps/member/mobile', {
          token,
          payload: { countryDialingCode: '55', mobileNum: other, verificationCode: code },
        }),
        ErrorCode.MOBILE_ALREADY_BOUND,
        409,
      );

      const b = await newMember();
      // A taken number meets the same limits and answers as a free one (contact-binding.test.ts).
      expectFailure(
        await call(t.app, 'POST', '/wps/verification/sms/bind', {
          token: b.token,
          payload: { countryDialingCode: '55', mobileNum: mobile },
        }),
        ErrorCode.TOO_MANY_REQUESTS,
        429,
      );
    });

    it('a bind code is not a login or reset code, and wrong lengths are refused', async () => {
      const { token } = await newMember();
      const mobile = uniqueMobile();
      valueOf(
        await call(t.app, 'POST', '/wps/verification/sms/bind', {
          token,
          payload: { countryDialingCode: '55', mobileNum: mobile },
        }),
      );
      const code = await readSmsCode(t.app, `55${mobile}`);
      const err = await rejection(t.app.services.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code }));
      expect(err.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
      const short = await call(t.app, 'POST', '/wps/verification/sms/bind', {
        token,
        payload: { countryDialingCode: '55', mobileNum: '12345' },
      });
      expectFailure(short, ErrorCode.VALIDATION_FAILED, 400);
    });
  });
});
