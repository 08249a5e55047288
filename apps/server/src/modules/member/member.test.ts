import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import { AVATAR_COUNT, type MemberAvatar, type MemberInfo, type PlayerAvatarList } from '@wps/shared/schemas/member';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  plantCaptcha,
  readSmsCode,
  registerUser,
  strongPassword,
  uniqueUsername,
  updateOperatorSetting,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../../test/test-app';
import { DEMO_AGENT, seedDemoAgent } from './member.seed';

type FieldFailures = { fields: { field: string; code: string; patternId: number; min: number; max: number }[] };

/** A Brazilian mobile number (11 digits) unlikely to repeat across tests. */
function uniqueMobile(): string {
  return `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

describeEachDatabase('member accounts', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await seedDemoAgent(t.database.db);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('refuses a registration without the agreement', async () => {
    const res = await callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: uniqueUsername(),
      password: 'Lumen2024bet',
      confirmPassword: 'Lumen2024bet',
      agree: false,
    });
    expectFailure(res, ErrorCode.AGREEMENT_REQUIRED, 400);
  });

  it('applies the operator field rules and names each failing field', async () => {
    const res = await callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: '9starts-with-digit',
      password: 'short',
      confirmPassword: 'short',
      email: 'not-an-email',
      agree: true,
    });
    const failure = expectFailure(res, ErrorCode.VALIDATION_FAILED, 400);
    const fields = (failure.value as FieldFailures).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', code: 'pattern', patternId: 1, min: 4, max: 16 }),
        expect.objectContaining({ field: 'password', patternId: 19 }),
        expect.objectContaining({ field: 'email', code: 'pattern', patternId: 3 }),
      ]),
    );
  });

  it('checks the confirmation and refuses common passwords', async () => {
    const base = { username: uniqueUsername(), agree: true };
    expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register', {
        ...base,
        password: 'Lumen2024bet',
        confirmPassword: 'Lumen2024bex',
      }),
      ErrorCode.PASSWORD_MISMATCH,
    );
    const missing = expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register', { ...base, password: 'Lumen2024bet' }),
      ErrorCode.VALIDATION_FAILED,
    );
    expect((missing.value as FieldFailures).fields[0]).toMatchObject({ field: 'confirmPassword', code: 'required' });
    expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register', {
        ...base,
        password: 'abcd1234',
        confirmPassword: 'abcd1234',
      }),
      ErrorCode.PASSWORD_TOO_WEAK,
    );
  });

  it("takes a password manager's password with symbols, and refuses one with a space", async () => {
    const password = 'k7#Vq!2m@Zx$9pL&';
    const made = await callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: uniqueUsername(),
      password,
      confirmPassword: password,
      agree: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const spaced = expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register', {
        username: uniqueUsername(),
        password: 'k7#Vq!2m Zx$9pL',
        confirmPassword: 'k7#Vq!2m Zx$9pL',
        agree: true,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect((spaced.value as FieldFailures).fields).toEqual([
      expect.objectContaining({ field: 'password', code: 'pattern', patternId: 19 }),
    ]);
  });

  it('treats account names case-insensitively', async () => {
    const { username } = await registerUser(t.app);
    const res = await callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: username.toUpperCase(),
      password: 'Lumen2024bet',
      confirmPassword: 'Lumen2024bet',
      agree: true,
    });
    expectFailure(res, ErrorCode.USERNAME_TAKEN, 409);
  });

  it('checks affiliate codes against code and domain', async () => {
    const found = valueOf<{ code: string; agent: string }>(
      await call(t.app, 'GET', `/wps/agent/affiliate?code=${DEMO_AGENT.affiliateCode}`),
    );
    expect(found.agent).toBe(DEMO_AGENT.account);
    expectFailure(await call(t.app, 'GET', '/wps/agent/affiliate?code=NOPE1234'), ErrorCode.INVITATION_CODE_ERROR, 400);

    await t.database.db
      .insertInto('affiliate_codes')
      .values({
        code: 'boundcode',
        kind: 'affiliate',
        member_id: (
          await t.database.db
            .selectFrom('members')
            .select('id')
            .where('account', '=', DEMO_AGENT.account)
            .executeTakeFirstOrThrow()
        ).id,
        domain: 'lumen.example',
      })
      .execute();
    valueOf(await call(t.app, 'GET', '/wps/agent/affiliate?code=BOUNDCODE&domain=www.lumen.example'));
    valueOf(await call(t.app, 'GET', '/wps/agent/affiliate?code=boundcode&domain=m.lumen.example'));
    expectFailure(
      await call(t.app, 'GET', '/wps/agent/affiliate?code=boundcode&domain=evil.example'),
      ErrorCode.INVITATION_CODE_ERROR,
    );

    expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register', {
        username: uniqueUsername(),
        password: 'Lumen2024bet',
        confirmPassword: 'Lumen2024bet',
        affiliateCode: 'NOPE1234',
        agree: true,
      }),
      ErrorCode.INVITATION_CODE_ERROR,
    );
    const { result } = await registerUser(t.app, { affiliateCode: DEMO_AGENT.affiliateCode });
    const info = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    expect(info.toUpline).toBe(true);
  });

  it('requires and checks the captcha when the operator shows it', async () => {
    await updateOperatorSetting(t.app, 'register', (r) => ({ ...r, showCaptcha: true }));
    try {
      const body = {
        username: uniqueUsername(),
        password: 'Lumen2024bet',
        confirmPassword: 'Lumen2024bet',
        agree: true,
      };
      expectFailure(await callEncrypted(t.app, 'PUT', '/wps/member/register', body), ErrorCode.CAPTCHA_REQUIRED);
      expectFailure(
        await callEncrypted(t.app, 'PUT', '/wps/member/register', {
          ...body,
          captchaKey: 'reg-captcha-1',
          captcha: 'AAAAA',
        }),
        ErrorCode.CAPTCHA_INVALID,
      );
      await plantCaptcha(t.database, 'reg-captcha-2', 'H4K8N');
      valueOf(
        await callEncrypted(t.app, 'PUT', '/wps/member/register', {
          ...body,
          captchaKey: 'reg-captcha-2',
          captcha: 'H4K8N',
        }),
      );
    } finally {
      await disableRegisterCaptcha(t.app);
    }
  });

  it('registers by mobile with the SMS code, generating the account name', async () => {
    const mobile = uniqueMobile();
    const password = strongPassword();
    const payload = { mobileNum: mobile, countryDialingCode: '+55', password, confirmPassword: password, agree: true };
    expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', payload),
      ErrorCode.VALIDATION_FAILED,
    );

    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/register', {
        payload: { countryDialingCode: '55', mobileNo: mobile },
      }),
    );
    const code = await readSmsCode(t.app, `55${mobile}`);
    const result = valueOf<LoginResult>(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', { ...payload, verificationCode: code }),
    );
    expect(result.account).toMatch(/^m\d{9}$/);
    expect(result.userInfo.userName).toBe(result.account);
    const info = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    expect(info.mobileNum).toContain('+55');
    expect(info.mobileNum).not.toContain(mobile);

    valueOf(await login(t.app, result.account ?? '', password));
    // The number is now taken.
    expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', { ...payload, verificationCode: code }),
      ErrorCode.MOBILE_TAKEN,
      409,
    );
  });

  it('rejects a mobile number with the wrong digit count for its country', async () => {
    const res = await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
      mobileNum: '123456789',
      countryDialingCode: '55',
      password: 'Lumen2024bet',
      confirmPassword: 'Lumen2024bet',
      verificationCode: '123456',
      agree: true,
    });
    const failure = expectFailure(res, ErrorCode.VALIDATION_FAILED);
    expect((failure.value as FieldFailures).fields).toContainEqual(
      expect.objectContaining({ field: 'mobileNum', code: 'length', min: 10, max: 11 }),
    );
  });

  it('resets the password by phone and logs in', async () => {
    const mobile = uniqueMobile();
    const password = strongPassword();
    const member = await insertTestMember(t, password, { dialingCode: '55', mobile });
    const registered = valueOf<LoginResult>(await login(t.app, member.account, password));

    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/password', {
        payload: { countryDialingCode: '55', mobileNum: mobile },
      }),
    );
    const code = await readSmsCode(t.app, `55${mobile}`);
    const next = strongPassword();
    const result = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/member/password/verification', {
        mobileNum: mobile,
        countryDialingCode: '55',
        verificationCode: code,
        newPassword: next,
        confirmNewPassword: next,
      }),
    );
    expect(result.userInfo.userName).toBe(member.account);
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    // Old sessions are gone, the old password no longer works, the new one does.
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: registered.token }), ErrorCode.UNAUTHORIZED);
    expectFailure(await login(t.app, member.account, password), ErrorCode.INVALID_CREDENTIALS);
    valueOf(await login(t.app, member.account, next));
  });

  it('resets a forgotten password through the e-mailed single-use link', async () => {
    const email = `${uniqueUsername('mail')}@example.com`;
    const { username, password, result } = await registerUser(t.app, { email });

    const form = (u: string, e: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        // The site is in English: the mail is too, and in English only.
        headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'EN' },
        payload: new URLSearchParams({ username: u, email: e }).toString(),
      });
    // Unknown accounts and wrong e-mails get the same answer and no mail.
    valueOf(await form(uniqueUsername('ghost'), email));
    valueOf(await form(username, 'other@example.com'));
    valueOf(await form(username.toUpperCase(), email.toUpperCase()));

    const mail = await waitForEmail(t.app, email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('To reset your password, open this link within 30 minutes');
    expect(mail.text).not.toContain('senha');
    const token = /reset-password#token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const otherMail = await t.app.inject({ method: 'GET', url: '/dev/outbox/email?to=other@example.com' });
    expect(valueOf<unknown[]>(otherMail)).toEqual([]);

    const next = strongPassword();
    const reset = { token, newPassword: next, confirmNewPassword: next };
    valueOf(await callEncrypted(t.app, 'POST', '/wps/member/password/reset', reset));
    expectFailure(
      await callEncrypted(t.app, 'POST', '/wps/member/password/reset', reset),
      ErrorCode.RESET_LINK_INVALID,
    );
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: result.token }), ErrorCode.UNAUTHORIZED);
    expectFailure(await login(t.app, username, password), ErrorCode.INVALID_CREDENTIALS);
    valueOf(await login(t.app, username, next));
  });

  it('stores the language choice', async () => {
    const { result } = await registerUser(t.app);
    // Read (and cache) the info first: the change must still show at once.
    expect(valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: result.token })).language).toBe(
      'PT',
    );
    expect(
      valueOf<{ language: string }>(
        await call(t.app, 'PUT', '/wps/member/language', { token: result.token, payload: { language: 'en' } }),
      ),
    ).toEqual({
      language: 'EN',
    });
    expect(valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: result.token })).language).toBe(
      'EN',
    );
    expectFailure(
      await call(t.app, 'PUT', '/wps/member/language', { token: result.token, payload: { language: 'xx' } }),
      ErrorCode.VALIDATION_FAILED,
    );
    expectFailure(
      await call(t.app, 'PUT', '/wps/member/language', { payload: { language: 'EN' } }),
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('keeps the chosen avatar; trial accounts see theirs but may not change it', async () => {
    const { result } = await registerUser(t.app);
    const token = result.token;
    expect(valueOf<MemberAvatar>(await call(t.app, 'GET', '/wps/member/info/icon', { token }))).toEqual({
      avatarId: null,
      url: null,
    });
    const offered = valueOf<PlayerAvatarList>(await call(t.app, 'GET', '/wps/relay/MCSFE_getPlayerAvatar', { token }));
    expect(offered.list).toHaveLength(AVATAR_COUNT);
    expect(offered.current).toBeNull();

    const chosen = valueOf<MemberAvatar>(
      await call(t.app, 'PUT', '/wps/member/info/icon', { token, payload: { avatarId: 3 } }),
    );
    expect(chosen).toEqual({ avatarId: 3, url: '/avatars/avatar-3.svg' });
    expect(valueOf<MemberAvatar>(await call(t.app, 'GET', '/wps/member/info/icon', { token })).avatarId).toBe(3);
    expect(
      valueOf<PlayerAvatarList>(await call(t.app, 'GET', '/wps/relay/MCSFE_getPlayerAvatar', { token })).current,
    ).toBe(3);

    for (const avatarId of [0, AVATAR_COUNT + 1, '2', 1.5]) {
      expectFailure(
        await call(t.app, 'PUT', '/wps/member/info/icon', { token, payload: { avatarId } }),
        ErrorCode.VALIDATION_FAILED,
      );
    }
    expectFailure(await call(t.app, 'GET', '/wps/member/info/icon'), ErrorCode.UNAUTHORIZED);

    const trial = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}` }),
    );
    expect(
      valueOf<MemberAvatar>(await call(t.app, 'GET', '/wps/member/info/icon', { token: trial.token })).avatarId,
    ).toBeNull();
    expectFailure(
      await call(t.app, 'PUT', '/wps/member/info/icon', { token: trial.token, payload: { avatarId: 2 } }),
      ErrorCode.NEED_TRUE_ACCOUNT,
    );
  });

  it('credits the operator registration bonus exactly once', async () => {
    await updateOperatorSetting(t.app, 'registrationBonusMinor', () => '1500');
    try {
      const { result } = await registerUser(t.app);
      const balance = valueOf<{ sumBalanceMinor: string }>(
        await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: result.token }),
      );
      expect(balance.sumBalanceMinor).toBe('1500');
    } finally {
      await updateOperatorSetting(t.app, 'registrationBonusMinor', () => '0');
    }
  });
});

