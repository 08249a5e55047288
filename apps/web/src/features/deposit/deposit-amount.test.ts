import { describe, expect, it } from 'vitest';
import type { DepositChannel } from '@wps/shared/schemas/deposit';
import { feeMinor, quickAmounts, toDecimal, toMinor } from './deposit-amount';

const channel: DepositChannel = {
  id: '1', name: 'X', type: 'gateway', currency: 'BRL', scale: 2,
  min: '30.00', minMinor: '3000', max: '600.00', maxMinor: '60000', feeFixed: '1.50', feeFixedMinor: '150', feeBps: 200,
};

describe('deposit amounts', () => {
  it('parses decimal strings exactly, with a comma or a point', () => {
    expect(toMinor('150.5', 2)).toBe(15050n);
    expect(toMinor('150,05', 2)).toBe(15005n);
    expect(toMinor('9007199254740993.45', 2)).toBeNull();
    expect(toMinor('900719925474099.45', 2)).toBe(90071992547409945n);
    expect(toMinor('1.001', 2)).toBeNull();
    expect(toMinor('-1', 2)).toBeNull();
    expect(toMinor('1e3', 2)).toBeNull();
    expect(toDecimal(5n, 2)).toBe('0.05');
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
