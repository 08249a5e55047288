import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal } from './money';

describe('formatMoney', () => {
  it('formats an exact decimal string in the currency and language', () => {
    expect(formatMoney('12345.60', 'EN', { currency: 'BRL', scale: 2 })).toBe('R$12,345.60');
    expect(formatMoney('12345.60', 'PT', { currency: 'BRL', scale: 2 }).replace(/\s/g, ' ')).toBe('R$ 12.345,60');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('90071992547409.93', 'EN', { currency: 'USD', scale: 2 })).toBe('$90,071,992,547,409.93');
  });

  it('uses the operator scale, not the currency default', () => {
    expect(formatMoney('1000', 'EN', { currency: 'VND', scale: 0 })).toBe('₫1,000');
  });

  it('returns anything that is not a decimal unchanged', () => {
    expect(formatMoney('abc', 'EN', { currency: 'USD', scale: 2 })).toBe('abc');
  });
});

describe('minorToDecimal', () => {
  it('places the decimal point by scale', () => {
    expect(minorToDecimal('1234560', 2)).toBe('12345.60');
    expect(minorToDecimal('5', 2)).toBe('0.05');
    expect(minorToDecimal('-5', 2)).toBe('-0.05');
    expect(minorToDecimal('42', 0)).toBe('42');
  });
});
