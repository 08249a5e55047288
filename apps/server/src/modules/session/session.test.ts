import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { MemberInfo } from '@wps/shared/schemas/member';
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
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { buildApp, type App } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { createTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../../test/test-app';

describeEachDatabase('sessions', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('register → login → info → logout → info rejected', async () => {
    const { username, password, result } = await registerUser(t.app);
    expect(result.token.length).toBeGreaterThanOrEqual(22);
    expect(result.userInfo).toEqual({ userName: username, nickname: null, type: 3 });
    expect(result.firstTimeLogin).toBe(true);

    const loggedIn = valueOf<LoginResult>(await login(t.app, username.toUpperCase(), password));
    expect(loggedIn.token).not.toBe(result.token);
    expect(loggedIn).toMatchObject({ firstTimeLogin: false, passwordExpired: false, mustChangePassword: false });

    const info = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: loggedIn.token }));
    // A new player holds the lowest VIP level (its label, from the loyalty module).
    expect(info).toMatchObject({
      account: username,
      type: 3,
      toUpline: false,
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
    });
    // Bearer form works too.
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: `Bearer ${loggedIn.token}` }));

    valueOf(await call(t.app, 'DELETE', '/wps/session/logout', { token: loggedIn.token }));
    const loggedOut = expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: loggedIn.token }),
      ErrorCode.UNAUTHORIZED,
      401,
    );
    // The answer says why the session ended, so another tab sharing it can tell the player.
    expect(loggedOut.value).toEqual({ sessionEnded: 'logged_out' });
    // The registration session is a separate session and still works.
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
  });

  it('rejects missing, unknown, idle and expired tokens, saying why a known session ended', async () => {
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info'), ErrorCode.UNAUTHORIZED, 401).value,
    ).toBeUndefined();
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: 'not-a-token' }), ErrorCode.UNAUTHORIZED, 401)
        .value,
    ).toBeUndefined();

    const idle = await registerUser(t.app);
    await sql`UPDATE member_sessions SET last_seen_at = now() - make_interval(secs => ${t.config.sessionIdleSeconds + 5})
      WHERE member_id = (SELECT id FROM members WHERE account = ${idle.username})`.execute(t.database.db);
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: idle.result.token }), ErrorCode.UNAUTHORIZED)
        .value,
    ).toEqual({ sessionEnded: 'idle' });

    const old = await registerUser(t.app);
    await sql`UPDATE member_sessions SET expires_at = now() - interval '1 second'
      WHERE member_id = (SELECT id FROM members WHERE account = ${old.username})`.execute(t.database.db);
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: old.result.token }), ErrorCode.UNAUTHORIZED)
        .value,
    ).toEqual({ sessionEnded: 'expired' });
  });

  it('stores only a hash of the token', async () => {
    const { username, result } = await registerUser(t.app);
    const rows = await t.database.db
      .selectFrom('member_sessions')
      .innerJoin('members', 'members.id', 'member_sessions.member_id')
      .select('token_hash')
      .where('members.account', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(result.token);
    expect(rows[0]?.token_hash).not.toContain(result.token);
  });

  it('asks for a captcha after 3 failures and enforces it', async () => {
    const { username, password } = await registerUser(t.app);
    // Its own address, so the per-IP failure count does not spill into other tests.
    const from = { remoteAddress: '10.1.0.1' };
    for (let i = 1; i <= 3; i++) {
      const failed = expectFailure(
        await login(t.app, username, `Wrong${i}pass`, {}, from),
        ErrorCode.INVALID_CREDENTIALS,
        401,
      );
      expect(failed.value).toEqual({ captcha: i >= 3 });
    }
    expectFailure(await login(t.app, username, password, {}, from), ErrorCode.CAPTCHA_REQUIRED, 400);
    const wrong = expectFailure(
      await login(t.app, username, password, { captchaKey: 'captcha-key-wrong', captcha: 'ABCDE' }, from),
      ErrorCode.CAPTCHA_INVALID,
    );
    expect(wrong.value).toEqual({ captcha: true });
    // The failures belong to the (account, address) pair; the player elsewhere is not asked.
    valueOf(await login(t.app, username, password, {}, { remoteAddress: '10.1.0.2' }));

    // The real player, with the captcha solved, still gets in: failures never lock an account.
    await plantCaptcha(t.database, 'captcha-key-right', 'K7M2P');
    valueOf(await login(t.app, username, password, { captchaKey: 'captcha-key-right', captcha: 'k7m2p' }, from));
    // A captcha answer is single use.
    expectFailure(
      await login(t.app, username, password, { captchaKey: 'captcha-key-right', captcha: 'K7M2P' }, from),
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('counts failures per IP across accounts', async () => {
    const from = { remoteAddress: '10.1.0.3' };
    for (let i = 0; i < 3; i++) {
      expectFailure(
        await login(t.app, uniqueUsername('ghost'), 'Whatever123', {}, from),
        ErrorCode.INVALID_CREDENTIALS,
        401,
      );
    }
    const { username, password } = await registerUser(t.app);
    expectFailure(await login(t.app, username, password, {}, from), ErrorCode.CAPTCHA_REQUIRED);
    valueOf(await login(t.app, username, password, {}, { remoteAddress: '10.1.0.4' }));
  });

  it('slows down guessing on one account without locking it (member/login-throttle.test.ts)', async () => {
    const account = uniqueUsername('target');
    let limited = 0;
    for (let i = 0; i < 22; i++) {
      const res = await login(t.app, account, `Guess${i}word`, {}, { remoteAddress: `10.3.0.${i + 1}` });
      if ((res.json() as { errorCode?: string }).errorCode === ErrorCode.TOO_MANY_REQUESTS) limited++;
    }
    // Failures spread over addresses ask for a captcha; no address is refused.
    expect(limited).toBe(0);
  });

  it('refuses plain JSON on encrypted paths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'someone', password: 'Secret123' },
    });
    expectFailure(res, ErrorCode.ENCRYPTION_REQUIRED, 400);
  });

  it('blocks everything but a password change after logging in with the default password', async () => {
    const { account } = await insertTestMember(t, '{secret}');
    const result = valueOf<LoginResult>(await login(t.app, account, '{secret}'));
    expect(result).toMatchObject({ mustChangePassword: true, firstTimeLogin: true });
    const flagged = await t.database.db
      .selectFrom('members')
      .select('must_change_password')
      .where('account', '=', account)
      .executeTakeFirst();
    expect(flagged?.must_change_password).toBe(true);

    expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: result.token }),
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
      403,
    );
    expectFailure(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: result.token }),
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
      403,
    );

    // A common password is refused (8 characters: the minimum).
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: '{secret}', newPassword: 'abcd1234', confirmNewPassword: 'abcd1234' },
        { token: result.token },
      ),
      ErrorCode.PASSWORD_TOO_WEAK,
    );
    const next = strongPassword();
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: '{secret}', newPassword: next, confirmNewPassword: next },
        { token: result.token },
      ),
    );
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    expectFailure(await login(t.app, account, '{secret}'), ErrorCode.INVALID_CREDENTIALS);
    expect(valueOf<LoginResult>(await login(t.app, account, next)).mustChangePassword).toBe(false);
  });

  it('blocks an expired password until it is changed (PWDEXPFORCECHANGE3)', async () => {
    // Off by default: the operator turns it on.
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PWDEXPFORCECHANGE3: true }));
    const password = strongPassword();
    const { account } = await insertTestMember(t, password, { now: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
    const result = valueOf<LoginResult>(await login(t.app, account, password));
    expect(result).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: result.token }),
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );

    const next = strongPassword();
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: 'Wrong1pass', newPassword: next, confirmNewPassword: next },
        { token: result.token },
      ),
      ErrorCode.OLD_PASSWORD_INCORRECT,
    );
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: password, newPassword: next, confirmNewPassword: next },
        { token: result.token },
      ),
    );
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    expect(valueOf<LoginResult>(await login(t.app, account, next))).toMatchObject({
      passwordExpired: false,
      mustChangePassword: false,
    });
  });

  it('revokes the other sessions when the password changes', async () => {
    const { username, password, result } = await registerUser(t.app);
    const second = valueOf<LoginResult>(await login(t.app, username, password));
    const next = strongPassword();
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: password, newPassword: next, confirmNewPassword: `${next}x` },
        { token: second.token },
      ),
      ErrorCode.PASSWORD_MISMATCH,
    );
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: password, newPassword: next, confirmNewPassword: next },
        { token: second.token },
      ),
    );
    const ended = expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: result.token }),
      ErrorCode.UNAUTHORIZED,
    );
    expect(ended.value).toEqual({ sessionEnded: 'password_changed' });
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: second.token }));
  });

  it('logs in by SMS code from the outbox', async () => {
    // A valid Brazilian mobile (area 11, then 9): a time-derived area code such as 90 does not exist,
    // and the number would not normalise to the one the member was stored with.
    const mobile = `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const { account } = await insertTestMember(t, strongPassword(), { dialingCode: '55', mobile });
    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/noLogin', {
        payload: { countryDialingCode: '+55', mobileNum: mobile },
      }),
    );
    const code = await readSmsCode(t.app, `55${mobile}`);
    const body = { type: 'sms', username: mobile, password: code, countryDialingCode: '55' };
    const result = valueOf<LoginResult>(await callEncrypted(t.app, 'POST', '/wps/session/login', body));
    expect(result.userInfo.userName).toBe(account);
    expect(result.mustChangePassword).toBe(false);
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    // The code is single use.
    expectFailure(await callEncrypted(t.app, 'POST', '/wps/session/login', body), ErrorCode.SMS_CODE_INVALID);
  });

  it('free play: a trial account with the demo balance, refused on account actions', async () => {
    const result = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: 'abcdefgh12345678' }),
    );
    expect(result.userInfo.type).toBe(4);
    expect(result.userInfo.userName).toMatch(/^demo\d{8}$/);
    const info = valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
    expect(info.type).toBe(4);
    const balance = valueOf<{ sumBalanceMinor: string }>(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: result.token }),
    );
    const operator = await t.app.services.system.getOperatorConfig();
    expect(balance.sumBalanceMinor).toBe(operator.freeplayDemoBalanceMinor.toString());

    const next = strongPassword();
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: 'whatever1', newPassword: next, confirmNewPassword: next },
        { token: result.token },
      ),
      ErrorCode.NEED_TRUE_ACCOUNT,
      403,
    );
    // Language is allowed: the interface language is not an account action.
    valueOf(await call(t.app, 'PUT', '/wps/member/language', { token: result.token, payload: { language: 'en' } }));

    // The same key again logs into the same trial account without a second credit.
    const again = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: 'abcdefgh12345678' }),
    );
    expect(again.userInfo.userName).toBe(result.userInfo.userName);
    const after = valueOf<{ sumBalanceMinor: string }>(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: again.token }),
    );
    expect(after.sumBalanceMinor).toBe(balance.sumBalanceMinor);
    valueOf(await call(t.app, 'DELETE', '/wps/session/logout', { token: again.token }));
  });

  it('refuses free play when FREEPLAY3 is off', async () => {
    const modules = (await t.app.services.system.getOperatorConfig()).modules;
    await t.app.services.system.updateSetting('modules', { ...modules, FREEPLAY3: false });
    try {
      expectFailure(
        await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: 'abcdefgh87654321' }),
        ErrorCode.FEATURE_DISABLED,
        403,
      );
    } finally {
      await t.app.services.system.updateSetting('modules', { ...modules, FREEPLAY3: true });
    }
  });
});

describePostgres('sessions across server instances [postgres]', () => {
  let t: TestApp;
  let second: { app: App; database: DatabaseHandle };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    // A second instance over the same database, with its own pool, cache and notification feed.
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    second = { database, app: await buildApp({ config: t.config, database, logger: false }) };
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await t.close();
  });

  it('a logout on one instance ends the session on the other well before the cache TTL', async () => {
    const { result } = await registerUser(t.app);
    // The second instance resolves (and caches) the session.
    valueOf(await call(second.app, 'GET', '/wps/member/info', { token: result.token }));
    valueOf(await call(t.app, 'DELETE', '/wps/session/logout', { token: result.token }));
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await call(second.app, 'GET', '/wps/member/info', { token: result.token })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('a member row changed by any writer ends its cached sessions on every instance', async () => {
    const { username, result } = await registerUser(t.app);
    const token = result.token;
    valueOf(await call(second.app, 'GET', '/wps/member/info', { token }));
    // Written straight to the database, as an operator tool would: the members trigger notifies.
    await sql`UPDATE members SET status = 'disabled' WHERE account = ${username}`.execute(t.database.db);
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await call(second.app, 'GET', '/wps/member/info', { token })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('a password change on one instance ends the other sessions on the other', async () => {
    const { username, password } = await registerUser(t.app);
    const other = valueOf<LoginResult>(await login(t.app, username, password));
    valueOf(await call(second.app, 'GET', '/wps/member/info', { token: other.token }));
    const current = valueOf<LoginResult>(await login(t.app, username, password));
    const next = strongPassword();
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: password, newPassword: next, confirmNewPassword: next },
        { token: current.token },
      ),
    );
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await call(second.app, 'GET', '/wps/member/info', { token: other.token })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    valueOf(await call(second.app, 'GET', '/wps/member/info', { token: current.token }));
  });
});
