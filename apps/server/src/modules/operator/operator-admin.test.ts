import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AuditSearchPage } from '@wps/shared/schemas/audit';
import type { OperatorCreated, OperatorListItem } from '@wps/shared/schemas/operator';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, enrolOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('operator accounts through the API (admin only, audited)', (target) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await createTestOperator(t.app, 'admin', { username: 'root.admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditOf = async (subjectId: string) =>
    valueOf<AuditSearchPage>(
      await call(t.app, 'GET', `/ops/audit?subjectType=operator&subjectId=${subjectId}&order=asc`, {
        token: admin.token,
      }),
    ).list;

  it('creates an operator with a generated password shown once; it signs in and enrols', async () => {
    const created = valueOf<OperatorCreated>(
      await call(t.app, 'POST', '/ops/operators', {
        token: admin.token,
        payload: { username: ' New.Support ', role: 'support', reason: 'new hire in support' },
      }),
    );
    expect(created.operator).toMatchObject({
      username: 'new.support',
      role: 'support',
      status: 'active',
      totpEnrolled: false,
    });
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const { login } = await enrolOperator(t.app, 'new.support', created.generatedPassword!);
    expect(login.operator.role).toBe('support');

    const given = valueOf<OperatorCreated>(
      await call(t.app, 'POST', '/ops/operators', {
        token: admin.token,
        payload: { username: 'mkt.one', role: 'marketing', password: 'a-long-password-1', reason: 'campaigns' },
      }),
    );
    expect(given.generatedPassword).toBeNull();
    expectFailure(
      await call(t.app, 'POST', '/ops/operators', {
        token: admin.token,
        payload: { username: 'mkt.one', role: 'finance', reason: 'again' },
      }),
      ErrorCode.USERNAME_TAKEN,
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/operators', {
        token: admin.token,
        payload: { username: 'no.reason', role: 'finance' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/operators', {
        token: admin.token,
        payload: { username: 'x', role: 'finance', reason: 'too short a name' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );

    const [entry] = await auditOf(created.operator.operatorId);
    expect(entry).toMatchObject({
      action: 'operator.create',
      actorName: 'root.admin',
      reason: 'new hire in support',
      before: null,
      after: { username: 'new.support', role: 'support' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/scrypt|password/i);
  });

  it('changes a role (effective on the next call) and disables and enables, each audited with before and after', async () => {
    const fin = await createTestOperator(t.app, 'finance', { username: 'fin.moved' });
    expect((await call(t.app, 'GET', '/ops/deposits', { token: fin.token })).statusCode).toBe(200);
    const changed = valueOf<OperatorListItem>(
      await call(t.app, 'PUT', '/ops/operators/fin.moved/role', {
        token: admin.token,
        payload: { role: 'marketing', reason: 'moved team' },
      }),
    );
    expect(changed.role).toBe('marketing');
    expectFailure(await call(t.app, 'GET', '/ops/deposits', { token: fin.token }), ErrorCode.OPERATOR_FORBIDDEN, 403);

    valueOf(
      await call(t.app, 'PUT', '/ops/operators/fin.moved/status', {
        token: admin.token,
        payload: { status: 'disabled', reason: 'left the company' },
      }),
    );
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: fin.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    const enabled = valueOf<OperatorListItem>(
      await call(t.app, 'PUT', '/ops/operators/fin.moved/status', {
        token: admin.token,
        payload: { status: 'active', reason: 'came back' },
      }),
    );
    expect(enabled.status).toBe('active');
    expectFailure(
      await call(t.app, 'PUT', '/ops/operators/nobody.here/status', {
        token: admin.token,
        payload: { status: 'disabled', reason: 'gone' },
      }),
      ErrorCode.NOT_FOUND,
      404,
    );

    const entries = await auditOf(fin.operatorId);
    expect(
      entries.filter((e) => e.action !== 'operator.totp_enrol').map((e) => [e.action, e.reason, e.before, e.after]),
    ).toEqual([
      ['operator.create', null, null, { username: 'fin.moved', role: 'finance', status: 'active' }],
      [
        'operator.role',
        'moved team',
        { username: 'fin.moved', role: 'finance', status: 'active' },
        { username: 'fin.moved', role: 'marketing', status: 'active' },
      ],
      [
        'operator.disable',
        'left the company',
        { username: 'fin.moved', role: 'marketing', status: 'active' },
        { username: 'fin.moved', role: 'marketing', status: 'disabled' },
      ],
      [
        'operator.enable',
        'came back',
        { username: 'fin.moved', role: 'marketing', status: 'disabled' },
        { username: 'fin.moved', role: 'marketing', status: 'active' },
      ],
    ]);
  });

  it('never lets an admin disable or demote themselves, and keeps the last active admin', async () => {
    expectFailure(
      await call(t.app, 'PUT', '/ops/operators/root.admin/status', {
        token: admin.token,
        payload: { status: 'disabled', reason: 'self' },
      }),
      ErrorCode.OPERATOR_SELF_CHANGE,
      403,
    );
    expectFailure(
      await call(t.app, 'PUT', '/ops/operators/root.admin/role', {
        token: admin.token,
        payload: { role: 'support', reason: 'self' },
      }),
      ErrorCode.OPERATOR_SELF_CHANGE,
      403,
    );

    // Two admins demoting each other at once: one wins, the other finds a single admin left.
    const second = await createTestOperator(t.app, 'admin', { username: 'second.admin' });
    const [a, b] = await Promise.all([
      call(t.app, 'PUT', '/ops/operators/second.admin/role', {
        token: admin.token,
        payload: { role: 'finance', reason: 'race a' },
      }),
      call(t.app, 'PUT', '/ops/operators/root.admin/role', {
        token: second.token,
        payload: { role: 'finance', reason: 'race b' },
      }),
    ]);
    const codes = [a, b].map((r) => (r.json() as { success: boolean; errorCode?: string }).errorCode ?? 'ok').sort();
    // The loser was either refused as the last admin or had lost its admin role before its call was checked.
    expect(codes[1]).toBe('ok');
    expect([ErrorCode.OPERATOR_LAST_ADMIN, ErrorCode.OPERATOR_FORBIDDEN]).toContain(codes[0]);
    const admins = valueOf<OperatorListItem[]>(
      await call(t.app, 'GET', '/ops/operators', { token: a.statusCode === 200 ? admin.token : second.token }),
    ).filter((o) => o.role === 'admin' && o.status === 'active');
    expect(admins).toHaveLength(1);

    // The CLI (the system) cannot remove the last admin either.
    const [last] = admins;
    await expect(
      t.app.services.operators.setOperatorStatus(
        { actorType: 'system', actorId: 'ops-cli:test' },
        last!.username,
        'disabled',
        'no admins',
      ),
    ).rejects.toMatchObject({
      errorCode: ErrorCode.OPERATOR_LAST_ADMIN,
    });
  });

  it('refuses every operator call to roles without operators.manage', async () => {
    const support = await createTestOperator(t.app, 'support');
    for (const [method, url, payload] of [
      ['GET', '/ops/operators', undefined],
      ['POST', '/ops/operators', { username: 'sneaky.one', role: 'admin', reason: 'promote me' }],
      ['PUT', `/ops/operators/${support.username}/role`, { role: 'admin', reason: 'promote me' }],
      ['PUT', '/ops/operators/root.admin/status', { status: 'disabled', reason: 'lock out' }],
    ] as const) {
      expectFailure(
        await call(t.app, method, url, { token: support.token, ...(payload ? { payload } : {}) }),
        ErrorCode.OPERATOR_FORBIDDEN,
        403,
      );
    }
    expect(await t.app.services.operators.findOperator('sneaky.one')).toBeUndefined();
  });
});
