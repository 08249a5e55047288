import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OperatorLoginResult } from '@wps/shared/schemas/operator';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, enrolOperator, postOperatorLogin, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { nextTotpCode } from '../../../test/totp-codes';
import { COMMANDS } from '../../scripts/ops';

const PASSWORD = 'operator-pass-0123';

async function createOperator(t: TestApp, username: string, role: 'finance' | 'support' | 'admin') {
  return createTestOperator(t.app, role, { username, password: PASSWORD });
}

async function opsLogin(
  t: TestApp,
  op: Pick<TestOperator, 'username' | 'secret'>,
  password = PASSWORD,
  remoteAddress = '10.0.0.1',
) {
  return postOperatorLogin(
    t.app,
    { username: op.username, password, code: await nextTotpCode(op.secret) },
    { remoteAddress },
  );
}

describeEachDatabase('operators, audit log and notices', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs an operator in, answers /ops/session/me, and logs out for good', async () => {
    const op = await createOperator(t, 'fin.one', 'finance');
    const login = valueOf<OperatorLoginResult>(await opsLogin(t, { ...op, username: 'FIN.one' }));
    expect(login.operator).toMatchObject({ username: 'fin.one', role: 'finance' });
    expect(login.token).toMatch(/^ops_/);
    const me = await call(t.app, 'GET', '/ops/session/me', { token: `Bearer ${login.token}` });
    expect(valueOf(me)).toMatchObject({ username: 'fin.one', role: 'finance' });

    expectFailure(await call(t.app, 'DELETE', '/ops/session/logout'), ErrorCode.OPERATOR_UNAUTHORIZED, 401);
    valueOf(await call(t.app, 'DELETE', '/ops/session/logout', { token: login.token }));
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: login.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
  });

  it('refuses wrong passwords and unknown operators alike', async () => {
    const op = await createOperator(t, 'sup.limit', 'support');
    const code = await nextTotpCode(op.secret);
    expectFailure(
      await postOperatorLogin(t.app, { username: op.username, password: 'wrong-password-1', code }),
      ErrorCode.INVALID_CREDENTIALS,
      401,
    );
    expectFailure(
      await postOperatorLogin(t.app, { username: 'nobody.here', password: 'wrong-password-1', code }),
      ErrorCode.INVALID_CREDENTIALS,
      401,
    );
  });

  it('keeps member and operator token scopes apart', async () => {
    const { result } = await registerUser(t.app);
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: result.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    const op = await createOperator(t, 'adm.scope', 'admin');
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: op.token }), ErrorCode.UNAUTHORIZED, 401);
  });

  it('lets only admins read the audit log, and the log refuses changes', async () => {
    const support = await createOperator(t, 'sup.audit', 'support');
    const admin = await createOperator(t, 'adm.audit', 'admin');
    expectFailure(await call(t.app, 'GET', '/ops/audit', { token: support.token }), ErrorCode.OPERATOR_FORBIDDEN, 403);

    await t.database.db.transaction().execute(async (trx) => {
      await t.app.services.audit.record(trx, {
        actorType: 'operator',
        actorId: admin.operatorId,
        action: 'test.change',
        subjectType: 'test_subject',
        subjectId: '42',
        reason: 'because',
        before: { value: 1n },
        after: { value: 2n },
      });
    });
    const page = valueOf<{
      list: { action: string; actorName: string; before: unknown; after: unknown; reason: string }[];
      total: number;
    }>(await call(t.app, 'GET', '/ops/audit?subjectType=test_subject&subjectId=42', { token: admin.token }));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      action: 'test.change',
      actorName: 'adm.audit',
      reason: 'because',
      before: { value: '1' },
      after: { value: '2' },
    });

    await expect(sql`UPDATE audit_log SET reason = 'x'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('counts unread notices, lists them newest first and marks them read (own notices only)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const memberA = (await t.app.services.session.resolve(a.result.token))!.memberId;
    await t.database.db.transaction().execute(async (trx) => {
      await t.app.services.messages.notify(trx, {
        memberId: memberA,
        kind: 'deposit_credited',
        params: { amount: '10.00', currency: 'BRL' },
      });
      await t.app.services.messages.notify(trx, {
        memberId: memberA,
        kind: 'deposit_failed',
        params: { reason: 'rejected' },
      });
    });
    // A notice written in a transaction that rolls back never appears.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.services.messages.notify(trx, { memberId: memberA, kind: 'deposit_failed', params: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    expect(valueOf(await call(t.app, 'GET', '/wps/relay/CSP_unreadCount', { token: a.result.token }))).toBe(2);
    expect(valueOf(await call(t.app, 'GET', '/wps/relay/CSP_unreadCount', { token: b.result.token }))).toBe(0);
    expectFailure(await call(t.app, 'GET', '/wps/relay/CSP_unreadCount'), ErrorCode.UNAUTHORIZED, 401);

    const list = valueOf<{ list: { id: string; kind: string; isRead: boolean }[]; unreadCount: number }>(
      await call(t.app, 'GET', '/wps/messages?pageSize=10', { token: a.result.token }),
    );
    expect(list.list.map((n) => n.kind)).toEqual(['deposit_failed', 'deposit_credited']);
    const [newest] = list.list;

    // B cannot mark A's notice read.
    const foreign = valueOf<{ updated: number }>(
      await call(t.app, 'POST', '/wps/messages/read', { token: b.result.token, payload: { ids: [newest!.id] } }),
    );
    expect(foreign.updated).toBe(0);
    const own = valueOf<{ updated: number; unreadCount: number }>(
      await call(t.app, 'POST', '/wps/messages/read', { token: a.result.token, payload: { ids: [newest!.id] } }),
    );
    expect(own).toEqual({ updated: 1, unreadCount: 1 });
    const all = valueOf<{ unreadCount: number }>(
      await call(t.app, 'POST', '/wps/messages/read', { token: a.result.token, payload: {} }),
    );
    expect(all.unreadCount).toBe(0);
    expectFailure(
      await call(t.app, 'POST', '/wps/messages/read', { token: a.result.token, payload: { ids: ['x'] } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });

  it('creates and lists operators through npm run ops', async () => {
    const printed: unknown[] = [];
    const ctx = { database: t.database, print: (v: unknown) => printed.push(v) };
    await COMMANDS['operator:create']!.run(ctx, ['cli.admin', 'admin']);
    const created = printed[0] as { username: string; role: string; password: string };
    expect(created).toMatchObject({ username: 'cli.admin', role: 'admin' });
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    await enrolOperator(t.app, 'cli.admin', created.password);
    await COMMANDS['operator:list']!.run(ctx, []);
    expect((printed[1] as { username: string }[]).map((o) => o.username)).toContain('cli.admin');
    await expect(COMMANDS['operator:create']!.run(ctx, ['cli.x', 'root'])).rejects.toThrow(/^not a/);
  });

  it('disables an operator at once (sessions end, logins fail) and enables it again, audited', async () => {
    const before = await createOperator(t, 'fin.off', 'finance');
    const ctx = { database: t.database, print: () => undefined };
    await COMMANDS['operator:disable']!.run(ctx, ['fin.off', 'left', 'the', 'company']);
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: before.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    expectFailure(
      await postOperatorLogin(t.app, { username: 'fin.off', password: PASSWORD }),
      ErrorCode.INVALID_CREDENTIALS,
      401,
    );
    await expect(COMMANDS['operator:enable']!.run(ctx, ['fin.off'])).rejects.toThrow(/^not a valid call/);
    await COMMANDS['operator:enable']!.run(ctx, ['fin.off', 'back', 'again']);
    // The old session stays revoked; a new login works.
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: before.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    valueOf(await opsLogin(t, before));
    await expect(COMMANDS['operator:disable']!.run(ctx, ['no.such.op', 'gone'])).rejects.toThrow(/^not an operator/);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_type'])
      .where('subject_type', '=', 'operator')
      .where('action', 'in', ['operator.disable', 'operator.enable'])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.action, e.reason, e.actor_type])).toEqual([
      ['operator.disable', 'left the company', 'system'],
      ['operator.enable', 'back again', 'system'],
    ]);
  });
});
