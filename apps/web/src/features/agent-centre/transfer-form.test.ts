import { describe, expect, it } from 'vitest';
import { createDownlineTransferSchema } from './transfer-form';

const schema = createDownlineTransferSchema({ scale: 2, mainWallet: '100.00', locale: 'pt-BR' });

describe('the transfer-to-downline form', () => {
  it('reads the amount in the player locale into minor units', () => {
    expect(schema.parse({ amount: '25,50', paymentPassword: '123456' })).toEqual({
      amount: 2550n,
      paymentPassword: '123456',
    });
  });

  it('refuses zero, more than the main wallet and a missing password, each with its reason', () => {
    const reasons = (amount: string, paymentPassword = 'x') =>
      (schema.safeParse({ amount, paymentPassword }).error?.issues ?? []).map(
        (i) => `${i.path.join('.')}:${String((i as { params?: { reason?: string } }).params?.reason)}`,
      );
    expect(reasons('0')).toEqual(['amount:zero']);
    expect(reasons('100,01')).toEqual(['amount:balance']);
    expect(reasons('100,00')).toEqual([]);
    expect(reasons('', '')).toEqual(['amount:required', 'paymentPassword:required']);
  });
});
