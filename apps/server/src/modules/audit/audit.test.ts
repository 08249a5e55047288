import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AuditSearchPage } from '@wps/shared/schemas/audit';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';

describeEachDatabase('the audit log: filters, paging, CSV export', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let other: TestOperator;
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12)).toISOString();

  /** An entry written through the service, in its own transaction (its time is now). */
  async function write(entry: {
    actorId: string | null;
    actorType?: 'operator' | 'system';
    action: string;
    subjectId: string;
    reason?: string;
  }) {
    await t.database.db.transaction().execute(async (trx) => {
      await t.app.services.audit.record(trx, {
        actorType: entry.actorType ?? 'operator',
        actorId: entry.actorId,
        action: entry.action,
        subjectType: 'widget',
        subjectId: entry.subjectId,
        reason: entry.reason ?? null,
        before: { size: 1, note: '=cmd' },
        after: { size: 2, note: '=cmd' },
      });
    });
  }

  const search = async (query: string) =>
    valueOf<AuditSearchPage>(
      await call(t.app, 'GET', `/ops/audit?subjectType=widget&${query}`, { token: admin.token }),
    );

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await createTestOperator(t.app, 'admin', { username: 'audit.admin' });
    other = await createTestOperator(t.app, 'finance', { username: 'audit.fin' });
    // audit_log is append-only: the entries get their (past) times at insert, days apart.
    for (const [i, entry] of [
      { actorId: admin.operatorId, action: 'widget.create', subjectId: 'w1', reason: 'first' },
      { actorId: other.operatorId, action: 'widget.resize', subjectId: 'w1', reason: 'bigger' },
      { actorId: admin.operatorId, action: 'widget.resize', subjectId: 'w2' },
      {
        actorId: 'ops-cli:root',
        actorType: 'system' as const,
        action: 'widget.delete',
        subjectId: 'w2',
        reason: 'cleanup',
      },
    ].entries()) {
      await t.database.db
        .insertInto('audit_log')
        .values({
          at: day(i + 1),
          actor_type: entry.actorType ?? 'operator',
          actor_id: entry.actorId,
          action: entry.action,
          subject_type: 'widget',
          subject_id: entry.subjectId,
          reason: entry.reason ?? null,
          before: JSON.stringify({ size: i, note: '=cmd' }),
          after: JSON.stringify({ size: i + 1, note: '=cmd' }),
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('filters by actor (username or system actor), action (exact or prefix), subject and time range, newest first', async () => {
    const all = await search('');
    expect(all.total).toBe(4);
    expect(all.list.map((e) => e.action)).toEqual(['widget.delete', 'widget.resize', 'widget.resize', 'widget.create']);
    expect(all.list[0]).toMatchObject({
      actorName: 'ops-cli:root',
      actorType: 'system',
      reason: 'cleanup',
      before: { size: 3 },
      after: { size: 4 },
    });

    expect((await search('actor=audit.fin')).list.map((e) => [e.action, e.actorName])).toEqual([
      ['widget.resize', 'audit.fin'],
    ]);
    expect((await search('actor=AUDIT.ADMIN')).total).toBe(2);
    expect((await search('actor=ops-cli:root')).list.map((e) => e.action)).toEqual(['widget.delete']);
    expect((await search('actor=nobody.here')).total).toBe(0);
    expect((await search('action=widget.resize')).total).toBe(2);
    expect((await search('action=widget.')).total).toBe(4);
    expect((await search('action=widget')).total).toBe(0);
    expect((await search('subjectId=w2')).list.map((e) => e.action)).toEqual(['widget.delete', 'widget.resize']);
    const range = await search(`from=${encodeURIComponent(day(2))}&to=${encodeURIComponent(day(4))}&order=asc`);
    expect(range.list.map((e) => e.at)).toEqual([day(2), day(3)]);
  });

  it('pages in time order without repeating or skipping, either way', async () => {
    const first = await search('pageSize=3');
    const second = await search('pageSize=3&page=2');
    expect(first).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect([...first.list, ...second.list].map((e) => e.at)).toEqual([day(4), day(3), day(2), day(1)]);
    expect((await search('order=asc&pageSize=2')).list.map((e) => e.at)).toEqual([day(1), day(2)]);
  });

  it('refuses a bad range or instant', async () => {
    expectFailure(
      await call(t.app, 'GET', `/ops/audit?from=${encodeURIComponent(day(3))}&to=${encodeURIComponent(day(1))}`, {
        token: admin.token,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'GET', '/ops/audit?from=yesterday', { token: admin.token }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await call(t.app, 'GET', '/ops/audit?sort=actor', { token: admin.token }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });

  it('exports the filtered log as CSV, audit.read only', async () => {
    const res = await call(t.app, 'GET', '/ops/audit/csv?subjectType=widget&order=asc', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,at,actor_type,actor,action,subject_type,subject_id,reason,before,after');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`,${day(1)},operator,audit.admin,widget.create,widget,w1,first,`);
    expect(lines[4]).toContain('system,ops-cli:root,widget.delete');
    // Before and after as JSON text, quoted (jsonb orders the keys).
    expect(lines[1]).toContain('"{""note"":""=cmd"",""size"":0}"');

    const filtered = await call(t.app, 'GET', '/ops/audit/csv?subjectType=widget&actor=audit.fin', {
      token: admin.token,
    });
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    expectFailure(
      await call(t.app, 'GET', '/ops/audit/csv', { token: other.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  it('records changes made through the service in the caller transaction (a rollback leaves none)', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.services.audit.record(trx, {
          actorType: 'operator',
          actorId: admin.operatorId,
          action: 'widget.lost',
          subjectType: 'widget',
          subjectId: 'w9',
          reason: 'x',
          before: null,
          after: null,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await search('action=widget.lost')).total).toBe(0);
    await write({ actorId: admin.operatorId, action: 'widget.kept', subjectId: 'w9' });
    expect((await search('action=widget.kept')).total).toBe(1);
  });

  it('audits the ops CLI setting and region changes with the value before and after and the reason', async () => {
    const ctx = { database: t.database, print: () => undefined };
    await COMMANDS['config:set']!.run(ctx, ['maintenance', 'true', 'database', 'upgrade']);
    await COMMANDS['config:set']!.run(ctx, ['maintenance', 'false']);
    await COMMANDS['region:add']!.run(ctx, ['198.51.100.0/24', 'pt', 'office']);
    await COMMANDS['region:remove']!.run(ctx, ['198.51.100.0/24', 'moved']);
    const settings = valueOf<AuditSearchPage>(
      await call(t.app, 'GET', '/ops/audit?action=settings.maintenance&order=asc', { token: admin.token }),
    ).list;
    expect(
      settings.map((e) => [e.actorType, e.actorName?.startsWith('ops-cli:'), e.reason, e.before, e.after]),
    ).toEqual([
      ['system', true, 'database upgrade', false, true],
      ['system', true, null, true, false],
    ]);
    const regions = valueOf<AuditSearchPage>(
      await call(t.app, 'GET', '/ops/audit?action=region.&order=asc', { token: admin.token }),
    ).list;
    expect(regions.map((e) => [e.action, e.subjectId, e.reason])).toEqual([
      ['region.add', '198.51.100.0/24', 'office'],
      ['region.remove', '198.51.100.0/24', 'moved'],
    ]);
  });
});
