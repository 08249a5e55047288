import { describe, expect, it } from 'vitest';
import { createFormats } from './format';

describe('the player site’s formats', () => {
  const pt = createFormats('PT');
  const en = createFormats('EN');

  it('writes numbers, percentages and multipliers in the player’s language', () => {
    expect(pt.percent(0.5)).toBe('50,00%');
    expect(en.percent(0.5)).toBe('50.00%');
    expect(pt.number(42.5, 2)).toBe('42,50');
    expect(pt.number(12345)).toBe('12.345');
    expect(en.multiplier(1.98)).toBe('1.98×');
    expect(pt.multiplier(19.8, 4)).toBe('19,8000×');
  });

  it('writes dates the local way, and a calendar day without a time-zone shift', () => {
    const at = new Date(2026, 10, 23, 8, 5, 12);
    expect(pt.date(at)).toBe('23/11/2026');
    expect(en.date(at)).toBe('11/23/2026');
    expect(pt.time(at.toISOString())).toBe('08:05:12');
    expect(pt.dateTime(at)).toMatch(/^23\/11\/2026.*08:05:12$/);
    expect(pt.day('2026-01-02')).toBe('02/01/2026');
    expect(pt.date('not a date')).toBe('not a date');
  });

  it('writes an amount as the player would type it, so the forms read it back', () => {
    expect(pt.typedAmount('1500.5', 2)).toBe('1500,50');
    expect(en.typedAmount('1500.5', 2)).toBe('1500.50');
    expect(pt.locale).toBe('pt-BR');
  });
});
