import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_REMEMBER_DAYS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  login,
  registerUser,
  strongPassword,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

/**
 * Staying signed in through the refresh cookie (docs/decisions.md, "Staying signed in: refresh
 * tokens"): what the browser is given, rotation, reuse ending the sign-in, logout and a password
 * change revoking it, and the session rules (idle, absolute end) holding across refreshes.
 */
describeEachDatabase('refresh cookie', (target) => {
  let t: TestApp;
  let ipSeq = 0;
  /** A fresh caller address, so the login throttle never decides a case. */
  const freshIp = () => `10.62.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The Set-Cookie line for the refresh cookie (asserting there is exactly one). */
  function refreshSetCookie(res: LightMyRequestResponse): string {
    const raw = res.headers['set-cookie'];
    const lines = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((l) => l.startsWith('wps_refresh='));
    expect(lines, res.body).toHaveLength(1);
    return lines[0]!;
  }
  const cookieValue = (line: string) => line.split(';')[0]!.slice('wps_refresh='.length);

  /** A registered player signed in by password; the login's token and refresh cookie value. */
  async function signIn(rememberMe?: boolean) {
    const user = await registerUser(t.app);
    const res = await login(t.app, user.username, user.password, rememberMe === undefined ? {} : { rememberMe }, {
      remoteAddress: freshIp(),
    });
    const result = valueOf<LoginResult>(res);
    const line = refreshSetCookie(res);
    return { user, token: result.token, cookie: cookieValue(line), line };
  }

  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/refresh',
      headers: cookie === undefined ? {} : { cookie: `other=1; wps_refresh=${cookie}` },
      remoteAddress: freshIp(),
    });
  const info = (token: string) => call(t.app, 'GET', '/wps/member/info', { token });

  it('gives a persistent cookie with remember-me and a session cookie without, HttpOnly, SameSite=Strict, scoped to the refresh path', async () => {
    const remembered = await signIn(true);
    expect(remembered.line).toMatch(/; HttpOnly/);
    expect(remembered.line).toMatch(/; SameSite=Strict/);
    expect(remembered.line).toMatch(/; Path=\/wps\/session\/refresh(;|$)/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(remembered.line)?.[1]);
    expect(maxAge).toBeGreaterThan(REFRESH_REMEMBER_DAYS * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(REFRESH_REMEMBER_DAYS * 86_400);
    // The tests speak plain http to 127.0.0.1: a Secure cookie would be dropped there.
    expect(remembered.line).not.toMatch(/Secure/);
    expect(remembered.cookie).toMatch(/^[\w-]{43}$/);

    const sessionOnly = await signIn(false);
    expect(sessionOnly.line).not.toMatch(/Max-Age/);
    expect((await signIn()).line).not.toMatch(/Max-Age/);
    // The rotated cookie keeps its kind: a session cookie stays one, a persistent one counts down.
    expect(refreshSetCookie(await refresh(sessionOnly.cookie))).not.toMatch(/Max-Age/);
    expect(refreshSetCookie(await refresh(remembered.cookie))).toMatch(/Max-Age=\d+/);
  });

  it('is Secure when the request came over https', async () => {
    const https = await createTestApp(target, { trustProxy: ['127.0.0.1'] });
    try {
      await disableRegisterCaptcha(https.app);
      const user = await registerUser(https.app);
      const res = await callEncrypted(
        https.app,
        'POST',
        '/wps/session/login',
        {
          type: 'username',
          username: user.username,
          password: user.password,
          rememberMe: true,
        },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(refreshSetCookie(res)).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('opens a new session from the cookie and rotates it; the spent one shown again ends the whole sign-in', async () => {
    const first = await signIn(true);
    const res = await refresh(first.cookie);
    const second = valueOf<LoginResult>(res);
    expect(second.token).not.toBe(first.token);
    expect(second.userInfo.userName).toBe(first.user.username);
    const rotated = cookieValue(refreshSetCookie(res));
    expect(rotated).not.toBe(first.cookie);
    // Both tabs' sessions work.
    valueOf(await info(first.token));
    valueOf(await info(second.token));
    // The next refresh uses the rotated cookie, and rotates it again.
    const again = await refresh(rotated);
    const third = valueOf<LoginResult>(again);
    const latest = cookieValue(refreshSetCookie(again));
    expect(latest).not.toBe(rotated);

    // The first cookie again: it was copied. The sign-in ends: its sessions and its live token.
    const reused = await refresh(first.cookie);
    expectFailure(reused, ErrorCode.REFRESH_TOKEN_REUSED, 401);
    // The browser is told to drop the cookie.
    expect(refreshSetCookie(reused)).toMatch(/^wps_refresh=;.*Max-Age=0/);
    for (const token of [first.token, second.token, third.token])
      expectFailure(await info(token), ErrorCode.UNAUTHORIZED, 401);
    const families = await t.database.db
      .selectFrom('member_refresh_families')
      .select(['revoked_at', 'revoke_reason'])
      .where('member_id', '=', (await t.app.services.session.sessionOfToken(first.token))!.memberId)
      .execute();
    expect(families).toEqual([{ revoked_at: expect.any(Date), revoke_reason: 'reused' }]);
    // The thief's (or the player's) latest cookie is dead too.
    expectFailure(await refresh(latest), ErrorCode.REFRESH_TOKEN_INVALID, 401);
  });

  it('refuses no cookie, an unknown one and a malformed one, and stores only hashes', async () => {
    expectFailure(await refresh(), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    expectFailure(await refresh('x'.repeat(43)), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    expectFailure(await refresh('not a token'), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    const { cookie } = await signIn(true);
    const stored = await t.database.db
      .selectFrom('member_refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', cookie)
      .execute();
    expect(stored).toEqual([]);
  });

  it('logout revokes the sign-in: the cookie is cleared, a refresh fails and the other tab is signed out', async () => {
    const tab1 = await signIn(true);
    const refreshed = await refresh(tab1.cookie);
    const tab2 = valueOf<LoginResult>(refreshed);
    const cookie = cookieValue(refreshSetCookie(refreshed));

    const out = await call(t.app, 'DELETE', '/wps/session/logout', { token: tab1.token });
    valueOf(out);
    expect(refreshSetCookie(out)).toMatch(
      /^wps_refresh=; Path=\/wps\/session\/refresh; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expectFailure(await refresh(cookie), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    expect(expectFailure(await info(tab2.token), ErrorCode.UNAUTHORIZED, 401).value).toEqual({
      sessionEnded: 'logged_out',
    });
  });

  it('a password change revokes the other browsers’ sign-ins and keeps this one', async () => {
    const user = await registerUser(t.app);
    const here = await login(t.app, user.username, user.password, { rememberMe: true }, { remoteAddress: freshIp() });
    const elsewhere = await login(
      t.app,
      user.username,
      user.password,
      { rememberMe: true },
      { remoteAddress: freshIp() },
    );
    const hereToken = valueOf<LoginResult>(here).token;
    const next = strongPassword();
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: user.password, newPassword: next, confirmNewPassword: next },
        { token: hereToken },
      ),
    );
    expectFailure(await refresh(cookieValue(refreshSetCookie(elsewhere))), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    valueOf<LoginResult>(await refresh(cookieValue(refreshSetCookie(here))));
  });

  it('refuses a refresh once the sign-in sat unused past the idle limit, and at its absolute end', async () => {
    const idle = await signIn(true);
    const refreshed = await refresh(idle.cookie);
    const cookie = cookieValue(refreshSetCookie(refreshed));
    const memberId = (await t.app.services.session.sessionOfToken(idle.token))!.memberId;
    // Every session of the sign-in (the login's and the refreshed tab's) unused for longer than allowed.
    await sql`UPDATE member_sessions SET last_seen_at = now() - make_interval(secs => ${t.config.sessionIdleSeconds + 5})
      WHERE member_id = ${memberId}`.execute(t.database.db);
    const refused = expectFailure(await refresh(cookie), ErrorCode.REFRESH_TOKEN_INVALID, 401);
    expect(refused.value).toEqual({ sessionEnded: 'idle' });
    // Refused for good, not only while idle.
    await sql`UPDATE member_sessions SET last_seen_at = now() WHERE member_id = ${memberId}`.execute(t.database.db);
    expectFailure(await refresh(cookie), ErrorCode.REFRESH_TOKEN_INVALID, 401);

    // Used a moment ago but past the sign-in's absolute end.
    const old = await signIn(true);
    await sql`UPDATE member_refresh_families SET expires_at = now() - interval '1 second', created_at = now() - interval '31 days'
      WHERE member_id = (SELECT member_id FROM member_sessions WHERE token_hash IS NOT NULL AND id = ${
        (await t.app.services.session.sessionOfToken(old.token))!.sessionId
      })`.execute(t.database.db);
    expectFailure(await refresh(old.cookie), ErrorCode.REFRESH_TOKEN_INVALID, 401);
  });

  it('a refresh opens its session through the login guards: a time-out refuses it and opens nothing', async () => {
    const player = await signIn(true);
    const memberId = (await t.app.services.session.sessionOfToken(player.token))!.memberId;
    // A time-out row alone, without the revocations taking one does: the session's open guard
    // (responsible gaming, then the licence's session.open door) is what refuses the refresh.
    await t.database.db
      .insertInto('rg_exclusions')
      .values({
        member_id: memberId,
        kind: 'time_out',
        starts_at: new Date(),
        ends_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const before = await countSessions(memberId);
    expectFailure(await refresh(player.cookie), ErrorCode.RG_TIME_OUT_ACTIVE, 403);
    expect(await countSessions(memberId)).toBe(before);
  });

  it('a refreshed session continues its sign-in: the session-time clock and the reality check count from the login', async () => {
    const player = await signIn(true);
    const opened = (await t.app.services.session.sessionOfToken(player.token))!;
    const loginAt = new Date(Date.now() - 50 * 60_000);
    await sql`UPDATE member_refresh_families SET created_at = ${loginAt}
      WHERE member_id = ${opened.memberId}`.execute(t.database.db);
    const tab = valueOf<LoginResult>(await refresh(player.cookie));
    const tabSession = (await t.app.services.session.sessionOfToken(tab.token))!;
    expect(await t.app.services.session.sessionStartedAt(tabSession.sessionId)).toEqual(loginAt);
    const spans = await t.app.services.session.sessionSpans(opened.memberId, new Date(Date.now() - 3_600_000));
    expect(spans.find((s) => s.sessionId === tabSession.sessionId)?.signInStartedAt).toEqual(loginAt);
  });

  async function countSessions(memberId: string): Promise<number> {
    const rows = await t.database.db
      .selectFrom('member_sessions')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    return rows.length;
  }
});
