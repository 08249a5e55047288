import { describe, expect, it } from 'vitest';
import type { DepositChannel } from '@wps/shared/schemas/deposit';
import { createDepositFormSchema, feeMinor, quickAmounts } from './deposit-amount';

const channel: DepositChannel = {
  id: '1',
  name: 'X',
  type: 'gateway',
  method: 'pix',
  currency: 'BRL',
  scale: 2,
  min: '30.00',
  minMinor: '3000',
  max: '600.00',
  maxMinor: '60000',
  feeFixed: '1.50',
  feeFixedMinor: '150',
  feeBps: 200,
};

/** The reason of the first issue, as the form words it, or the parsed minor units. */
function check(amount: string): unknown {
  const result = createDepositFormSchema(channel, 'pt-BR').safeParse({ amount });
  if (result.success) return result.data.amount;
  return (result.error.issues[0] as { params?: { reason?: string } }).params?.reason;
}

describe('deposit amounts', () => {
  it('takes the amount with a decimal point or comma, exactly', () => {
    expect(check('150.5')).toBe(15050n);
    expect(check('150,05')).toBe(15005n);
    expect(check('50,00')).toBe(5000n);
  });

  it('says why an amount is refused', () => {
    expect(check(' ')).toBe('required');
    expect(check('1,001')).toBe('format');
    expect(check('1.001')).toBe('max');
    expect(check('-1')).toBe('format');
    expect(check('1e3')).toBe('format');
    expect(check('9007199254740993.45')).toBe('format');
    expect(check('29,99')).toBe('min');
    expect(check('600.01')).toBe('max');
    expect(
      createDepositFormSchema({ ...channel, feeFixedMinor: '3000' }, 'pt-BR').safeParse({ amount: '30' }).success,
    ).toBe(false);
  });

  it('computes the fee like the server (fixed + basis points, rounded down)', () => {
    expect(feeMinor(10_000n, channel)).toBe(350n);
    expect(feeMinor(3_333n, channel)).toBe(216n);
  });

  it('offers quick amounts inside the limits only', () => {
    expect(quickAmounts(channel)).toEqual(['50', '100', '200', '500']);
    expect(quickAmounts({ ...channel, minMinor: '700000', maxMinor: '800000', min: '7000.00' })).toEqual(['7000.00']);
  });
});
