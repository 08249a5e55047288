import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { ExchangeCodeResult } from '@wps/shared/schemas/session';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  registerUser,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { EXCHANGE_CODE_LIMITS, EXCHANGE_CODE_TTL_SECONDS } from './exchange-code.service';

/**
 * A link's `?token=` carries a single-use login code that lives at most 60 s, traded
 * for a new session; a session token there logs nobody in.
 */
describeEachDatabase('login exchange codes', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const mint = async (token: string) =>
    valueOf<ExchangeCodeResult>(await call(t.app, 'POST', '/wps/session/exchange-code', { token }));
  const exchange = (code: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/exchange',
      payload: { code },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const accountOf = async (token: string) =>
    valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token })).account;

  it('trades a code once for a new session of the same member; the code is not the token', async () => {
    const { username, result } = await registerUser(t.app);
    const before = Date.now();
    const minted = await mint(result.token);
    expect(minted.expiresInSeconds).toBe(EXCHANGE_CODE_TTL_SECONDS);
    expect(EXCHANGE_CODE_TTL_SECONDS).toBeLessThanOrEqual(60);
    expect(Date.parse(minted.expiresAt) - before).toBeLessThanOrEqual(61_000);
    expect(minted.code).not.toBe(result.token);
    expect(minted.code.length).toBeGreaterThanOrEqual(43);

    // The code itself opens nothing: it is not a bearer token.
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: minted.code }), ErrorCode.UNAUTHORIZED, 401);

    const login = valueOf<LoginResult>(await exchange(minted.code));
    expect(login).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: false,
      mustChangePassword: false,
      userInfo: { userName: username, type: 3 },
    });
    // A fresh session, not the minting one handed out again.
    expect(login.token).not.toBe(result.token);
    expect(login.token).not.toBe(minted.code);
    expect(await accountOf(login.token)).toBe(username);
    expect(await accountOf(result.token)).toBe(username);

    // Single use.
    expectFailure(await exchange(minted.code), ErrorCode.LOGIN_CODE_INVALID, 400);
    // Two sessions now: the minting one and the exchanged one.
    const sessions = await t.database.db
      .selectFrom('member_sessions')
      .innerJoin('members', 'members.id', 'member_sessions.member_id')
      .select('member_sessions.id')
      .where('members.account', '=', username)
      .execute();
    expect(sessions).toHaveLength(2);
  });

  it('a session token offered as a code logs nobody in', async () => {
    const { result } = await registerUser(t.app);
    expectFailure(await exchange(result.token), ErrorCode.LOGIN_CODE_INVALID, 400);
    // Nor does an unknown code, and a malformed one is a validation failure, never a 5xx.
    expectFailure(await exchange(crypto.randomBytes(32).toString('base64url')), ErrorCode.LOGIN_CODE_INVALID, 400);
    expectFailure(await exchange('short'), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await exchange(12345), ErrorCode.VALIDATION_FAILED, 400);
  });

  it('stores only a hash of the code', async () => {
    const { result } = await registerUser(t.app);
    const { code } = await mint(result.token);
    const rows = await t.database.db.selectFrom('session_exchange_codes').select('code_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.code_hash)).not.toContain(code);
    const digest = crypto.createHash('sha256').update(code).digest('base64url');
    expect(rows.map((r) => r.code_hash)).not.toContain(digest);
  });

  it('expires after 60 seconds, and the database refuses a longer lifetime', async () => {
    const { username, result } = await registerUser(t.app);
    const { code } = await mint(result.token);
    await sql`UPDATE session_exchange_codes SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds'
      WHERE member_id = (SELECT id FROM members WHERE account = ${username})`.execute(t.database.db);
    expectFailure(await exchange(code), ErrorCode.LOGIN_CODE_INVALID, 400);

    await expect(
      sql`UPDATE session_exchange_codes SET expires_at = created_at + interval '61 seconds'
        WHERE member_id = (SELECT id FROM members WHERE account = ${username})`.execute(t.database.db),
    ).rejects.toThrow(/session_exchange_codes_lifetime_check/);
  });

  it('dies with the session that minted it', async () => {
    const { result } = await registerUser(t.app);
    const { code } = await mint(result.token);
    valueOf(await call(t.app, 'DELETE', '/wps/session/logout', { token: result.token }));
    expectFailure(await exchange(code), ErrorCode.LOGIN_CODE_INVALID, 400);
  });

  it('is not issued for a disabled account after the fact', async () => {
    const { username, result } = await registerUser(t.app);
    const { code } = await mint(result.token);
    await sql`UPDATE members SET status = 'disabled' WHERE account = ${username}`.execute(t.database.db);
    expectFailure(await exchange(code), ErrorCode.LOGIN_CODE_INVALID, 400);
  });

  it('of parallel exchanges of one code exactly one wins', async () => {
    const { result } = await registerUser(t.app);
    const { code } = await mint(result.token);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => exchange(code, `10.9.0.${i + 1}`)));
    const wins = answers.filter((a) => a.statusCode === 200);
    expect(wins).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, ErrorCode.LOGIN_CODE_INVALID, 400);
  });

  it('needs a live real-money session to mint, and limits minting per member', async () => {
    expectFailure(await call(t.app, 'POST', '/wps/session/exchange-code'), ErrorCode.UNAUTHORIZED, 401);
    const trial = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}` }),
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/session/exchange-code', { token: trial.token }),
      ErrorCode.NEED_TRUE_ACCOUNT,
      403,
    );

    const { result } = await registerUser(t.app);
    for (let i = 0; i < EXCHANGE_CODE_LIMITS.mintPerMember.limit; i += 1) await mint(result.token);
    expectFailure(
      await call(t.app, 'POST', '/wps/session/exchange-code', { token: result.token }),
      ErrorCode.TOO_MANY_REQUESTS,
      429,
    );
  });
});
