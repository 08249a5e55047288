import { describe, expect, it } from 'vitest';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { channelFormSchema, channelFormValues, channelWithEnabled } from './channel-form';
import { serverFieldErrors } from './form-fields';
import { ApiError } from '../../lib/api-client';
import { withdrawalFormSchema, withdrawalFormValues } from './withdrawal-form';

const MONEY = { currency: 'BRL', scale: 2 };

const bank: OpsDepositChannel = {
  id: '7',
  name: 'Transferência bancária',
  type: 'manual_bank',
  currency: 'BRL',
  minMinor: '1000',
  maxMinor: '5000000',
  feeFixedMinor: '0',
  feeBps: 150,
  enabled: true,
  sort: 1,
  bankName: 'Banco Demo S.A.',
  accountNumber: '0001 / 123456-7',
  accountHolder: 'Lumen Bet Pagamentos Ltda',
  provider: null,
  method: 'bank_transfer',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The issues of a failed parse, as path → message. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('the deposit channel form', () => {
  it('shows a channel in the operator’s language and sends it back in minor units', () => {
    const values = channelFormValues(bank, MONEY, 'pt');
    expect(values).toMatchObject({ minMinor: '10,00', maxMinor: '50000,00', feeBps: '1,5', sort: '1' });
    const parsed = channelFormSchema(2).parse({ ...values, minMinor: '25,50', reason: 'raise the minimum' });
    expect(parsed).toMatchObject({
      id: '7',
      minMinor: '2550',
      maxMinor: '5000000',
      feeFixedMinor: '0',
      feeBps: 150,
      sort: 1,
      bankName: 'Banco Demo S.A.',
      reason: 'raise the minimum',
    });
    expect(parsed).not.toHaveProperty('provider');
    expect(channelFormSchema(2).parse({ ...values, minMinor: '25.5', reason: 'dot also works' }).minMinor).toBe('2550');
  });

  it('reports the shared schema’s rules on the fields the operator typed in', () => {
    const values = channelFormValues(bank, MONEY, 'en');
    expect(
      issuesOf(channelFormSchema(2).safeParse({ ...values, minMinor: '600', maxMinor: '500', reason: 'why' })),
    ).toEqual(['maxMinor']);
    expect(issuesOf(channelFormSchema(2).safeParse({ ...values, minMinor: '10,001', reason: 'why' }))).toEqual([
      'minMinor',
    ]);
    expect(issuesOf(channelFormSchema(2).safeParse({ ...values, bankName: ' ', reason: 'why' }))).toEqual(['bankName']);
    expect(issuesOf(channelFormSchema(2).safeParse({ ...values, reason: '' }))).toEqual(['reason']);
  });

  it('a new gateway channel needs its provider, not a bank account', () => {
    const fresh = {
      ...channelFormValues(null, MONEY, 'pt'),
      type: 'gateway' as const,
      method: 'pix' as const,
      name: 'Pix',
      minMinor: '5',
      maxMinor: '100',
      reason: 'new channel',
    };
    expect(channelFormSchema(2).parse(fresh)).toMatchObject({
      type: 'gateway',
      provider: 'sandbox',
      method: 'pix',
      minMinor: '500',
      maxMinor: '10000',
      enabled: true,
    });
    expect(issuesOf(channelFormSchema(2).safeParse({ ...fresh, provider: '' }))).toEqual(['provider']);
  });

  it('always sends the payment method: a new channel has none until the operator picks one, and PIX is a gateway’s', () => {
    const fresh = {
      ...channelFormValues(null, MONEY, 'pt'),
      name: 'Banco Reserva',
      minMinor: '50',
      maxMinor: '1000',
      bankName: 'B',
      accountNumber: '1',
      accountHolder: 'H',
      reason: 'new channel',
    };
    expect(fresh.method).toBe('');
    expect(issuesOf(channelFormSchema(2).safeParse(fresh))).toEqual(['method']);
    expect(channelFormSchema(2).parse({ ...fresh, method: 'bank_transfer' })).toMatchObject({
      type: 'manual_bank',
      method: 'bank_transfer',
    });
    expect(issuesOf(channelFormSchema(2).safeParse({ ...fresh, method: 'pix' }))).toEqual(['method']);
    expect(channelFormSchema(2).parse({ ...fresh, type: 'gateway', method: 'pix' })).toMatchObject({
      type: 'gateway',
      provider: 'sandbox',
      method: 'pix',
    });
    // An edit starts from the channel's own method and sends it back, changed or not.
    expect(channelFormSchema(2).parse({ ...channelFormValues(bank, MONEY, 'pt'), reason: 'keep' }).method).toBe(
      'bank_transfer',
    );
    expect(
      channelFormSchema(2).parse({ ...channelFormValues(bank, MONEY, 'pt'), method: 'card', reason: 'card only' })
        .method,
    ).toBe('card');
  });

  it('an enable or disable sends the whole channel with the flag flipped', () => {
    expect(channelWithEnabled(bank, false, 'bank down')).toEqual({
      id: '7',
      name: bank.name,
      type: 'manual_bank',
      currency: 'BRL',
      minMinor: '1000',
      maxMinor: '5000000',
      feeFixedMinor: '0',
      feeBps: 150,
      enabled: false,
      sort: 1,
      method: 'bank_transfer',
      bankName: bank.bankName,
      accountNumber: bank.accountNumber,
      accountHolder: bank.accountHolder,
      reason: 'bank down',
    });
  });
});

describe('the withdrawal rules form', () => {
  const settings = {
    minAmountMinor: '1000',
    maxAmountMinor: '5000000',
    dailyCountLimit: 5,
    autoReceiptMinutes: 30,
    reviewDeadlineHours: 48,
  };

  it('converts typed amounts and counts', () => {
    const values = {
      ...withdrawalFormValues(settings, 2, 'pt'),
      minAmountMinor: '20,00',
      dailyCountLimit: '2',
      reason: 'fewer payouts',
    };
    expect(withdrawalFormSchema(2).parse(values)).toEqual({
      minAmountMinor: '2000',
      maxAmountMinor: '5000000',
      dailyCountLimit: 2,
      autoReceiptMinutes: 30,
      reviewDeadlineHours: 48,
      reason: 'fewer payouts',
    });
  });

  it('refuses a minimum above the maximum, a zero minimum and counts out of range', () => {
    const values = { ...withdrawalFormValues(settings, 2, 'en'), reason: 'why not' };
    expect(
      issuesOf(withdrawalFormSchema(2).safeParse({ ...values, minAmountMinor: '600', maxAmountMinor: '500' })),
    ).toEqual(['maxAmountMinor']);
    expect(issuesOf(withdrawalFormSchema(2).safeParse({ ...values, minAmountMinor: '0' }))).toEqual(['minAmountMinor']);
    expect(issuesOf(withdrawalFormSchema(2).safeParse({ ...values, dailyCountLimit: '0' }))).toEqual([
      'dailyCountLimit',
    ]);
    expect(
      issuesOf(withdrawalFormSchema(2).safeParse({ ...values, minAmountMinor: 'ten', dailyCountLimit: '1,5' })),
    ).toEqual(['minAmountMinor', 'dailyCountLimit']);
  });
});

describe('server field errors', () => {
  it('names the form fields a VALIDATION_FAILED answer lists', () => {
    const error = new ApiError('VALIDATION_FAILED', 'bad', 400, {
      fields: [
        { field: 'body.currency', message: 'must be BRL' },
        { field: 'body.other', message: 'x' },
      ],
    });
    expect(serverFieldErrors(error, ['currency', 'name'])).toEqual(['currency']);
    expect(serverFieldErrors(new ApiError('OPERATOR_FORBIDDEN', 'no', 403), ['currency'])).toEqual([]);
  });
});
