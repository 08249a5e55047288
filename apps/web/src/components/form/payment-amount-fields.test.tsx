import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../lib/test-render';
import { limitedAmountSchema } from './amount-rule';
import { createFormResolver } from './form-resolver';
import { PaymentAmountFields } from './payment-amount-fields';

/** A transfer form as the money dialogs build theirs: at most 2.000,00 in the wallet, in pt-BR. */
const schema = z.object({
  amount: limitedAmountSchema(2, 'pt-BR', (minor) => (minor <= 0n ? 'zero' : minor > 200_000n ? 'balance' : null)),
  paymentPassword: z.string().min(1).max(64),
});

function Harness({ onSubmit, disabled }: { onSubmit: (values: z.output<typeof schema>) => void; disabled?: boolean }) {
  const form = useForm({
    mode: 'onTouched',
    defaultValues: { amount: '', paymentPassword: '' },
    resolver: createFormResolver(schema, ({ field, reason }) => `${field}: ${reason}`),
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <PaymentAmountFields
        form={form}
        labels={{ amount: 'Valor', paymentPassword: 'Senha de pagamento' }}
        amount={{ placeholder: '10,00 a 2000,00' }}
        {...(disabled === undefined ? {} : { disabled })}
      >
        <p>entre os dois</p>
      </PaymentAmountFields>
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('PaymentAmountFields', () => {
  it('labels the amount and the payment password, with the keypads a phone should open', async () => {
    stubApi({});
    await renderWithProviders(<Harness onSubmit={vi.fn()} />);
    const amount = screen.getByLabelText(/^\*?Valor$/);
    const password = screen.getByLabelText(/^\*?Senha de pagamento$/);
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(amount).toHaveAttribute('placeholder', '10,00 a 2000,00');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('inputmode', 'numeric');
    expect(password).toHaveAttribute('autocomplete', 'off');
    // What a form puts between them (the withdrawal's bank account) sits between them.
    const between = screen.getByText('entre os dois');
    expect(amount.compareDocumentPosition(between) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(between.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows each field's error from the form's rule", async () => {
    stubApi({});
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('amount: required')).toBeInTheDocument();
    expect(screen.getByText('paymentPassword: required')).toBeInTheDocument();
    const amount = screen.getByLabelText(/^\*?Valor$/);
    for (const [typed, reason] of [
      ['30,505', 'format'],
      ['abc', 'format'],
      ['0', 'zero'],
      ['2.000,01', 'balance'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(await screen.findByText(`amount: ${reason}`), typed).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the amount in minor units, however the player writes it', async () => {
    stubApi({});
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^\*?Senha de pagamento$/), '123456');
    const amount = screen.getByLabelText(/^\*?Valor$/);
    for (const [typed, minor] of [
      ['30,50', 3050n],
      ['1.500,00', 150_000n],
      ['1500', 150_000n],
      ['30.50', 3050n],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      await expect.poll(() => onSubmit.mock.calls.length).toBeGreaterThan(0);
      expect(onSubmit.mock.lastCall?.[0], typed).toEqual({ amount: minor, paymentPassword: '123456' });
      onSubmit.mockClear();
    }
  });

  it('disables both fields while the form cannot send', async () => {
    stubApi({});
    await renderWithProviders(<Harness onSubmit={vi.fn()} disabled />);
    expect(screen.getByLabelText(/^\*?Valor$/)).toBeDisabled();
    expect(screen.getByLabelText(/^\*?Senha de pagamento$/)).toBeDisabled();
  });
});
