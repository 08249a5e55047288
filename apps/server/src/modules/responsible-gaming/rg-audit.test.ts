import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

// Responsible-gambling changes join the audit log's hash chain (docs/compliance.md, "Records that
// cannot be deleted"): every limit change, confirmation and cancellation, reality-check setting,
// time-out, self-exclusion, request to end one and end of one writes an audit entry in its own
// transaction, with the player as actor, and each entry is sealed into audit_chain at its commit.
// What rg_history records, the audit log records too, value for value.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase('responsible gaming: every change in the audit chain', (target) => {
  let t: TestApp;
  let offset = 0;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => Date.now() + offset });
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function player() {
    const user = await registerUser(t.app);
    const member = await t.app.services.session.resolve(user.result.token);
    return { ...user, token: user.result.token, memberId: member!.memberId };
  }
  const limits = (token: string, list: { kind: string; value: string | null }[]) =>
    call(t.app, 'PUT', '/wps/responsible-gaming/limits', { token, payload: { limits: list } });

  type Audited = {
    action: string;
    actor_type: string;
    actor_id: string | null;
    before: unknown;
    after: unknown;
    sealed: boolean;
  };
  /** The member's responsible-gaming audit entries in order (the back office's look left out), with whether each is in the chain. */
  async function audited(memberId: string): Promise<Audited[]> {
    const r = await sql<Audited>`
      SELECT a.action, a.actor_type, a.actor_id, a.before, a.after, c.seq IS NOT NULL AS sealed
      FROM audit_log AS a LEFT JOIN audit_chain AS c ON c.entry_id = a.id
      WHERE a.subject_type = 'member' AND a.subject_id = ${memberId}
        AND a.action LIKE 'responsible_gaming.%' AND a.action <> 'responsible_gaming.view'
      ORDER BY a.id`.execute(t.database.db);
    return r.rows.map((row) => ({
      ...row,
      before: typeof row.before === 'string' ? JSON.parse(row.before) : row.before,
      after: typeof row.after === 'string' ? JSON.parse(row.after) : row.after,
    }));
  }
  async function history(memberId: string) {
    return t.database.db
      .selectFrom('rg_history')
      .select(['action', 'kind', 'before_value', 'after_value'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  }

  /** Each history row has its audit entry, in the same order, with the same values. */
  function expectHistoryAudited(rows: Awaited<ReturnType<typeof history>>, entries: Audited[]) {
    expect(entries.filter((e) => e.action !== 'responsible_gaming.exclusion_ended')).toEqual(
      rows.map((h) =>
        expect.objectContaining({
          action: `responsible_gaming.${h.action}`,
          before: { kind: h.kind, value: h.before_value },
          after: { kind: h.kind, value: h.after_value },
        }),
      ),
    );
  }

  it('limit changes, their confirmation and cancellation, the reality check, a time-out and its end are audited and sealed', async () => {
    offset = 0;
    const p = await player();
    valueOf(await limits(p.token, [{ kind: 'deposit_day', value: '100' }]));
    valueOf(await limits(p.token, [{ kind: 'deposit_day', value: '50' }]));
    valueOf(await limits(p.token, [{ kind: 'deposit_day', value: '200' }]));
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/limits/cancel', {
        token: p.token,
        payload: { kind: 'deposit_day' },
      }),
    );
    valueOf(
      await limits(p.token, [
        { kind: 'deposit_day', value: '200' },
        { kind: 'session_time', value: '90' },
      ]),
    );
    offset = DAY + 60_000;
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/limits/confirm', {
        token: p.token,
        payload: { kind: 'deposit_day' },
      }),
    );
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/reality-check', { token: p.token, payload: { minutes: 30 } }),
    );
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/time-out', { token: p.token, payload: { duration: '24h' } }),
    );
    expectFailure(await login(t.app, p.username, p.password), 'RG_TIME_OUT_ACTIVE', 403);
    offset += DAY + 60_000;
    valueOf(await login(t.app, p.username, p.password));

    const entries = await audited(p.memberId);
    expect(entries.map((e) => e.action)).toEqual([
      'responsible_gaming.set',
      'responsible_gaming.decrease',
      'responsible_gaming.increase_requested',
      'responsible_gaming.pending_cancelled',
      'responsible_gaming.increase_requested',
      'responsible_gaming.set',
      'responsible_gaming.increase_confirmed',
      'responsible_gaming.reality_check',
      'responsible_gaming.time_out',
      'responsible_gaming.exclusion_ended',
    ]);
    expect(entries.every((e) => e.sealed && e.actor_type === 'member' && e.actor_id === p.memberId)).toBe(true);
    expect(entries[0]).toMatchObject({
      before: { kind: 'deposit_day', value: null },
      after: { kind: 'deposit_day', value: '100.00' },
    });
    expect(entries[9]).toMatchObject({
      before: { kind: 'time_out' },
      after: { kind: 'time_out', endedAt: expect.any(String) },
    });
    expectHistoryAudited(await history(p.memberId), entries);
  });

  it('a self-exclusion, the request to end it and its end are audited and sealed', async () => {
    offset = 0;
    const p = await player();
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/self-exclusion', {
        token: p.token,
        payload: { duration: '6m', confirm: true },
      }),
    );
    offset = 190 * DAY;
    const expired = expectFailure(await login(t.app, p.username, p.password), 'RG_SELF_EXCLUDED', 403).value as {
      reopenToken: string;
    };
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/self-exclusion/reopen', {
        payload: { token: expired.reopenToken },
      }),
    );
    offset += DAY + 60_000;
    valueOf(await login(t.app, p.username, p.password));

    const entries = await audited(p.memberId);
    expect(entries.map((e) => e.action)).toEqual([
      'responsible_gaming.self_exclusion',
      'responsible_gaming.reopen_requested',
      'responsible_gaming.exclusion_ended',
    ]);
    expect(entries.every((e) => e.sealed && e.actor_type === 'member' && e.actor_id === p.memberId)).toBe(true);
    expectHistoryAudited(await history(p.memberId), entries);
    // A second login finds the exclusion ended already: nothing more is written.
    valueOf(await login(t.app, p.username, p.password));
    expect(await audited(p.memberId)).toHaveLength(3);
  });
});
