import { describe, expect, it } from 'vitest';
import { createWithdrawFormSchema } from './withdraw-amount';

const info = { scale: 2, minAmount: '20.00', maxAmount: '5000.00', withdrawableMinor: '10000' };
const valid = { bankAccountId: '7', paymentPassword: '123456' };

/** The reason of the first issue of `field`, or the parsed amount in minor units. */
function check(amount: string, values: Partial<typeof valid> = {}, field = 'amount'): unknown {
  const result = createWithdrawFormSchema(info, 'pt-BR').safeParse({ ...valid, ...values, amount });
  if (result.success) return result.data.amount;
  const issue = result.error.issues.find((i) => i.path[0] === field) as
    | { code: string; params?: { reason?: string } }
    | undefined;
  return issue?.params?.reason ?? issue?.code;
}

describe('withdrawal form rule', () => {
  it('reads "50,00" as fifty in pt-BR, as the deposit form does (both use the shared typed-amount rule)', () => {
    expect(check('50,00')).toBe(5000n);
    expect(check('50.5')).toBe(5050n);
    expect(createWithdrawFormSchema(info, 'en-US').parse({ ...valid, amount: '50.00' }).amount).toBe(5000n);
  });

  it('says why an amount is refused', () => {
    expect(check('')).toBe('required');
    expect(check('12abc')).toBe('format');
    expect(check('1,234')).toBe('format');
    // pt-BR groups thousands with a point: more than the withdrawable balance, not 1.234.
    expect(check('1.234')).toBe('balance');
    expect(check('19,99')).toBe('min');
    expect(check('100.01')).toBe('balance');
    expect(
      createWithdrawFormSchema({ ...info, withdrawableMinor: '999999999' }, 'pt-BR').safeParse({
        ...valid,
        amount: '5000.01',
      }).success,
    ).toBe(false);
  });

  it('needs the bank account and payment password', () => {
    expect(check('50', { paymentPassword: '' }, 'paymentPassword')).toBe('too_small');
    expect(check('50', { bankAccountId: ' ' }, 'bankAccountId')).toBe('too_small');
  });
});
