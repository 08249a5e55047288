import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

type OpsGame = {
  code: string;
  name: string;
  paytable: unknown;
  limits: Record<string, string>;
  status: 'active' | 'paused';
  closeBeforeSeconds: number;
  sortOrder: number;
  intervalSeconds: number | null;
  drawTime: string | null;
  nextSchedule: { intervalSeconds: number | null; drawTime: string | null; from: string } | null;
};
type OpsDraw = LotteryDrawView & { drawId: string; opensAt: string };

// Noon UTC on 24 November: 09:00 in São Paulo (the demo operator's zone), 19:00 in Ho Chi Minh City.
const START = Date.parse('2026-11-24T12:00:05.000Z');

describeEachDatabase('lottery: a game schedule changed in the back office', (target) => {
  let t: TestApp;
  let clock = START;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    admin = (await createTestOperator(t.app, 'admin')).token;
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function game(code: string): Promise<OpsGame> {
    return valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: admin })).find(
      (g) => g.code === code,
    )!;
  }

  /** The game's settings as they are, with a schedule asked for (and any other change). */
  async function change(
    code: string,
    schedule: Record<string, unknown> | undefined,
    extra: Record<string, unknown> = {},
  ) {
    const g = await game(code);
    return call(t.app, 'PUT', `/ops/lottery/games/${code}`, {
      token: admin,
      payload: {
        name: g.name,
        paytable: g.paytable,
        limits: g.limits,
        status: g.status,
        closeBeforeSeconds: g.closeBeforeSeconds,
        sortOrder: g.sortOrder,
        ...(schedule ? { schedule } : {}),
        reason: 'schedule test',
        ...extra,
      },
    });
  }

  async function draws(code: string): Promise<Map<string, OpsDraw>> {
    const page = valueOf<{ list: OpsDraw[] }>(
      await call(t.app, 'GET', `/ops/lottery/draws?gameCode=${code}&size=100`, { token: admin }),
    );
    return new Map(page.list.map((d) => [d.numero, d]));
  }

  it('a quick game keeps its interval through the day its draws are planned on, then draws on the new one', async () => {
    const changed = valueOf<OpsGame>(await change('E3D-3', { intervalSeconds: 300 }));
    // 09:00 in São Paulo: today's draws are planned minutes ahead, so the change starts tomorrow.
    expect(changed).toMatchObject({
      intervalSeconds: 180,
      nextSchedule: { intervalSeconds: 300, drawTime: null, from: '2026-11-25' },
    });
    const audit = valueOf<{ list: { action: string; after: { nextSchedule: unknown } }[] }>(
      await call(t.app, 'GET', '/ops/audit?action=lottery.game_changed&subjectId=E3D-3', { token: admin }),
    );
    expect(audit.list[0]!.after.nextSchedule).toEqual({ intervalSeconds: 300, drawTime: null, from: '2026-11-25' });

    // Asked again, the waiting change keeps its first day; the game's own interval drops it.
    expect(valueOf<OpsGame>(await change('E3D-3', { intervalSeconds: 300 })).nextSchedule?.from).toBe('2026-11-25');
    expect(valueOf<OpsGame>(await change('E3D-3', { intervalSeconds: 180 })).nextSchedule).toBeNull();
    // A time of day is no quick draw's schedule; a cut-off must fit inside the new interval.
    expectFailure(await change('E3D-3', { drawTime: '10:00' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await change('E3D-3', { intervalSeconds: 60 }, { closeBeforeSeconds: 90 }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await change('E3D-3', { intervalSeconds: 120 }), ErrorCode.VALIDATION_FAILED, 400);
    expect((await game('E3D-3')).nextSchedule).toBeNull();
    valueOf(await change('E3D-3', { intervalSeconds: 300 }));

    // Ten to midnight in São Paulo: the last 3-minute draws of the 24th, then 5-minute ones.
    clock = Date.parse('2026-11-25T02:50:00.000Z');
    await t.app.services.lottery.runClock();
    const around = await draws('E3D-3');
    expect(around.get('20261124-0480')).toMatchObject({ drawAt: '2026-11-25T03:00:00.000Z' });
    expect(around.get('20261125-0001')).toMatchObject({
      drawAt: '2026-11-25T03:05:00.000Z',
      opensAt: '2026-11-25T03:00:00.000Z',
    });
    expect((await game('E3D-3')).nextSchedule).not.toBeNull();

    // Once the 25th has come, the new interval is the game's own.
    clock = Date.parse('2026-11-25T03:01:00.000Z');
    await t.app.services.lottery.runClock();
    expect(await game('E3D-3')).toMatchObject({ intervalSeconds: 300, nextSchedule: null });
    expect((await draws('E3D-3')).get('20261125-0003')).toMatchObject({ drawAt: '2026-11-25T03:15:00.000Z' });
  });

  it("a daily game's new time starts after the two days already planned, betting open since the old time", async () => {
    clock = START;
    await t.app.services.lottery.runClock();
    // An interval is no daily draw's schedule.
    expectFailure(await change('VN-MB', { intervalSeconds: 300 }), ErrorCode.VALIDATION_FAILED, 400);
    const changed = valueOf<OpsGame>(await change('VN-MB', { drawTime: '18:30' }));
    expect(changed).toMatchObject({
      drawTime: '18:15',
      nextSchedule: { intervalSeconds: null, drawTime: '18:30', from: '2026-11-27' },
    });

    // The evening of the 26th in Ho Chi Minh City: the 27th's draw is planned at the new time.
    clock = Date.parse('2026-11-26T12:00:00.000Z');
    await t.app.services.lottery.runClock();
    const planned = await draws('VN-MB');
    expect(planned.get('20261126')).toMatchObject({ drawAt: '2026-11-26T11:15:00.000Z' });
    expect(planned.get('20261127')).toMatchObject({
      drawAt: '2026-11-27T11:30:00.000Z',
      opensAt: '2026-11-26T11:15:00.000Z',
    });
    expect((await game('VN-MB')).drawTime).toBe('18:15');
    clock = Date.parse('2026-11-26T17:00:01.000Z');
    await t.app.services.lottery.runClock();
    expect(await game('VN-MB')).toMatchObject({ drawTime: '18:30', nextSchedule: null });
  });
});
