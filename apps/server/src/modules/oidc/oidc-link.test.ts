import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { LoginVerificationRequired, LoginVerifiedResult } from '@wps/shared/schemas/login-verification';
import type { NoticeListResult } from '@wps/shared/schemas/messages';
import type { OidcLink } from '@wps/shared/schemas/oidc';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  strongPassword,
  updateOperatorSetting,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { DevOidcProvider } from './dev-oidc-provider';
import { addEnabledTestProvider, createIdpBrowser, startTestIdp, type IdpAttempt } from './oidc-fixtures';

const PROVIDER = 'Link test IdP';

let ipSeq = 0;
/** A fresh caller address: with the code step on, every password attempt counts as a failure until its code. */
const freshIp = () => ({ remoteAddress: `10.46.0.${++ipSeq}` });

/**
 * Linking a provider's identity to an existing account, with the operator's new-device code step
 * on: only from a session the password login opened (its code given), never by a password sent
 * to the link call; the account is told, and a password change or reset removes the links.
 */
describeEachDatabase('linking a provider sign-in to an account', (target) => {
  let t: TestApp;
  let idp: DevOidcProvider;
  let providerId = '';
  const password = strongPassword();

  beforeAll(async () => {
    t = await createTestApp(target, { publicUrl: 'http://127.0.0.1:7998' });
    await disableRegisterCaptcha(t.app);
    idp = await startTestIdp(t.app);
    const admin = (await createTestOperator(t.app, 'admin')).token;
    providerId = await addEnabledTestProvider(t.app, admin, idp, PROVIDER);
    await updateOperatorSetting(t.app, 'newDeviceVerification', () => true);
  });
  afterAll(async () => {
    await idp?.stop();
    await t?.close();
  });

  const browser = () => createIdpBrowser(t.app, idp, () => providerId);

  /** A provider identity no account has, waiting in a fresh browser (the attempt's cookie). */
  async function pendingIdentity(user: string): Promise<IdpAttempt> {
    const a = await browser().attempt(user);
    expect(await browser().finish(a)).toBe('/sign-in/provider?pending=1');
    return a;
  }

  /** Where a later sign-in of `user` at the provider lands: a login code (`/?token=`) or the choice page. */
  async function providerSignIn(user: string): Promise<string> {
    return browser().finish(await browser().attempt(user));
  }

  async function memberWithEmail() {
    const email = `${Math.random().toString(36).slice(2, 10)}@example.test`;
    const member = await insertTestMember(t, password, { email });
    return { ...member, email };
  }

  /** The newest e-mail to `to` once it matches (mails go out in the background). */
  async function waitForMail(to: string, match: RegExp): Promise<string> {
    const until = Date.now() + 5000;
    for (;;) {
      const { text } = await waitForEmail(t.app, to);
      if (match.test(text)) return text;
      if (Date.now() > until) throw new Error(`no e-mail matching ${String(match)} for ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The password login with its new-device code, as the site does it: the session token. */
  async function signInWithCode(m: { account: string; email: string }): Promise<string> {
    const ip = freshIp();
    const challenge = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, ip));
    const code = (await waitForMail(m.email, /\d{6}/)).match(/\d{6}/)?.[0];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verify',
      payload: { challengeId: challenge.challengeId, code, rememberDays: 0 },
      ...ip,
    });
    return valueOf<LoginVerifiedResult>(verified).token;
  }

  const linkFromSession = (token: string, a: IdpAttempt) =>
    call(t.app, 'POST', '/wps/oidc/pending/link', { token, headers: { cookie: a.cookie } });

  async function linkCount(memberId: string): Promise<number> {
    const r = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM member_oidc_links WHERE member_id = ${memberId}`.execute(t.database.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async function notices(token: string) {
    return valueOf<NoticeListResult>(await call(t.app, 'GET', '/wps/messages?page=1&pageSize=20', { token })).list;
  }

  it("a victim's password alone opens no session and links nothing: the provider then still asks", async () => {
    const victim = await memberWithEmail();
    const attacker = `attacker-${Date.now()}`;
    const a = await pendingIdentity(attacker);
    const res = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/link',
      { username: victim.account, password },
      { headers: { cookie: a.cookie }, ...freshIp() },
    );
    expectFailure(res, ErrorCode.UNAUTHORIZED, 401);
    expect(res.body).not.toMatch(/"token"/);
    expect(await linkCount(victim.id)).toBe(0);
    // The attacker's later provider sign-in does not open the victim's account.
    expect(await providerSignIn(attacker)).toBe('/sign-in/provider?pending=1');
  });

  it('answers a right password and a wrong one alike, as the password login does while the code step is on', async () => {
    const victim = await memberWithEmail();
    // The password login: the same challenge for both (login-verification.test.ts holds its details).
    const loginRight = valueOf<LoginVerificationRequired>(await login(t.app, victim.account, password, {}, freshIp()));
    const loginWrong = valueOf<LoginVerificationRequired>(
      await login(t.app, victim.account, `${password}x`, {}, freshIp()),
    );
    expect(Object.keys(loginRight).sort()).toEqual(Object.keys(loginWrong).sort());

    const answers = [];
    for (const guess of [password, `${password}x`]) {
      const a = await pendingIdentity(`guesser-${Date.now()}-${answers.length}`);
      const res = await callEncrypted(
        t.app,
        'POST',
        '/wps/oidc/pending/link',
        { username: victim.account, password: guess },
        { headers: { cookie: a.cookie }, ...freshIp() },
      );
      answers.push({ status: res.statusCode, body: JSON.parse(res.body) as unknown });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await linkCount(victim.id)).toBe(0);
  });

  it('links from a session the code step opened, tells the account in its inbox, and the provider then signs it in', async () => {
    const m = await memberWithEmail();
    const token = await signInWithCode(m);
    const user = `linker-${Date.now()}`;
    const a = await pendingIdentity(user);
    // The waiting identity is the browser's: a session without the flow cookie finds none.
    expectFailure(await call(t.app, 'POST', '/wps/oidc/pending/link', { token }), ErrorCode.OIDC_FLOW_INVALID, 400);
    const linked = valueOf<OidcLink>(await linkFromSession(token, a));
    expect(linked).toMatchObject({ providerName: PROVIDER, email: `${user}@idp.test`, lastUsedAt: null });
    expect(await notices(token)).toMatchObject([
      { kind: 'oidc_linked', params: { provider: PROVIDER }, isRead: false },
    ]);
    // Spent: the same waiting identity links nothing twice.
    expectFailure(await linkFromSession(token, a), ErrorCode.OIDC_FLOW_INVALID, 400);

    const location = await providerSignIn(user);
    expect(location).toMatch(/^\/\?token=/);
    const code = new URL(location, 'http://x').searchParams.get('token');
    const exchanged = valueOf<LoginResult>(
      await call(t.app, 'POST', '/wps/session/login/exchange', { payload: { code } }),
    );
    expect(exchanged.userInfo.userName).toBe(m.account);
  });

  it("lists the member's links and removes one; another member cannot; a removed link signs nobody in", async () => {
    const m = await memberWithEmail();
    const token = await signInWithCode(m);
    const user = `listed-${Date.now()}`;
    valueOf<OidcLink>(await linkFromSession(token, await pendingIdentity(user)));
    const links = valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }));
    expect(links).toMatchObject([{ providerName: PROVIDER, email: `${user}@idp.test`, lastUsedAt: null }]);
    const linkId = links[0]?.id ?? '';

    const other = await memberWithEmail();
    const otherToken = await signInWithCode(other);
    expectFailure(
      await call(t.app, 'DELETE', `/wps/member/oidc-links/${linkId}`, { token: otherToken }),
      ErrorCode.OIDC_LINK_NOT_FOUND,
      404,
    );
    expect(valueOf<boolean>(await call(t.app, 'DELETE', `/wps/member/oidc-links/${linkId}`, { token }))).toBe(true);
    expect(valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }))).toEqual([]);
    expect(await providerSignIn(user)).toBe('/sign-in/provider?pending=1');
  });

  it('a password change removes the links, with a notice; so does a reset by the e-mailed link', async () => {
    const m = await memberWithEmail();
    const token = await signInWithCode(m);
    const first = `changed-${Date.now()}`;
    valueOf(await linkFromSession(token, await pendingIdentity(first)));
    const newPassword = strongPassword();
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: password, newPassword, confirmNewPassword: newPassword },
        { token },
      ),
    );
    expect(valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }))).toEqual([]);
    expect((await notices(token)).map((n) => [n.kind, n.params])).toEqual([
      ['oidc_links_removed', { count: '1' }],
      ['oidc_linked', { provider: PROVIDER }],
    ]);
    expect(await providerSignIn(first)).toBe('/sign-in/provider?pending=1');

    const second = `reset-${Date.now()}`;
    valueOf(await linkFromSession(token, await pendingIdentity(second)));
    expect(await linkCount(m.id)).toBe(1);
    valueOf(
      await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: m.account, email: m.email }).toString(),
      }),
    );
    const mail = await waitForMail(m.email, /reset-password#token=/);
    const resetToken = new URLSearchParams(new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? '').hash.slice(1)).get('token');
    const reset = strongPassword();
    valueOf(
      await callEncrypted(t.app, 'POST', '/wps/member/password/reset', {
        token: resetToken,
        newPassword: reset,
        confirmNewPassword: reset,
      }),
    );
    expect(await linkCount(m.id)).toBe(0);
    expect(await providerSignIn(second)).toBe('/sign-in/provider?pending=1');
  });
});
