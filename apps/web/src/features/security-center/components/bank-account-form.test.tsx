import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, pending, renderWithProviders, stubApi } from '../../../lib/test-render';
import { BankAccountForm } from './bank-account-form';

const BANKS = [
  { code: '001', name: 'Banco do Brasil' },
  { code: '341', name: 'Itaú' },
];

async function renderForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/member/banks': ok(BANKS), 'GET /wps/member/security': ok(null), ...routes });
  const onDone = vi.fn();
  const view = await renderWithProviders(<BankAccountForm payeeName="Maria da Silva" onDone={onDone} />);
  const bank = screen.getByRole('combobox', { name: 'Banco' });
  await screen.findByRole('option', { name: '341 · Itaú' });
  const number = screen.getByRole('textbox', { name: 'Número da conta' });
  const holder = screen.getByRole('textbox', { name: 'Titular da conta' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Vincular conta bancária' }));
  return { ...view, api, onDone, bank, number, holder, submit };
}

describe('BankAccountForm', () => {
  it('lists the banks and fills the holder with the payee name', async () => {
    const { bank, holder } = await renderForm();
    expect(Array.from((bank as HTMLSelectElement).options, (o) => o.text)).toEqual([
      'Escolha um banco',
      '001 · Banco do Brasil',
      '341 · Itaú',
    ]);
    expect(holder).toHaveValue('Maria da Silva');
  });

  it('names the missing bank and number, a number that is not 4 to 20 digits, and another holder', async () => {
    const { user, number, holder, submit, api } = await renderForm();
    await submit();
    expect(await screen.findByText('Banco não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Número da conta não pode ficar vazio')).toBeInTheDocument();
    await user.type(number, '12a45');
    await user.clear(holder);
    await user.type(holder, 'João Souza');
    await submit();
    expect(await screen.findByText('4-20 dígitos, apenas números')).toBeInTheDocument();
    expect(within(holder.closest('.field')!).getByRole('alert')).toHaveTextContent(
      'Deve ser o seu nome real vinculado.',
    );
    expect(api.callsTo('PUT /wps/member/bank-accounts')).toHaveLength(0);
  });

  it('shows what will be bound before binding, and goes back to correct it', async () => {
    const { user, bank, number, holder, submit, api } = await renderForm();
    await user.selectOptions(bank, '341');
    await user.type(number, '1234.5678-9');
    await user.clear(holder);
    await user.type(holder, ' maria  da silva ');
    await submit();
    const review = screen.getByRole('group', { name: 'Confira antes de vincular' });
    // The number without its dots and hyphen; the holder trimmed (the server compares names case- and space-blind).
    expect(Array.from(review.querySelectorAll('dd'), (dd) => dd.textContent)).toEqual([
      '341 · Itaú',
      '123456789',
      'maria  da silva',
    ]);
    expect(within(review).getByRole('note')).toHaveTextContent('Uma conta vinculada não pode ser alterada');
    expect(api.callsTo('PUT /wps/member/bank-accounts')).toHaveLength(0);
    await user.click(within(review).getByRole('button', { name: 'Corrigir' }));
    expect(screen.getByRole('textbox', { name: 'Número da conta' })).toHaveValue('1234.5678-9');
  });

  it('binds after the confirmation, says so and closes', async () => {
    const { user, bank, number, submit, api, onDone } = await renderForm({ 'PUT /wps/member/bank-accounts': ok([]) });
    await user.selectOptions(bank, '001');
    await user.type(number, '123456789');
    await submit();
    // The confirmation step comes after the form's asynchronous validation: wait for it.
    await user.click(await screen.findByRole('button', { name: 'Confirmar e vincular' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Conta bancária vinculada.');
    expect(api.callsTo('PUT /wps/member/bank-accounts')[0]!.body).toEqual({
      bankCode: '001',
      accountNumber: '123456789',
      holderName: 'Maria da Silva',
    });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('brings the form back with the refusal under the number when it is already bound', async () => {
    const { user, bank, number, submit, onDone } = await renderForm({
      'PUT /wps/member/bank-accounts': fail('BANK_ACCOUNT_DUPLICATE', 409),
    });
    await user.selectOptions(bank, '001');
    await user.type(number, '123456789');
    await submit();
    // The confirmation step comes after the form's asynchronous validation: wait for it.
    await user.click(await screen.findByRole('button', { name: 'Confirmar e vincular' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta conta bancária já está vinculada.');
    expect(screen.getByRole('textbox', { name: 'Número da conta' })).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps the bank list closed while it loads', async () => {
    stubApi({ 'GET /wps/member/banks': pending });
    await renderWithProviders(<BankAccountForm payeeName="Maria da Silva" onDone={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Banco' })).toBeDisabled();
  });
});