describePostgres('member concurrency [postgres]', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('50 parallel registrations of one username: exactly one succeeds', async () => {
    const username = uniqueUsername('race');
    const password = strongPassword();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callEncrypted(
          t.app,
          'PUT',
          '/wps/member/register',
          { username, password, confirmPassword: password, agree: true },
          { remoteAddress: `10.2.${Math.floor(i / 20)}.${i}` },
        ),
      ),
    );
    const codes = responses.map((r) => (r.json() as { success: boolean; errorCode?: string }).errorCode ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'OK').every((c) => c === ErrorCode.USERNAME_TAKEN)).toBe(true);
    const rows = await t.database.db.selectFrom('members').select('id').where('account', '=', username).execute();
    expect(rows).toHaveLength(1);
    const wallets = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', rows[0]?.id ?? '0')
      .execute();
    expect(wallets).toHaveLength(1);
  });

  it('10 parallel free-play requests with one key: one trial account, one credit', async () => {
    const idempotencyKey = `key-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}`, idempotencyKey }),
      ),
    );
    const results = responses.map((r) => valueOf<LoginResult>(r));
    const names = new Set(results.map((r) => r.userInfo.userName));
    expect(names.size).toBe(1);
    expect(new Set(results.map((r) => r.token)).size).toBe(10);
    const account = [...names][0] ?? '';
    const trials = await t.database.db.selectFrom('members').select('id').where('account', '=', account).execute();
    expect(trials).toHaveLength(1);
    const credits = await t.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'freeplay_demo_credit')
      .execute();
    expect(credits).toHaveLength(1);
    const operator = await t.app.services.system.getOperatorConfig();
    for (const r of results) {
      const balance = valueOf<{ sumBalanceMinor: string }>(
        await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: r.token }),
      );
      expect(balance.sumBalanceMinor).toBe(operator.freeplayDemoBalanceMinor.toString());
    }
  });
});
