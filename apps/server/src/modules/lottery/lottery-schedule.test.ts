import { describe, expect, it } from 'vitest';
import { plannedDraws, QUICK_DRAWS_AHEAD } from './lottery-schedule';
import { cappedPayout } from './lottery-settlement';

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

describe("a draw's payout cap", () => {
  it('scales every win by cap / gross, rounded down, only when the gross is over the cap', () => {
    expect(cappedPayout(500n, 1000n, 800n)).toBe(500n);
    expect(cappedPayout(500n, null, 5000n)).toBe(500n);
    expect(cappedPayout(500n, 1000n, 3000n)).toBe(166n);
    expect(cappedPayout(0n, 1000n, 3000n)).toBe(0n);
  });
});
