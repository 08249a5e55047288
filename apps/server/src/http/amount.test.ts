import { describe, expect, it } from 'vitest';
import { amountFromWire, type WireAmountRule } from './amount';
import { isAppError } from './app-error';

const BRL: WireAmountRule = { field: 'body.amount', scale: 2 };

/** The field issue an amount is refused with, or its minor units when it is read. */
function read(value: string | number, rule: WireAmountRule = BRL): bigint | { status: number; issue: unknown } {
  try {
    return amountFromWire(value, rule);
  } catch (err) {
    if (!isAppError(err)) throw err;
    expect(err.errorCode).toBe('VALIDATION_FAILED');
    const { fields } = err.value as { fields: unknown[] };
    expect(fields).toHaveLength(1);
    return { status: err.statusCode, issue: fields[0] };
  }
}

const refused = (message: string, field = 'body.amount') => ({ status: 400, issue: { field, message } });

describe('amountFromWire', () => {
  it('reads decimal strings in major units exactly into minor units', () => {
    expect(read('1500')).toBe(150_000n);
    expect(read('30.50')).toBe(3_050n);
    expect(read('30.5')).toBe(3_050n);
    expect(read(' 0.01 ')).toBe(1n);
    expect(read('007.10')).toBe(710n);
    expect(read('999999999999999.99')).toBe(99_999_999_999_999_999n);
  });

  it('reads the JSON numbers the original platform sends in filters', () => {
    expect(read(10)).toBe(1_000n);
    expect(read(0.1)).toBe(10n);
    expect(read(0.1 + 0.2)).toEqual(refused('at most 2 decimals'));
    expect(read(1e21)).toEqual(refused('a decimal amount, like 150.50'));
  });

  it('refuses what a player types but the wire never carries: a decimal comma, grouping', () => {
    expect(read('30,50')).toEqual(refused('a decimal amount, like 150.50'));
    expect(read('1.500,00')).toEqual(refused('a decimal amount, like 150.50'));
    expect(read('1,500.00')).toEqual(refused('a decimal amount, like 150.50'));
    expect(read('1 500')).toEqual(refused('a decimal amount, like 150.50'));
  });

  it('refuses negative amounts, and zero unless the field allows it', () => {
    expect(read('-5')).toEqual(refused('must be above zero'));
    expect(read('-0.01', { ...BRL, allowZero: true })).toEqual(refused('must not be negative'));
    expect(read('0')).toEqual(refused('must be above zero'));
    expect(read('0.00')).toEqual(refused('must be above zero'));
    expect(read('0', { ...BRL, allowZero: true })).toBe(0n);
  });

  it('refuses more decimals than the currency has, never rounding', () => {
    expect(read('10.001')).toEqual(refused('at most 2 decimals'));
    expect(read('10.000')).toEqual(refused('at most 2 decimals'));
    expect(read('5', { field: 'body.amountMinor', scale: 0 })).toBe(5n);
    expect(read('5.0', { field: 'body.amountMinor', scale: 0 })).toEqual(
      refused('at most 0 decimals', 'body.amountMinor'),
    );
  });

  it('refuses huge amounts: past 15 whole digits, the field maximum or a bigint column', () => {
    expect(read('1000000000000000')).toEqual(refused('too large'));
    expect(read('99999999999999999999999999')).toEqual(refused('too large'));
    expect(read('101', { ...BRL, max: 10_000n })).toEqual(refused('too large'));
    expect(read('100', { ...BRL, max: 10_000n })).toBe(10_000n);
    // A scale this large would let 15 whole digits pass what PostgreSQL's bigint holds.
    expect(read('999999999999999', { field: 'body.x', scale: 8 })).toEqual(refused('too large', 'body.x'));
  });

  it('refuses text that is no number, naming the field', () => {
    for (const text of ['', ' ', 'abc', '1e3', '0x10', '.5', '5.', '1.2.3', 'NaN', 'Infinity', '+5', '٣']) {
      expect(read(text, { field: 'body.limits.0.value', scale: 2 })).toEqual(
        refused('a decimal amount, like 150.50', 'body.limits.0.value'),
      );
    }
    expect(read('abc', { field: 'body.amountMinor', scale: 0 })).toEqual(
      refused('whole minor units', 'body.amountMinor'),
    );
  });
});
