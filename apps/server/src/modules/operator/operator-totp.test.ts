import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type {
  OperatorEnrolment,
  OperatorListItem,
  OperatorLoginAnswer,
  OperatorLoginResult,
} from '@wps/shared/schemas/operator';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, postOperatorEnrol, postOperatorLogin } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { nextTotpCode, wrongTotpCode } from '../../../test/totp-codes';
import { COMMANDS } from '../../scripts/ops';
import { hashOperatorToken } from './operator.service';

const PASSWORD = 'operator-pass-0123';

describeEachDatabase('operator two-factor (TOTP) login', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enrols on the first login with a secret shown once, then needs a fresh code every time', async () => {
    await t.app.services.operators.createOperator({ username: 'fin.totp', role: 'finance', password: PASSWORD });
    const first = valueOf<OperatorLoginAnswer>(
      await postOperatorLogin(t.app, { username: 'fin.totp', password: PASSWORD }),
    );
    expect(first.status).toBe('enrolmentRequired');
    const enrolment = first as OperatorEnrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauthUri);
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      'otpauth://totp/WPS Back Office:fin.totp',
    );
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe('WPS Back Office');
    // No session before the first code: the enrolment token is not an operator token.
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: enrolment.enrolmentToken }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );

    expectFailure(
      await postOperatorEnrol(t.app, {
        enrolmentToken: enrolment.enrolmentToken,
        code: await wrongTotpCode(enrolment.secret),
      }),
      ErrorCode.OPERATOR_TOTP_INVALID,
      401,
    );
    const enrolled = valueOf<OperatorLoginResult>(
      await postOperatorEnrol(t.app, {
        enrolmentToken: enrolment.enrolmentToken,
        code: await nextTotpCode(enrolment.secret),
      }),
    );
    expect(enrolled).toMatchObject({ status: 'signedIn', operator: { username: 'fin.totp', role: 'finance' } });
    valueOf(await call(t.app, 'GET', '/ops/session/me', { token: enrolled.token }));
    // The enrolment is spent; the secret is stored encrypted, never as typed into the app.
    expectFailure(
      await postOperatorEnrol(t.app, { enrolmentToken: enrolment.enrolmentToken, code: '000000' }),
      ErrorCode.OPERATOR_ENROLMENT_EXPIRED,
      401,
    );
    const stored = await t.database.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('username', '=', 'fin.totp')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_secret).not.toContain(enrolment.secret);

    // Enrolled: the password alone is not enough, a wrong code is refused, and no answer carries the secret again.
    const noCode = await postOperatorLogin(t.app, { username: 'fin.totp', password: PASSWORD });
    expectFailure(noCode, ErrorCode.OPERATOR_TOTP_REQUIRED, 401);
    expect(noCode.body).not.toContain(enrolment.secret);
    expectFailure(
      await postOperatorLogin(t.app, {
        username: 'fin.totp',
        password: PASSWORD,
        code: await wrongTotpCode(enrolment.secret),
      }),
      ErrorCode.OPERATOR_TOTP_INVALID,
      401,
    );
    const code = await nextTotpCode(enrolment.secret);
    const again = valueOf<OperatorLoginResult>(
      await postOperatorLogin(t.app, { username: 'fin.totp', password: PASSWORD, code }),
    );
    expect(again.status).toBe('signedIn');
    // The same code a second time (a replay) fails, even with the right password.
    expectFailure(
      await postOperatorLogin(t.app, { username: 'fin.totp', password: PASSWORD, code }),
      ErrorCode.OPERATOR_TOTP_INVALID,
      401,
    );
  });

  it('lets only one of three concurrent logins with the same code through', async () => {
    const op = await createTestOperator(t.app, 'support');
    const code = await nextTotpCode(op.secret);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postOperatorLogin(t.app, { username: op.username, password: op.password, code })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are refused: the spent code (401), or, once one such failure has been counted,
    // the operator's wait before the next try (429, operator-totp-throttle.ts), as their order goes.
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect([
        ['OPERATOR_TOTP_INVALID', 401],
        ['OPERATOR_TOTP_TOO_EARLY', 429],
      ]).toContainEqual([refused.json().errorCode, refused.statusCode]);
  });

  it("slows down the attacker's address but still lets the right password with the right code in", async () => {
    const victim = await createTestOperator(t.app, 'finance');
    const attacker = { remoteAddress: '10.66.0.1' };
    for (let i = 0; i < 5; i++) {
      expectFailure(
        await postOperatorLogin(
          t.app,
          { username: victim.username, password: `wrong-pass-${i}`, code: '000000' },
          attacker,
        ),
        ErrorCode.INVALID_CREDENTIALS,
        401,
      );
    }
    // From the attacker's address, even the right password and code now wait.
    const limited = expectFailure(
      await postOperatorLogin(
        t.app,
        { username: victim.username, password: PASSWORD, code: await wrongTotpCode(victim.secret) },
        attacker,
      ),
      ErrorCode.TOO_MANY_REQUESTS,
      429,
    );
    expect((limited.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++)
      await postOperatorLogin(t.app, { username: victim.username, password: 'wrong-again', code: '000000' }, attacker);
    // The operator at their own address is not locked out.
    const login = valueOf<OperatorLoginResult>(
      await postOperatorLogin(
        t.app,
        { username: victim.username, password: PASSWORD, code: await nextTotpCode(victim.secret) },
        { remoteAddress: '10.0.0.7' },
      ),
    );
    expect(login.status).toBe('signedIn');
  });

  it('counts wrong codes as failures too', async () => {
    const op = await createTestOperator(t.app, 'support');
    const from = { remoteAddress: '10.67.0.1' };
    // The operator's run of wrong codes (operator-totp-throttle.test.ts) answers before the
    // per-address cap of 5: from the third on, the next code waits.
    for (let i = 0; i < 3; i++) {
      expectFailure(
        await postOperatorLogin(
          t.app,
          { username: op.username, password: PASSWORD, code: await wrongTotpCode(op.secret) },
          from,
        ),
        ErrorCode.OPERATOR_TOTP_INVALID,
        401,
      );
    }
    expectFailure(
      await postOperatorLogin(
        t.app,
        { username: op.username, password: PASSWORD, code: await wrongTotpCode(op.secret) },
        from,
      ),
      ErrorCode.OPERATOR_TOTP_TOO_EARLY,
      429,
    );
  });

  it("lets an admin reset another operator's TOTP (audited, sessions end, re-enrol at next login)", async () => {
    const admin = await createTestOperator(t.app, 'admin');
    const support = await createTestOperator(t.app, 'support');
    const target = await createTestOperator(t.app, 'finance');

    const list = valueOf<OperatorListItem[]>(await call(t.app, 'GET', '/ops/operators', { token: admin.token }));
    expect(list.find((o) => o.username === target.username)).toMatchObject({
      role: 'finance',
      status: 'active',
      totpEnrolled: true,
    });
    expect(JSON.stringify(list)).not.toMatch(/secret|passwordHash/i);
    expectFailure(
      await call(t.app, 'GET', '/ops/operators', { token: support.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );

    const url = `/ops/operators/${target.username}/totp-reset`;
    expectFailure(
      await call(t.app, 'POST', url, { token: support.token, payload: { reason: 'lost phone' } }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await call(t.app, 'POST', url, { token: admin.token, payload: {} }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/operators/${admin.username}/totp-reset`, {
        token: admin.token,
        payload: { reason: 'self' },
      }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/operators/no.such.op/totp-reset', {
        token: admin.token,
        payload: { reason: 'lost phone' },
      }),
      ErrorCode.NOT_FOUND,
      404,
    );
    valueOf(await call(t.app, 'POST', url, { token: admin.token, payload: { reason: 'lost phone' } }));

    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: target.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    const next = valueOf<OperatorLoginAnswer>(
      await postOperatorLogin(t.app, {
        username: target.username,
        password: PASSWORD,
        code: await nextTotpCode(target.secret),
      }),
    );
    expect(next.status).toBe('enrolmentRequired');
    expect((next as OperatorEnrolment).secret).not.toBe(target.secret);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_type', 'actor_id'])
      .where('action', '=', 'operator.totp_reset')
      .where('subject_id', '=', target.operatorId)
      .execute();
    expect(audit).toEqual([
      { action: 'operator.totp_reset', reason: 'lost phone', actor_type: 'operator', actor_id: admin.operatorId },
    ]);
  });

  it('resets TOTP through npm run ops', async () => {
    const target = await createTestOperator(t.app, 'support');
    const ctx = { database: t.database, print: () => undefined };
    await expect(COMMANDS['operator:totp-reset']!.run(ctx, [target.username])).rejects.toThrow(/^not a valid call/);
    await COMMANDS['operator:totp-reset']!.run(ctx, [target.username, 'new', 'phone']);
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: target.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    const next = valueOf<OperatorLoginAnswer>(
      await postOperatorLogin(t.app, { username: target.username, password: PASSWORD }),
    );
    expect(next.status).toBe('enrolmentRequired');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'actor_type'])
      .where('action', '=', 'operator.totp_reset')
      .where('subject_id', '=', target.operatorId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reason: 'new phone', actor_type: 'system' });
  });

  it('refuses a session that never passed TOTP', async () => {
    const op = await createTestOperator(t.app, 'admin');
    const token = 'ops_never-passed-totp-0123456789';
    await sql`INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES (${hashOperatorToken(token)}, ${op.operatorId}, now() + interval '1 hour')`.execute(
      t.database.db,
    );
    expectFailure(await call(t.app, 'GET', '/ops/session/me', { token }), ErrorCode.OPERATOR_UNAUTHORIZED, 401);
    valueOf(await call(t.app, 'GET', '/ops/session/me', { token: op.token }));
  });
});
