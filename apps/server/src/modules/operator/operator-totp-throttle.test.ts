import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OperatorListItem, OperatorLoginResult } from '@wps/shared/schemas/operator';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, postOperatorLogin, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { nextTotpCode, wrongTotpCode } from '../../../test/totp-codes';

type AuditEntry = { action: string; actorId: string; before: Record<string, unknown>; after: Record<string, unknown> };

describeEachDatabase('operator TOTP: wrong codes counted per operator across addresses', (target) => {
  let t: TestApp;
  // The waits run on the app's calendar clock, which the test moves instead of sleeping.
  let clock = Date.parse('2026-11-24T12:00:00.000Z');
  let admin: TestOperator;
  let op: TestOperator;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    admin = await createTestOperator(t.app, 'admin');
    op = await createTestOperator(t.app, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A code from a new address each time: the per-address limits never see a second try. */
  const tryCode = (code: string) =>
    postOperatorLogin(
      t.app,
      { username: op.username, password: op.password, code },
      { remoteAddress: `10.${(address += 1)}.0.1` },
    );
  const wrong = async () => tryCode(await wrongTotpCode(op.secret));
  const retryAfter = (res: LightMyRequestResponse) => ({
    header: res.headers['retry-after'],
    value: (res.json() as { value?: { retryAfterSeconds?: number } }).value?.retryAfterSeconds,
  });
  const failedCodes = async () =>
    valueOf<OperatorListItem[]>(await call(t.app, 'GET', '/ops/operators', { token: admin.token })).find(
      (o) => o.username === op.username,
    )!.failedCodes;
  const audit = async (action: string) =>
    valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', `/ops/audit?action=${action}&subjectId=${op.operatorId}`, { token: admin.token }),
    ).list;

  it('slows wrong codes from many addresses down exponentially, then a right code after the wait signs in and resets the run', async () => {
    // Two wrong codes cost nothing; the third asks the next one to wait 2 s.
    expectFailure(await wrong(), ErrorCode.OPERATOR_TOTP_INVALID, 401);
    expectFailure(await wrong(), ErrorCode.OPERATOR_TOTP_INVALID, 401);
    const third = await wrong();
    expectFailure(third, ErrorCode.OPERATOR_TOTP_INVALID, 401);
    expect(retryAfter(third)).toEqual({ header: '2', value: 2 });

    // A fourth address changes nothing: too early, refused unchecked, even with the right code.
    const early = await tryCode(await nextTotpCode(op.secret));
    expectFailure(early, ErrorCode.OPERATOR_TOTP_TOO_EARLY, 429);
    expect(retryAfter(early)).toEqual({ header: '2', value: 2 });

    // The wait doubles with each wrong code: 4 s, then 8 s.
    clock += 2000;
    expect(retryAfter(await wrong())).toEqual({ header: '4', value: 4 });
    clock += 3000;
    const stillEarly = await wrong();
    expectFailure(stillEarly, ErrorCode.OPERATOR_TOTP_TOO_EARLY, 429);
    expect(retryAfter(stillEarly).value).toBe(1);
    clock += 1000;
    expect(retryAfter(await wrong())).toEqual({ header: '8', value: 8 });
    expect(await failedCodes()).toMatchObject({
      count: 5,
      lastAt: new Date(clock).toISOString(),
      lastIp: `10.${address}.0.1`,
    });

    // After the wait the right code works, and the operator is told of the five wrong ones.
    clock += 8000;
    const signedIn = valueOf<OperatorLoginResult>(await tryCode(await nextTotpCode(op.secret)));
    expect(signedIn).toMatchObject({ status: 'signedIn', failedCodesBefore: 5 });
    expect(await failedCodes()).toBeNull();

    // The run starts again from zero: a wrong code asks for no wait.
    const fresh = await wrong();
    expectFailure(fresh, ErrorCode.OPERATOR_TOTP_INVALID, 401);
    expect(retryAfter(fresh)).toEqual({ header: undefined, value: undefined });

    // Every wrong code is in the audit log with its address; the end of the run too.
    const failures = await audit('operator.totp_failed');
    expect(failures).toHaveLength(6);
    expect(failures.map((f) => f.after.failures).sort()).toEqual([1, 1, 2, 3, 4, 5]);
    expect(new Set(failures.map((f) => f.after.ip)).size).toBe(6);
    const [cleared] = await audit('operator.totp_failures_cleared');
    expect(cleared).toMatchObject({ actorId: op.operatorId, before: { failures: 5 }, after: { failures: 0 } });
  });
});
