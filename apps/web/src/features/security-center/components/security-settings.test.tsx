import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecuritySummary } from '@wps/shared/schemas/security';
import { buildPermission, fail, ok, pending, renderWithProviders, stubApi } from '../../../lib/test-render';
import { SecuritySettings } from './security-settings';

const EMPTY: SecuritySummary = {
  hasPaymentPassword: false,
  payeeName: null,
  email: null,
  emailVerified: false,
  mobile: null,
  mobileVerified: false,
  bankAccounts: [],
  maxBankAccounts: 3,
  payeeNameFromIdentity: false,
  ownAccountsOnly: false,
};

const BOUND: SecuritySummary = {
  ...EMPTY,
  hasPaymentPassword: true,
  payeeName: 'Maria da Silva',
  email: 'ma***@example.com',
  emailVerified: true,
  mobile: '+55 119****7665',
  mobileVerified: true,
  bankAccounts: [
    {
      id: '1',
      bankCode: '001',
      bankName: 'Banco do Brasil',
      accountNumberMasked: '****6789',
      holderName: 'Maria da Silva',
      createdAt: '2026-11-01T10:00:00.000Z',
      pixKeyType: null,
      pixKeyMasked: null,
    },
    {
      id: '2',
      bankCode: 'PIX',
      bankName: 'PIX',
      accountNumberMasked: '',
      holderName: 'Maria da Silva',
      createdAt: '2026-11-02T10:00:00.000Z',
      pixKeyType: 'cpf',
      pixKeyMasked: '***.456.789-**',
    },
  ],
};

async function renderSettings(summary: Parameters<typeof stubApi>[0][string]) {
  const api = stubApi({
    'GET /wps/member/security': summary,
    'GET /wps/system/permission': ok(buildPermission()),
    'GET /wps/system/country': ok([]),
    'GET /wps/member/banks': ok([]),
  });
  const view = await renderWithProviders(<SecuritySettings />);
  return { ...view, api };
}

const item = (testId: string) => screen.getByTestId(testId);

describe('SecuritySettings', () => {
  it('shows a loading state, then the settings', async () => {
    await renderSettings(pending);
    expect(screen.getByText('Segurança da conta').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a failed load and loads again on retry', async () => {
    let answer = fail('INTERNAL_ERROR', 500);
    const { user, api } = await renderSettings(() => answer);
    const alert = await screen.findByRole('alert');
    answer = ok(EMPTY);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Segurança da conta' })).toBeInTheDocument();
    expect(api.callsTo('GET /wps/member/security')).toHaveLength(2);
  });

  it('offers every form to a player with nothing bound, the bank only after the real name', async () => {
    await renderSettings(ok(EMPTY));
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    expect(within(item('sec-payee-name')).getByText('Não definido')).toBeInTheDocument();
    expect(within(item('sec-payee-name')).getByRole('button', { name: 'Vincular' })).toBeInTheDocument();
    expect(within(item('sec-payment-password')).getByRole('button', { name: 'Definir' })).toBeInTheDocument();
    const bank = item('sec-bank-accounts');
    expect(bank).toHaveTextContent('Contas bancárias · 0 de 3');
    expect(bank).toHaveTextContent('Nenhuma conta bancária ainda.');
    expect(bank).toHaveTextContent('Vincule seu nome real primeiro.');
    expect(within(bank).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('sec-pix-keys')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('sec-email')).getByText('Não vinculado')).toBeInTheDocument();
    expect(within(item('sec-mobile')).getByRole('button', { name: 'Vincular' })).toBeInTheDocument();
  });

  it('shows bound settings as locked, with the accounts masked', async () => {
    await renderSettings(ok(BOUND));
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    const payee = item('sec-payee-name');
    expect(payee).toHaveTextContent('Maria da Silva');
    expect(payee).toHaveTextContent('Vinculado e bloqueado: fale com o atendimento para alterar.');
    expect(within(payee).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('sec-payment-password')).getByRole('button', { name: 'Alterar' })).toBeInTheDocument();
    const bank = item('sec-bank-accounts');
    expect(bank).toHaveTextContent('Contas bancárias · 2 de 3');
    const rows = within(bank).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Banco do Brasil****6789Maria da Silva');
    expect(rows[1]).toHaveTextContent('PIX · CPF***.456.789-**Maria da Silva');
    expect(item('sec-pix-keys')).toHaveTextContent(
      'Chave PIX cadastrada. Ela aparece em Minha conta › Contas bancárias.',
    );
    expect(item('sec-email')).toHaveTextContent('ma***@example.com');
    expect(within(item('sec-email')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('sec-mobile')).getByText('Vinculado')).toBeInTheDocument();
  });

  it('stops adding accounts at the maximum', async () => {
    await renderSettings(ok({ ...BOUND, maxBankAccounts: 2 }));
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    expect(item('sec-bank-accounts')).toHaveTextContent('Você vinculou o número máximo de contas.');
    expect(within(item('sec-bank-accounts')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('sec-pix-keys')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes the real name from the identity check when the licence identifies players', async () => {
    await renderSettings(ok({ ...EMPTY, payeeNameFromIdentity: true }));
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    expect(item('sec-payee-name')).toHaveTextContent('O nome do titular vem da verificação de identidade');
    expect(within(item('sec-payee-name')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens one form at a time and closes it on Cancelar', async () => {
    const { user } = await renderSettings(ok({ ...BOUND, bankAccounts: [], hasPaymentPassword: false }));
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    const open = within(item('sec-payment-password')).getByRole('button', { name: 'Definir' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(screen.getByRole('button', { name: 'Definir senha de pagamento' })).toBeInTheDocument();
    await user.click(within(item('sec-bank-accounts')).getByRole('button', { name: 'Adicionar' }));
    expect(screen.queryByRole('button', { name: 'Definir senha de pagamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vincular conta bancária' })).toBeInTheDocument();
    await user.click(within(item('sec-bank-accounts')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('button', { name: 'Vincular conta bancária' })).not.toBeInTheDocument();
  });
});
