import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateSummary } from '@wps/shared/schemas/rebate';
import { call, disableRegisterCaptcha, valueOf } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newPlayer, operatorToken } from '../modules/deposit/deposit.test-support';

// The test clock door through its real path: PUT /dev/clock moves the calendar clock the rebate
// reads, so the period a player's page shows as current becomes a past one; bad offsets are 400;
// without TEST_CLOCK_DOOR the route does not exist. (Production: production-safety.test.ts.)

const DAY = 86_400_000;

describe('the test clock door', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { testClockDoor: true });
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves the calendar clock the rebate periods follow, and refuses offsets it does not take', async () => {
    const marketing = await operatorToken(t, 'marketing');
    const enabled = await call(t.app, 'PUT', '/ops/rebate/settings', {
      token: marketing,
      payload: { enabled: true, period: 'daily', mode: 'claim', rates: { RNG: 100 }, reason: 'clock door test' },
    });
    expect(enabled.statusCode).toBe(200);
    const player = await newPlayer(t);
    const current = async () =>
      valueOf<RebateSummary>(await call(t.app, 'GET', '/wps/rebate', { token: player.token })).current;
    const today = await current();
    expect(valueOf<{ offsetMs: number }>(await call(t.app, 'GET', '/dev/clock')).offsetMs).toBe(0);

    const moved = await call(t.app, 'PUT', '/dev/clock', { payload: { offsetMs: DAY } });
    expect(moved.statusCode).toBe(200);
    const view = valueOf<{ offsetMs: number; now: string }>(moved);
    expect(view.offsetMs).toBe(DAY);
    expect(Math.abs(Date.parse(view.now) - (Date.now() + DAY))).toBeLessThan(60_000);
    const tomorrow = await current();
    expect(tomorrow.periodKey).not.toBe(today.periodKey);
    expect(tomorrow.start).toBe(today.end);

    for (const payload of [{ offsetMs: -1 }, { offsetMs: 400 * DAY }, { offsetMs: 1.5 }, {}]) {
      const refused = await call(t.app, 'PUT', '/dev/clock', { payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ errorCode: string }>().errorCode).toBe('VALIDATION_FAILED');
    }
    expect(valueOf<{ offsetMs: number }>(await call(t.app, 'GET', '/dev/clock')).offsetMs).toBe(DAY);
    await call(t.app, 'PUT', '/dev/clock', { payload: { offsetMs: 0 } });
    expect((await current()).periodKey).toBe(today.periodKey);
  });

  it('is not there without TEST_CLOCK_DOOR', async () => {
    const plain = await createTestApp('pglite');
    try {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await call(plain.app, method, '/dev/clock', method === 'PUT' ? { payload: { offsetMs: DAY } } : {});
        expect(res.statusCode, method).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});
