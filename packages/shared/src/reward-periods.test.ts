import { describe, expect, it } from 'vitest';
import { periodOf } from './reward-period-windows';
import { localDayKey } from './reward-periods';

// The local dates and windows are remembered by whole second: asked again, and asked around a
// midnight or a clock change, they answer what the zone's calendar says.
describe('reward periods around midnights, remembered', () => {
  it('answers the day on each side of the operator midnight, however often asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(localDayKey(new Date('2026-11-24T02:59:59.000Z'), 'America/Sao_Paulo')).toBe('2026-11-23');
      expect(localDayKey(new Date('2026-11-24T02:59:59.999Z'), 'America/Sao_Paulo')).toBe('2026-11-23');
      expect(localDayKey(new Date('2026-11-24T03:00:00.000Z'), 'America/Sao_Paulo')).toBe('2026-11-24');
      expect(periodOf(new Date('2026-11-24T02:59:59.999Z'), 'daily', 'America/Sao_Paulo').key).toBe('2026-11-23');
      const day = periodOf(new Date('2026-11-24T03:00:00.000Z'), 'daily', 'America/Sao_Paulo');
      expect([day.key, day.start.toISOString(), day.end.toISOString()]).toEqual([
        '2026-11-24',
        '2026-11-24T03:00:00.000Z',
        '2026-11-25T03:00:00.000Z',
      ]);
    }
  });

  it('cuts a day of 23 hours at a clock change', () => {
    // Europe/Berlin moves to summer time on 2026-03-29: that day runs 22:00Z to 22:00Z less an hour.
    for (let round = 0; round < 2; round++) {
      const day = periodOf(new Date('2026-03-29T12:00:00.000Z'), 'daily', 'Europe/Berlin');
      expect([day.key, day.start.toISOString(), day.end.toISOString()]).toEqual([
        '2026-03-29',
        '2026-03-28T23:00:00.000Z',
        '2026-03-29T22:00:00.000Z',
      ]);
      expect(periodOf(new Date('2026-03-29T21:59:59.999Z'), 'weekly', 'Europe/Berlin').key).toBe('2026-W13');
      expect(periodOf(new Date('2026-03-29T22:00:00.000Z'), 'weekly', 'Europe/Berlin').key).toBe('2026-W14');
    }
  });
});
