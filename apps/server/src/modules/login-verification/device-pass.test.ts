import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { CentreDevicePassResult } from '@wps/shared/schemas/agent-centre';
import type { LoginResult } from '@wps/shared/schemas/common';
import type {
  LoginVerificationRequired,
  LoginVerifiedResult,
  NewDeviceSummary,
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

let ipSeq = 0;
/** A fresh caller address: each counts its own failures (every new-device attempt counts as one). */
const freshIp = () => ({ remoteAddress: `10.47.2.${++ipSeq}` });

describeEachDatabase('new-device verification for an account no code can reach', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let agent: { id: string; account: string; token: string };
  const password = strongPassword();

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    const made = await insertTestMember(t, password, { type: AccountType.AGENT_1 });
    agent = { ...made, token: valueOf<LoginResult>(await login(t.app, made.account, password)).token };
    await updateOperatorSetting(t.app, 'newDeviceVerification', () => true);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A register-centre account: under the agent, with neither a mobile nor an e-mail. */
  const downline = (uplineId = agent.id) => insertTestMember(t, password, { type: AccountType.MEMBER, uplineId });
  const grant = (token: string, memberId: string) =>
    call(t.app, 'POST', `/wps/agent/centre/downlines/${memberId}/device-pass`, { token });

  it('refuses with a code that sends the player to their agent, for a right and a wrong password alike', async () => {
    const m = await downline();
    expectFailure(
      await login(t.app, m.account, password, {}, freshIp()),
      ErrorCode.DEVICE_VERIFICATION_NO_CONTACT,
      403,
    );
    expectFailure(
      await login(t.app, m.account, `${password}x`, {}, freshIp()),
      ErrorCode.DEVICE_VERIFICATION_NO_CONTACT,
      403,
    );
    // An account a code can reach still gets the code step.
    const reachable = await insertTestMember(t, password, { email: `p${Date.now()}@example.test` });
    expect(
      valueOf<LoginVerificationRequired>(await login(t.app, reachable.account, password, {}, freshIp()))
        .verificationRequired,
    ).toBe(true);
  });

  it("the agent's pass lets the next login from a new device through once and remembers that device", async () => {
    const m = await downline();
    const pass = valueOf<CentreDevicePassResult>(await grant(agent.token, m.id));
    expect(pass.account).toBe(m.account);
    expect(Date.parse(pass.expiresAt)).toBeGreaterThan(Date.now());

    // A wrong password does not use the pass.
    expectFailure(await login(t.app, m.account, `${password}x`, {}, freshIp()), ErrorCode.INVALID_CREDENTIALS, 401);
    const inside = valueOf<LoginVerifiedResult>(await login(t.app, m.account, password, {}, freshIp()));
    expect(inside.token).toMatch(/.{20,}/);
    expect(inside.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Once: another new device is refused again; the remembered one gets in without a pass.
    expectFailure(
      await login(t.app, m.account, password, {}, freshIp()),
      ErrorCode.DEVICE_VERIFICATION_NO_CONTACT,
      403,
    );
    valueOf<LoginResult>(await login(t.app, m.account, password, { deviceToken: inside.deviceToken }, freshIp()));

    const audit = async (action: string) =>
      valueOf<{ list: AuditEntry[] }>(
        await call(t.app, 'GET', `/ops/audit?action=${action}&subjectId=${m.id}`, { token: admin.token }),
      ).list;
    expect(await audit('login.device_pass_granted')).toMatchObject([{ actorType: 'member', actorId: agent.id }]);
    expect(await audit('login.device_pass_used')).toMatchObject([{ actorType: 'member', actorId: m.id }]);
  });

  it('only for the agent’s own direct downline, and only for an account no code can reach', async () => {
    const other = await insertTestMember(t, password, { type: AccountType.AGENT_1 });
    const theirs = await downline(other.id);
    expectFailure(await grant(agent.token, theirs.id), ErrorCode.AGENT_NOT_DIRECT_DOWNLINE);
    const reachable = await insertTestMember(t, password, { uplineId: agent.id, email: `q${Date.now()}@example.test` });
    expectFailure(await grant(agent.token, reachable.id), ErrorCode.DEVICE_PASS_HAS_CONTACT, 409);
  });

  it("counts the active accounts without a contact for the back office's switch", async () => {
    const count = async () =>
      valueOf<NewDeviceSummary>(await call(t.app, 'GET', '/ops/login-verification/summary', { token: admin.token }))
        .activeWithoutContact;
    const before = await count();
    await downline();
    expect(await count()).toBe(before + 1);
  });
});
