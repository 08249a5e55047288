import { describe, expect, it } from 'vitest';
import { addDays, canStepForward, getQuickRange, parseDay, shiftRange, toQueryBounds } from './date-range';

const NOW = new Date(2026, 2, 15, 13, 45); // 15 March 2026, local time

describe('day ranges for the record filters', () => {
  it('quick ranges end today and span 1, 7 and 30 days', () => {
    expect(getQuickRange('today', NOW)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(getQuickRange('last7', NOW)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(getQuickRange('last30', NOW)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
  });

  it('steps back and forth by 7 and 30 days, never past today', () => {
    const week = getQuickRange('last7', NOW);
    expect(shiftRange(week, -7, NOW)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(shiftRange(week, -30, NOW)).toEqual({ from: '2026-02-07', to: '2026-02-13' });
    expect(shiftRange({ from: '2026-03-02', to: '2026-03-08' }, 7, NOW)).toEqual(week);
    // A forward step that would pass today stops at today and keeps the span.
    expect(shiftRange({ from: '2026-03-05', to: '2026-03-11' }, 7, NOW)).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(canStepForward(week, NOW)).toBe(false);
    expect(canStepForward({ from: '2026-03-01', to: '2026-03-07' }, NOW)).toBe(true);
  });

  it('crosses month and year ends by calendar days', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });

  it('turns a day range into whole-day API bounds', () => {
    const bounds = toQueryBounds({ from: '2026-03-09', to: '2026-03-15' })!;
    expect(new Date(bounds.from).getTime()).toBe(new Date(2026, 2, 9).getTime());
    expect(new Date(bounds.to).getTime()).toBe(new Date(2026, 2, 16).getTime() - 1);
    expect(toQueryBounds({ from: '2026-03-15', to: '2026-03-09' })).toBeNull();
  });
});
