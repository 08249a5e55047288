import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { RebateSettingsResult, RebateSettingsView, RebateSummary } from '@wps/shared/schemas/rebate';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer } from '../deposit/deposit.test-support';

// The rebate pays by rate, without bound: an operator alone could switch it on at 10 % of every
// stake. A change that pays more (on, automatic payment, another period, a higher or new rate)
// waits for an operator other than the asker holding adjustments.approve; what pays less is in
// force at once. Until the approval the players and the payments see the settings as they were.
describeEachDatabase('rebate settings: a raise waits for a second operator', (target) => {
  let t: TestApp;
  let marketing: { token: string; operatorId: string };
  let finance: { token: string; operatorId: string };
  let admin: { token: string; operatorId: string };
  let player: { token: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await createTestOperator(t.app, 'marketing');
    finance = await createTestOperator(t.app, 'finance');
    admin = await createTestOperator(t.app, 'admin');
    player = await newPlayer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'PUT', '/ops/rebate/settings', {
      token,
      payload: { enabled: true, period: 'daily', mode: 'claim', rates: { RNG: 100 }, reason: 'rebate plan', ...body },
    });
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/rebate/setting-changes/${id}/${decision}`, {
      token,
      payload: { reason: `${decision} it` },
    });
  const inForce = async () =>
    valueOf<RebateSettingsView>(await call(t.app, 'GET', '/ops/rebate/settings', { token: finance.token }));
  const seen = async () => valueOf<RebateSummary>(await call(t.app, 'GET', '/wps/rebate', { token: player.token }));

  it('switching it on waits: players see nothing, the asker and marketing cannot approve, finance can', async () => {
    const asked = valueOf<RebateSettingsResult>(await put(marketing.token, { rates: { RNG: 1000, LIVE: 50 } }));
    expect(asked).toMatchObject({ enabled: false, rates: {} });
    expect(asked.waiting).toMatchObject({
      status: 'pending',
      raises: { enabled: true, rates: { RNG: 1000, LIVE: 50 } },
      requestedBy: marketing.operatorId,
    });
    expect((await inForce()).pending?.id).toBe(asked.waiting!.id);
    expect(await seen()).toMatchObject({ enabled: false, rates: [] });
    // Marketing holds no money permission.
    expectFailure(await decide(marketing.token, asked.waiting!.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);

    valueOf(await decide(finance.token, asked.waiting!.id, 'approve'));
    expect(await inForce()).toMatchObject({ enabled: true, rates: { RNG: 1000, LIVE: 50 }, pending: null });
    expect(await seen()).toMatchObject({ enabled: true });
    expectFailure(
      await decide(finance.token, asked.waiting!.id, 'reject'),
      ErrorCode.SETUP_CHANGE_ALREADY_DECIDED,
      409,
    );
    expectFailure(await decide(finance.token, '999999999', 'approve'), ErrorCode.SETUP_CHANGE_NOT_FOUND, 404);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_type', '=', 'rebate')
      .where('action', 'in', ['rebate.settings_raise_request', 'rebate.settings_raise_approve'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['rebate.settings_raise_request', marketing.operatorId],
      ['rebate.settings_raise_approve', finance.operatorId],
    ]);
    expect(audit[1]!.after).toMatchObject({ requestedBy: marketing.operatorId });
  });

  it('a lowering is in force at once; in a mixed change only the raise waits, and the asker cannot approve it', async () => {
    // RNG 10 % → 2 % (lower), LIVE 0.5 % → 1 % (raise), a new category (raise).
    const mixed = valueOf<RebateSettingsResult>(await put(admin.token, { rates: { RNG: 200, LIVE: 100, SPORTS: 30 } }));
    expect(mixed.rates).toEqual({ RNG: 200, LIVE: 50 });
    expect(mixed.waiting?.raises).toEqual({ rates: { LIVE: 100, SPORTS: 30 } });
    expect((await seen()).rates).toEqual(expect.arrayContaining([{ category: 'RNG', rateBp: 200 }]));
    // An admin holds the permission, but not for a change it asked for.
    expectFailure(await decide(admin.token, mixed.waiting!.id, 'approve'), ErrorCode.MONEY_OWN_REQUEST, 403);

    // Lowered again meanwhile: approving the raise names only what it raises, the lowering stays.
    const lowered = valueOf<RebateSettingsResult>(await put(marketing.token, { rates: { RNG: 100, LIVE: 50 } }));
    expect(lowered.waiting).toBeNull();
    expect(lowered.rates).toEqual({ RNG: 100, LIVE: 50 });
    expect(lowered.pending?.id).toBe(mixed.waiting!.id);
    valueOf(await decide(finance.token, mixed.waiting!.id, 'approve'));
    expect((await inForce()).rates).toEqual({ RNG: 100, LIVE: 100, SPORTS: 30 });
  });

  it('automatic payment and another period wait; claim mode and switching off are at once; rejected, nothing changes', async () => {
    const auto = valueOf<RebateSettingsResult>(
      await put(marketing.token, { mode: 'auto', period: 'weekly', rates: { RNG: 100, LIVE: 100, SPORTS: 30 } }),
    );
    expect(auto).toMatchObject({ mode: 'claim', period: 'daily' });
    expect(auto.waiting?.raises).toEqual({ mode: 'auto', period: 'weekly' });
    // A new raise supersedes the one waiting.
    const again = valueOf<RebateSettingsResult>(
      await put(marketing.token, { mode: 'auto', rates: { RNG: 100, LIVE: 100, SPORTS: 30 } }),
    );
    expect(again.waiting?.raises).toEqual({ mode: 'auto' });
    expectFailure(
      await decide(finance.token, auto.waiting!.id, 'approve'),
      ErrorCode.SETUP_CHANGE_ALREADY_DECIDED,
      409,
    );
    valueOf(await decide(finance.token, again.waiting!.id, 'reject'));
    expect(await inForce()).toMatchObject({ mode: 'claim', period: 'daily', pending: null });

    const off = valueOf<RebateSettingsResult>(await put(marketing.token, { enabled: false, rates: {} }));
    expect(off).toMatchObject({ enabled: false, rates: {}, waiting: null });
    expect((await seen()).enabled).toBe(false);
  });
});
