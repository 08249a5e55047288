import { describe, expect, it } from 'vitest';
import { periodKeyOf } from './promo-period';

describe('periodKeyOf', () => {
  const zone = 'America/Sao_Paulo';
  it('cuts days in the promotion time zone, not in UTC', () => {
    // 02:30 UTC on the 25th is still the 24th in São Paulo (UTC−3).
    expect(periodKeyOf('daily', new Date('2026-11-25T02:30:00Z'), zone)).toBe('2026-11-24');
    expect(periodKeyOf('daily', new Date('2026-11-25T03:00:00Z'), zone)).toBe('2026-11-25');
    expect(periodKeyOf('daily', new Date('2026-11-25T02:30:00Z'), 'UTC')).toBe('2026-11-25');
  });
  it('names ISO weeks, halves of months and months; once is one period', () => {
    expect(periodKeyOf('weekly', new Date('2026-11-29T12:00:00Z'), zone)).toBe(
      periodKeyOf('weekly', new Date('2026-11-23T12:00:00Z'), zone),
    ); // Sunday and Monday before
    expect(periodKeyOf('weekly', new Date('2026-11-30T12:00:00Z'), zone)).not.toBe(
      periodKeyOf('weekly', new Date('2026-11-29T12:00:00Z'), zone),
    );
    expect(periodKeyOf('semimonthly', new Date('2026-11-15T12:00:00Z'), zone)).toBe('2026-11-H1');
    expect(periodKeyOf('semimonthly', new Date('2026-11-16T12:00:00Z'), zone)).toBe('2026-11-H2');
    expect(periodKeyOf('monthly', new Date('2026-12-01T02:00:00Z'), zone)).toBe('2026-11');
    expect(periodKeyOf('once', new Date(), zone)).toBe('once');
  });
});
