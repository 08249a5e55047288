import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type {
  LoginVerificationRequired,
  LoginVerifiedResult,
  TrustedDeviceList,
} from '@wps/shared/schemas/login-verification';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  strongPassword,
  updateOperatorSetting,
  valueOf,
} from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';

/** The newest six-digit code the dev outbox holds for an address or number (sent in the background). */
async function waitForCode(app: App, channel: 'sms' | 'email', to: string, after = ''): Promise<string> {
  const until = Date.now() + 5000;
  const query = channel === 'sms' ? `mobile=${to}` : `to=${encodeURIComponent(to)}`;
  for (;;) {
    const messages = valueOf<{ text: string }[]>(
      await app.inject({ method: 'GET', url: `/dev/outbox/${channel}?${query}` }),
    );
    const code = messages[0]?.text.match(/\d{6}/)?.[0];
    if (code && messages[0]?.text !== after) return code;
    if (Date.now() > until) throw new Error(`no login code for ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function outboxCount(app: App, channel: 'sms' | 'email', to: string): Promise<number> {
  const query = channel === 'sms' ? `mobile=${to}` : `to=${encodeURIComponent(to)}`;
  return valueOf<unknown[]>(await app.inject({ method: 'GET', url: `/dev/outbox/${channel}?${query}` })).length;
}

const verify = (app: App, body: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'POST', url: '/wps/session/login/verify', payload: body, remoteAddress });

let ipSeq = 0;
/** A fresh caller address: each counts its own failures (every new-device attempt counts as one). */
const freshIp = () => ({ remoteAddress: `10.9.2.${++ipSeq}` });

describeEachDatabase('login from a new device', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  const password = strongPassword();

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    await updateOperatorSetting(t.app, 'newDeviceVerification', () => true);
  });
  afterAll(async () => {
    await t.close();
  });

  async function emailMember() {
    const email = `${Math.random().toString(36).slice(2, 10)}@example.test`;
    const member = await insertTestMember(t, password, { email });
    return { ...member, email };
  }

  it('answers a right password, a wrong one and an unknown account alike, and sends a code only for the right one', async () => {
    const m = await emailMember();
    const ip = { remoteAddress: '10.9.1.1' };
    const right = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, ip));
    const wrong = valueOf<LoginVerificationRequired>(await login(t.app, m.account, `${password}x`, {}, ip));
    const unknown = valueOf<LoginVerificationRequired>(await login(t.app, `${m.account}zz`, password, {}, ip));
    for (const answer of [right, wrong, unknown]) {
      expect(Object.keys(answer).sort()).toEqual([
        'challengeId',
        'expirationTime',
        'expiredMinutes',
        'verificationRequired',
      ]);
      expect(answer.verificationRequired).toBe(true);
    }
    await waitForCode(t.app, 'email', m.email);
    expect(await outboxCount(t.app, 'email', m.email)).toBe(1);
    // The wrong password's attempt can never be completed, whatever code is tried.
    const dud = expectFailure(
      await verify(t.app, { challengeId: wrong.challengeId, code: '000000', rememberDays: 0 }),
      ErrorCode.DEVICE_CODE_INVALID,
      400,
    );
    expect(dud.value).toEqual({ attemptsLeft: 4 });
  });

  it('opens the session with the code, remembers the device hashed, skips the code next time, and asks again once revoked', async () => {
    const m = await emailMember();
    const challenge = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, freshIp()));
    const code = await waitForCode(t.app, 'email', m.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    expect(
      expectFailure(
        await verify(t.app, { challengeId: challenge.challengeId, code: wrongCode, rememberDays: 30 }),
        ErrorCode.DEVICE_CODE_INVALID,
      ).value,
    ).toEqual({ attemptsLeft: 4 });
    expectFailure(
      await verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 45 }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const verified = valueOf<LoginVerifiedResult>(
      await verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 30 }),
    );
    expect(verified.token.length).toBeGreaterThan(20);
    expect(verified.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Single use.
    expectFailure(
      await verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 30 }),
      ErrorCode.DEVICE_CODE_INVALID,
    );

    const stored = await t.database.db
      .selectFrom('trusted_devices')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(verified.deviceToken!);
    expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    const again = valueOf<LoginResult>(
      await login(t.app, m.account, password, { deviceToken: verified.deviceToken }, freshIp()),
    );
    expect(again.token).toBeTruthy();
    // The remembered device learns of a wrong password as before.
    expectFailure(
      await login(t.app, m.account, `${password}x`, { deviceToken: verified.deviceToken }, freshIp()),
      ErrorCode.INVALID_CREDENTIALS,
    );

    const list = valueOf<TrustedDeviceList>(
      await call(t.app, 'GET', '/wps/member/trusted-devices', { token: again.token }),
    );
    expect(list.list).toHaveLength(1);
    expect(list.list[0]!.id).toBe(verified.deviceId);
    expect(JSON.stringify(list)).not.toContain(verified.deviceToken!);
    expectFailure(
      await call(t.app, 'DELETE', '/wps/member/trusted-devices/999999999', { token: again.token }),
      ErrorCode.TRUSTED_DEVICE_NOT_FOUND,
      404,
    );
    expect(
      valueOf(await call(t.app, 'DELETE', `/wps/member/trusted-devices/${verified.deviceId}`, { token: again.token })),
    ).toEqual({ revoked: 1 });

    const asked = valueOf<LoginVerificationRequired>(
      await login(t.app, m.account, password, { deviceToken: verified.deviceToken }, freshIp()),
    );
    expect(asked.verificationRequired).toBe(true);
  });

  it('sends at most five codes to an account in 15 minutes, answering the sixth login alike', async () => {
    const m = await emailMember();
    for (let i = 0; i < 6; i++) {
      expect(
        valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, freshIp())).verificationRequired,
      ).toBe(true);
    }
    await waitForCode(t.app, 'email', m.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outboxCount(t.app, 'email', m.email)).toBe(5);
  });

  it('sends the code by SMS to a bound mobile', async () => {
    const national = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const m = await insertTestMember(t, password, {
      dialingCode: '55',
      mobile: national,
      email: 'someone@example.test',
    });
    const challenge = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, freshIp()));
    const code = await waitForCode(t.app, 'sms', `55${national}`);
    valueOf<LoginVerifiedResult>(await verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 0 }));
  });

  it('lets a code open one session when it is sent twice at once', async () => {
    const m = await emailMember();
    const challenge = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, freshIp()));
    const code = await waitForCode(t.app, 'email', m.email);
    const answers = await Promise.all(
      [0, 1, 2].map(() => verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 7 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, ErrorCode.DEVICE_CODE_INVALID);
    const devices = await t.database.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(devices).toHaveLength(1);
  });

  it("lets an operator forget a player's devices with a reason, audited", async () => {
    const m = await emailMember();
    const challenge = valueOf<LoginVerificationRequired>(await login(t.app, m.account, password, {}, freshIp()));
    const code = await waitForCode(t.app, 'email', m.email);
    const verified = valueOf<LoginVerifiedResult>(
      await verify(t.app, { challengeId: challenge.challengeId, code, rememberDays: 90 }),
    );
    const listed = valueOf<TrustedDeviceList>(
      await call(t.app, 'GET', `/ops/players/${m.id}/trusted-devices`, { token: admin.token }),
    );
    expect(listed.list.map((d) => d.id)).toEqual([verified.deviceId]);
    expectFailure(
      await call(t.app, 'POST', `/ops/players/${m.id}/trusted-devices/${verified.deviceId}/revoke`, {
        token: admin.token,
        payload: {},
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const revoked = valueOf(
      await call(t.app, 'POST', `/ops/players/${m.id}/trusted-devices/${verified.deviceId}/revoke`, {
        token: admin.token,
        payload: { reason: 'Player reported a lost phone' },
      }),
    );
    expect(revoked).toEqual({ revoked: 1 });
    const audit = valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', `/ops/audit?subjectType=member&subjectId=${m.id}`, { token: admin.token }),
    );
    expect(audit.list.find((e) => e.action === 'member.trusted_device.revoke')).toMatchObject({
      reason: 'Player reported a lost phone',
    });
    expect(
      valueOf<LoginVerificationRequired>(
        await login(t.app, m.account, password, { deviceToken: verified.deviceToken }, freshIp()),
      ).verificationRequired,
    ).toBe(true);
  });

  it('logs in as before while the switch is off', async () => {
    const m = await emailMember();
    await updateOperatorSetting(t.app, 'newDeviceVerification', () => false);
    try {
      expect(valueOf<LoginResult>(await login(t.app, m.account, password, {}, freshIp())).token).toBeTruthy();
    } finally {
      await updateOperatorSetting(t.app, 'newDeviceVerification', () => true);
    }
  });
});
