import { describe, expect, it } from 'vitest';
import { compareIds } from './ids';

describe('compareIds', () => {
  it('orders decimal ids as numbers, not as strings, past the range of a double', () => {
    const ids = ['10', '9', '100', '11', '9223372036854775807', '9007199254740993', '9007199254740992', '1'];
    expect([...ids].sort(compareIds)).toEqual([
      '1',
      '9',
      '10',
      '11',
      '100',
      '9007199254740992',
      '9007199254740993',
      '9223372036854775807',
    ]);
    // The same order BigInt gives.
    expect([...ids].sort(compareIds)).toEqual(
      [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)),
    );
  });

  it('says equal ids are equal', () => {
    expect(compareIds('42', '42')).toBe(0);
    expect(Math.sign(compareIds('42', '43'))).toBe(-1);
    expect(Math.sign(compareIds('100', '99'))).toBe(1);
  });
});
