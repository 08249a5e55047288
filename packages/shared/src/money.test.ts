import { describe, expect, it } from 'vitest';
import { formatMinor, formatTypedAmount, parseMajor, parseTypedAmount } from './money';

describe('formatMinor', () => {
  it.each([
    [0n, 2, '0.00'],
    [5n, 2, '0.05'],
    [12345n, 2, '123.45'],
    [-5n, 2, '-0.05'],
    [-12345n, 2, '-123.45'],
    [100n, 0, '100'],
    [-7n, 0, '-7'],
    [1n, 3, '0.001'],
    ['900719925474099312345', 2, '9007199254740993123.45'],
    ['0', 4, '0.0000'],
  ] as const)('formats %s at scale %s as %s', (minor, scale, expected) => {
    expect(formatMinor(minor, scale)).toBe(expected);
  });

  it('rejects non-integer strings and bad scales', () => {
    expect(() => formatMinor('1.5', 2)).toThrow(RangeError);
    expect(() => formatMinor('abc', 2)).toThrow(RangeError);
    expect(() => formatMinor(1n, -1)).toThrow(RangeError);
    expect(() => formatMinor(1n, 1.5)).toThrow(RangeError);
  });
});

describe('parseMajor', () => {
  it.each([
    ['0', 2, 0n],
    ['123.45', 2, 12345n],
    ['123.4', 2, 12340n],
    ['123', 2, 12300n],
    ['-0.05', 2, -5n],
    ['  7.10 ', 2, 710n],
    ['100', 0, 100n],
    ['9007199254740993123.45', 2, 900719925474099312345n],
  ] as const)('parses %s at scale %s as %s', (str, scale, expected) => {
    expect(parseMajor(str, scale)).toBe(expected);
  });

  it.each(['', '.', '1.', '.5', '1e3', '1,5', 'abc', '--1', '+1', '0x10', 'NaN', 'Infinity'])('rejects %j', (str) => {
    expect(() => parseMajor(str, 2)).toThrow(RangeError);
  });

  it('rejects more decimals than the scale allows', () => {
    expect(() => parseMajor('1.234', 2)).toThrow(RangeError);
    expect(() => parseMajor('1.5', 0)).toThrow(RangeError);
  });

  it('round-trips with formatMinor', () => {
    for (const minor of [0n, 1n, -1n, 99n, 100n, 123456789012345678n, -98765n]) {
      for (const scale of [0, 2, 3, 8]) {
        expect(parseMajor(formatMinor(minor, scale), scale)).toBe(minor);
      }
    }
  });
});

describe('parseTypedAmount (the one parser of typed amounts)', () => {
  it('reads the locale’s own writing, grouping marks included', () => {
    expect(parseTypedAmount('50,00', 2, 'pt-BR')).toBe(5000n);
    expect(parseTypedAmount('1.234,56', 2, 'pt-BR')).toBe(123456n);
    expect(parseTypedAmount('1.234', 2, 'pt-BR')).toBe(123400n);
    expect(parseTypedAmount('1.234.567', 2, 'pt-BR')).toBe(123456700n);
    expect(parseTypedAmount('1,234.56', 2, 'en-US')).toBe(123456n);
    expect(parseTypedAmount('1,234', 2, 'en-US')).toBe(123400n);
    // French groups with a narrow no-break space; a typed space is the same mark.
    expect(parseTypedAmount('1 234,5', 2, 'fr-FR')).toBe(123450n);
  });

  it('takes one point or comma as the decimal mark in any locale, as a phone keypad may offer either', () => {
    expect(parseTypedAmount('50.5', 2, 'pt-BR')).toBe(5050n);
    expect(parseTypedAmount('50,5', 2, 'en-US')).toBe(5050n);
    expect(parseTypedAmount(' 150,05 ', 2)).toBe(15005n);
    expect(parseTypedAmount('900719925474099.45', 2, 'pt-BR')).toBe(90071992547409945n);
  });

  it('refuses signs, exponents, stray or misplaced marks and more decimals than the currency has', () => {
    for (const text of [
      '',
      'abc',
      '-1',
      '+1',
      '1e3',
      '1,001',
      '1.2.3',
      '1,2,3',
      '12.34,5',
      '1.23,45',
      '50,',
      ',5',
      'R$ 5',
      '9007199254740993,45',
    ]) {
      expect(parseTypedAmount(text, 2, 'pt-BR'), text).toBeNull();
    }
    expect(parseTypedAmount('1.000,00', 2, 'en-US')).toBeNull();
    expect(parseTypedAmount('1.000,00', 2)).toBeNull();
    expect(parseTypedAmount('5,5', 0, 'pt-BR')).toBeNull();
  });
});

describe('formatTypedAmount', () => {
  it('writes an amount as the player types it: the locale’s decimal mark, no grouping, the currency’s decimals', () => {
    expect(formatTypedAmount('1234.5', 2, 'pt-BR')).toBe('1234,50');
    expect(formatTypedAmount('1234.5', 2, 'en-US')).toBe('1234.50');
    expect(formatTypedAmount('7', 0, 'pt-BR')).toBe('7');
    for (const locale of ['pt-BR', 'en-US', 'fr-FR', 'de-DE']) {
      expect(parseTypedAmount(formatTypedAmount('98765.43', 2, locale), 2, locale)).toBe(9876543n);
    }
  });
});
