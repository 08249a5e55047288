import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { RgOpsPlayer, RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { setLicence } from '../licence/licence-fixtures';

// Limit changes that wait: asking again for the limit in force drops the waiting increase; a
// cancel with nothing waiting is refused; and under the Brazilian licence a removal that would
// leave no deposit or no time limit cannot be confirmed, even when it was asked for before the
// operator switched to that licence.

const HOUR = 3_600_000;

describeEachDatabase('responsible gaming: waiting limit changes', (target) => {
  let t: TestApp;
  let offset = 0;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => Date.now() + offset });
    await disableRegisterCaptcha(t.app);
    admin = await operatorToken(t, 'admin');
  });
  afterEach(async () => {
    offset = 0;
    await setLicence(t.app, 'permissive');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function player() {
    const user = await registerUser(t.app);
    const member = await t.app.services.session.resolve(user.result.token);
    return { token: user.result.token, memberId: member!.memberId };
  }
  const setLimits = async (token: string, limits: { kind: string; value: string | null }[]) =>
    call(t.app, 'PUT', '/wps/responsible-gaming/limits', { token, payload: { limits } });
  const pending = (token: string, action: 'confirm' | 'cancel', kind: string) =>
    call(t.app, 'POST', `/wps/responsible-gaming/limits/${action}`, { token, payload: { kind } });
  const limitOf = (s: RgStatus, kind: string) => s.limits.find((l) => l.kind === kind)!;
  const history = async (memberId: string) =>
    valueOf<RgOpsPlayer>(await call(t.app, 'GET', `/ops/players/${memberId}/responsible-gaming`, { token: admin }))
      .history.map((h) => [h.kind, h.action, h.before, h.after])
      .reverse();

  it('drops a waiting increase when the player asks for the limit in force again, and refuses a cancel with nothing waiting', async () => {
    const p = await player();
    valueOf(await setLimits(p.token, [{ kind: 'deposit_week', value: '100' }]));
    let s = valueOf<RgStatus>(await setLimits(p.token, [{ kind: 'deposit_week', value: '300' }]));
    expect(limitOf(s, 'deposit_week')).toMatchObject({ value: '100.00', pending: { value: '300.00' } });

    s = valueOf<RgStatus>(await setLimits(p.token, [{ kind: 'deposit_week', value: '100' }]));
    expect(limitOf(s, 'deposit_week')).toMatchObject({ value: '100.00', pending: null });
    // Asked once more with nothing waiting, the same value changes nothing and writes no history.
    valueOf(await setLimits(p.token, [{ kind: 'deposit_week', value: '100' }]));
    expect(await history(p.memberId)).toEqual([
      ['deposit_week', 'set', null, '100.00'],
      ['deposit_week', 'increase_requested', '100.00', '300.00'],
      ['deposit_week', 'pending_cancelled', '100.00', '100.00'],
    ]);

    expectFailure(await pending(p.token, 'cancel', 'deposit_week'), 'RG_LIMIT_CHANGE_NOT_PENDING', 409);
    offset = 25 * HOUR;
    expectFailure(await pending(p.token, 'confirm', 'deposit_week'), 'RG_LIMIT_CHANGE_NOT_PENDING', 409);
    const s2 = valueOf<RgStatus>(await call(t.app, 'GET', '/wps/responsible-gaming', { token: p.token }));
    expect(limitOf(s2, 'deposit_week')).toMatchObject({ value: '100.00', pending: null });
  });

  it('under the Brazilian licence, confirms a removal that leaves another deposit limit and refuses one that leaves none', async () => {
    const p = await player();
    valueOf(
      await setLimits(p.token, [
        { kind: 'deposit_day', value: '100' },
        { kind: 'deposit_month', value: '1000' },
        { kind: 'daily_time', value: '120' },
        { kind: 'loss_month', value: '1000' },
      ]),
    );
    // Both removals asked for under the permissive profile, where no limit is required.
    valueOf(
      await setLimits(p.token, [
        { kind: 'daily_time', value: null },
        { kind: 'deposit_month', value: null },
      ]),
    );
    await setLicence(t.app, 'BR');

    offset = 25 * HOUR;
    // The time limit is the only one: confirming its removal would leave none.
    expectFailure(await pending(p.token, 'confirm', 'daily_time'), 'RG_LIMITS_REQUIRED', 403);
    // The monthly deposit limit can go: the daily one stays.
    const s = valueOf<RgStatus>(await pending(p.token, 'confirm', 'deposit_month'));
    expect(limitOf(s, 'deposit_month')).toMatchObject({ value: null, pending: null });
    expect(limitOf(s, 'deposit_day').value).toBe('100.00');
    expect(limitOf(s, 'daily_time')).toMatchObject({ value: '120', pending: { value: null } });

    const rows = await history(p.memberId);
    expect(rows).toContainEqual(['deposit_month', 'removed', '1000.00', null]);
    expect(rows.filter(([kind, action]) => kind === 'daily_time' && action === 'removed')).toEqual([]);
  });
});
