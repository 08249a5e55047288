import { describe, expect, it } from 'vitest';
import { formatMinor } from '../money';
import { majorAmountSchema } from './withdrawal';
import { parseTypedAmount, typedAmountSchema } from './typed-amount';

describe('parseTypedAmount', () => {
  it('reads a decimal point or a decimal comma exactly', () => {
    expect(parseTypedAmount('50', 2)).toBe(5000n);
    expect(parseTypedAmount('50,00', 2)).toBe(5000n);
    expect(parseTypedAmount(' 50.5 ', 2)).toBe(5050n);
    expect(parseTypedAmount('150,05', 2)).toBe(15005n);
    expect(parseTypedAmount('900719925474099.45', 2)).toBe(90071992547409945n);
  });

  it('refuses what is not a plain amount of the currency', () => {
    for (const text of ['', 'abc', '-1', '1e3', '1.001', '1,2,3', '1.000,00', '50,', ',5', '9007199254740993.45']) {
      expect(parseTypedAmount(text, 2), text).toBeNull();
    }
    expect(parseTypedAmount('5.5', 0)).toBeNull();
  });

  it('gives what the wire format accepts once formatted', () => {
    const minor = parseTypedAmount('1234,5', 2);
    expect(minor).not.toBeNull();
    expect(majorAmountSchema.safeParse(formatMinor(minor ?? 0n, 2)).success).toBe(true);
  });
});

describe('typedAmountSchema', () => {
  it('outputs minor units and reports why it refused', () => {
    expect(typedAmountSchema(2).parse('50,00')).toBe(5000n);
    const empty = typedAmountSchema(2).safeParse(' ');
    expect(empty.error?.issues[0]?.code).toBe('custom');
    expect((empty.error?.issues[0] as { params?: unknown }).params).toEqual({ reason: 'required' });
    const garbage = typedAmountSchema(2).safeParse('12abc');
    expect((garbage.error?.issues[0] as { params?: unknown }).params).toEqual({ reason: 'format', scale: 2 });
  });
});
