import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  login,
  registerUser,
  strongPassword,
  uniqueUsername,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const PUBLIC_URL = 'https://play.example.com/';

/**
 * The e-mailed reset link opens the /reset-password page with its token in the URL
 * fragment (never sent to a server, never in a referrer or an access log), and the reset call
 * takes the token from its (encrypted) body.
 */
describeEachDatabase('password reset link', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { publicUrl: PUBLIC_URL });
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  async function requestResetMail(): Promise<{ username: string; password: string; text: string; loginToken: string }> {
    const email = `${uniqueUsername('mail')}@example.com`;
    const { username, password, result } = await registerUser(t.app, { email });
    valueOf(
      await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, email }).toString(),
      }),
    );
    const mail = await waitForEmail(t.app, email);
    return { username, password, text: mail.text, loginToken: result.token };
  }

  it('mails PUBLIC_URL/reset-password#token=…, with the token in the fragment and no query string', async () => {
    const { text } = await requestResetMail();
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toMatch(/^https:\/\/play\.example\.com\/reset-password#token=[\w-]{43}$/);
      const url = new URL(link);
      expect(url.search).toBe('');
      expect(url.pathname).toBe('/reset-password');
    }
    expect(text).not.toMatch(/[?&]token=/);
  });

  it('resets with the fragment token sent in the body, once; the reset token logs nobody in', async () => {
    const { username, password, text, loginToken } = await requestResetMail();
    const token = new URLSearchParams(new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? '').hash.slice(1)).get('token');
    expect(token).toBeTruthy();
    if (!token) return;

    // Not a session token, and not a login code.
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token }), ErrorCode.UNAUTHORIZED, 401);
    expectFailure(
      await t.app.inject({ method: 'POST', url: '/wps/session/login/exchange', payload: { code: token } }),
      ErrorCode.LOGIN_CODE_INVALID,
      400,
    );

    const next = strongPassword();
    // The token in the query string instead of the body is not a reset.
    expectFailure(
      await callEncrypted(t.app, 'POST', `/wps/member/password/reset?token=${token}`, {
        newPassword: next,
        confirmNewPassword: next,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );

    valueOf(
      await callEncrypted(t.app, 'POST', '/wps/member/password/reset', {
        token,
        newPassword: next,
        confirmNewPassword: next,
      }),
    );
    // Used once: the second try is the clear link error, not a 401 that a client takes for a dead session.
    expectFailure(
      await callEncrypted(t.app, 'POST', '/wps/member/password/reset', {
        token,
        newPassword: next,
        confirmNewPassword: next,
      }),
      ErrorCode.RESET_LINK_INVALID,
      400,
    );
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: loginToken }), ErrorCode.UNAUTHORIZED);
    expectFailure(await login(t.app, username, password), ErrorCode.INVALID_CREDENTIALS);
    valueOf(await login(t.app, username, next));
  });

  it('answers an unknown token with RESET_LINK_INVALID (400), never 5xx', async () => {
    const next = strongPassword();
    expectFailure(
      await callEncrypted(t.app, 'POST', '/wps/member/password/reset', {
        token: 'x'.repeat(43),
        newPassword: next,
        confirmNewPassword: next,
      }),
      ErrorCode.RESET_LINK_INVALID,
      400,
    );
  });
});
