import { describe, expect, it } from 'vitest';
import { plannedDraws, QUICK_DRAWS_AHEAD, scheduleChangeDue, scheduleChangeFrom } from './lottery-schedule';
import { cappedPayout } from './lottery-settle-payment';

const quick = { code: 'Q', intervalSeconds: 180, drawTime: null, closeBeforeSeconds: 15 };
const daily = { code: 'D', intervalSeconds: null, drawTime: '18:15', closeBeforeSeconds: 900 };

describe('the draws a game should have', () => {
  it('quick draws: the one open now and the next ones, aligned to the interval, numbered in the local day', () => {
    const draws = plannedDraws(quick, new Date('2026-11-24T03:04:00.000Z'), 'America/Sao_Paulo');
    expect(draws).toHaveLength(QUICK_DRAWS_AHEAD);
    // Midnight in São Paulo is 03:00 UTC: the draw at 03:06 is the day's second 3-minute draw.
    expect(draws[0]).toEqual({
      numero: '20261124-0002',
      opensAt: new Date('2026-11-24T03:03:00.000Z'),
      closesAt: new Date('2026-11-24T03:05:45.000Z'),
      drawAt: new Date('2026-11-24T03:06:00.000Z'),
    });
    expect(draws[1]!.numero).toBe('20261124-0003');
    // The draw at local midnight is the last of the day before.
    const late = plannedDraws(quick, new Date('2026-11-24T02:58:00.000Z'), 'America/Sao_Paulo');
    expect(late[0]).toMatchObject({ numero: '20261123-0480', drawAt: new Date('2026-11-24T03:00:00.000Z') });
    expect(late[1]!.numero).toBe('20261124-0001');
  });

  it("daily draws: today's (or tomorrow's once today's is made) in the lottery's zone, betting open since the previous one", () => {
    const before = plannedDraws(daily, new Date('2026-11-24T10:00:00.000Z'), 'Asia/Ho_Chi_Minh');
    expect(before.map((d) => d.numero)).toEqual(['20261124', '20261125']);
    expect(before[0]).toEqual({
      numero: '20261124',
      opensAt: new Date('2026-11-23T11:15:00.000Z'),
      closesAt: new Date('2026-11-24T11:00:00.000Z'),
      drawAt: new Date('2026-11-24T11:15:00.000Z'),
    });
    const after = plannedDraws(daily, new Date('2026-11-24T11:15:00.000Z'), 'Asia/Ho_Chi_Minh');
    expect(after.map((d) => d.numero)).toEqual(['20261125', '20261126']);
  });
});

describe('a changed schedule', () => {
  it('quick draws keep the old interval through the last draw of the day before, the new one from its first day', () => {
    // 3 minutes until the 25th in São Paulo (03:00 UTC), then 5 minutes.
    const game = { ...quick, nextSchedule: { intervalSeconds: 300, drawTime: null, from: '2026-11-25' } };
    const draws = plannedDraws(game, new Date('2026-11-25T02:55:00.000Z'), 'America/Sao_Paulo');
    expect(draws.map((d) => [d.numero, d.opensAt.toISOString(), d.drawAt.toISOString()])).toEqual([
      ['20261124-0479', '2026-11-25T02:54:00.000Z', '2026-11-25T02:57:00.000Z'],
      ['20261124-0480', '2026-11-25T02:57:00.000Z', '2026-11-25T03:00:00.000Z'],
      ['20261125-0001', '2026-11-25T03:00:00.000Z', '2026-11-25T03:05:00.000Z'],
      ['20261125-0002', '2026-11-25T03:05:00.000Z', '2026-11-25T03:10:00.000Z'],
      ['20261125-0003', '2026-11-25T03:10:00.000Z', '2026-11-25T03:15:00.000Z'],
    ]);
    // Before its first day the change plans nothing differently.
    expect(plannedDraws(game, new Date('2026-11-24T12:00:00.000Z'), 'America/Sao_Paulo')).toEqual(
      plannedDraws(quick, new Date('2026-11-24T12:00:00.000Z'), 'America/Sao_Paulo'),
    );
  });

  it("daily draws move on the change's first day; that draw's betting opens at the old time the day before", () => {
    const game = { ...daily, nextSchedule: { intervalSeconds: null, drawTime: '19:30', from: '2026-11-26' } };
    const draws = plannedDraws(game, new Date('2026-11-25T12:00:00.000Z'), 'Asia/Ho_Chi_Minh');
    expect(draws).toEqual([
      {
        numero: '20261126',
        opensAt: new Date('2026-11-25T11:15:00.000Z'),
        closesAt: new Date('2026-11-26T12:15:00.000Z'),
        drawAt: new Date('2026-11-26T12:30:00.000Z'),
      },
      {
        numero: '20261127',
        opensAt: new Date('2026-11-26T12:30:00.000Z'),
        closesAt: new Date('2026-11-27T12:15:00.000Z'),
        drawAt: new Date('2026-11-27T12:30:00.000Z'),
      },
    ]);
  });

  it('starts on the first local day no draw can have been planned on yet, and is due from that day', () => {
    const zone = 'America/Sao_Paulo';
    // Midday: quick draws are planned minutes ahead, so tomorrow is free.
    expect(
      scheduleChangeFrom(quick, new Date('2026-11-24T15:00:00.000Z'), new Date('2026-11-24T15:15:00.000Z'), zone),
    ).toBe('2026-11-25');
    // Half an hour before midnight: the clock may plan into tomorrow within the hour, so the day after.
    expect(
      scheduleChangeFrom(quick, new Date('2026-11-25T02:30:00.000Z'), new Date('2026-11-25T02:45:00.000Z'), zone),
    ).toBe('2026-11-26');
    // A draw at midnight is the day before's.
    expect(
      scheduleChangeFrom(quick, new Date('2026-11-24T12:00:00.000Z'), new Date('2026-11-25T03:00:00.000Z'), zone),
    ).toBe('2026-11-25');
    // Daily draws are planned today and tomorrow: the change starts the day after tomorrow at the earliest.
    expect(
      scheduleChangeFrom(
        daily,
        new Date('2026-11-24T10:00:00.000Z'),
        new Date('2026-11-25T11:15:00.000Z'),
        'Asia/Ho_Chi_Minh',
      ),
    ).toBe('2026-11-27');
    const next = { intervalSeconds: 300, drawTime: null, from: '2026-11-25' };
    expect(scheduleChangeDue(next, new Date('2026-11-25T02:59:59.000Z'), zone)).toBe(false);
    expect(scheduleChangeDue(next, new Date('2026-11-25T03:00:00.000Z'), zone)).toBe(true);
  });
});

describe("a draw's payout cap", () => {
  it('scales every win by cap / gross, rounded down, only when the gross is over the cap', () => {
    expect(cappedPayout(500n, 1000n, 800n)).toBe(500n);
    expect(cappedPayout(500n, null, 5000n)).toBe(500n);
    expect(cappedPayout(500n, 1000n, 3000n)).toBe(166n);
    expect(cappedPayout(0n, 1000n, 3000n)).toBe(0n);
  });
});
