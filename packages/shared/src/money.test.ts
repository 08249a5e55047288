import { describe, expect, it } from 'vitest';
import { formatMinor, parseMajor } from './money';

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
