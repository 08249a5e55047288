import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WithdrawInfo, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { fail, ok, pending, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { WithdrawPage } from './withdraw-page';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

/** A local time as the server's ISO string, so the expected text does not depend on the machine's zone. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute, 5).toISOString();

const ORDER: WithdrawalOrder = {
  id: '11',
  amount: '150.00',
  amountMinor: '15000',
  currency: 'BRL',
  status: 'pending',
  confirmation: null,
  bankName: 'Banco Demo',
  accountNumberMasked: '****6789',
  holderName: 'Maria Silva',
  pixKeyType: null,
  pixKeyMasked: null,
  rejectReason: null,
  proofCount: 0,
  createdAt: at(23, 8, 5),
  approvedAt: null,
  rejectedAt: null,
  confirmDeadline: null,
  confirmedAt: null,
};

const INFO: WithdrawInfo = {
  currency: 'BRL',
  scale: 2,
  withdrawable: '2000.00',
  withdrawableMinor: '200000',
  minAmount: '20.00',
  maxAmount: '5000.00',
  dailyCountLimit: 3,
  todayCount: 1,
  autoReceiptMinutes: 30,
  hasPaymentPassword: true,
  bankAccounts: [
    {
      id: '5',
      bankCode: '001',
      bankName: 'Banco Demo',
      accountNumberMasked: '****6789',
      holderName: 'Maria Silva',
      pixKeyType: null,
      pixKeyMasked: null,
    },
  ],
  orders: [],
};

const BALANCE = ok({
  sumBalance: '2000.00',
  sumBalanceMinor: '200000',
  currency: 'BRL',
  scale: 2,
  bonusBalance: '25.00',
  bonusBalanceMinor: '2500',
});

const created = (call: ApiCall) =>
  ok({ ...ORDER, id: '12', amount: (call.body as { amount: string }).amount, createdAt: at(24, 9, 0) });

async function renderPage(info: WithdrawInfo = INFO, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/withdraw/info': ok(info), 'GET /wps/v2/wallets/balance': BALANCE, ...routes });
  const onGoToAccount = vi.fn();
  const view = await renderWithProviders(<WithdrawPage onGoToAccount={onGoToAccount} />);
  await screen.findByRole('form', { name: 'Pedido de saque' });
  const amount = screen.getByRole('textbox', { name: 'Valor' });
  const password = screen.getByLabelText(/Senha de pagamento/);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Sacar' }));
  return { ...view, api, onGoToAccount, amount, password, submit };
}

describe('WithdrawPage', () => {
  it('shows a loading state while the withdrawal info is on its way', async () => {
    stubApi({ 'GET /wps/withdraw/info': pending });
    await renderWithProviders(<WithdrawPage onGoToAccount={vi.fn()} />);
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows a failed load in Portuguese and loads again on retry', async () => {
    let answer = fail('INTERNAL_ERROR', 500);
    const api = stubApi({ 'GET /wps/withdraw/info': () => answer });
    const { user } = await renderWithProviders(<WithdrawPage onGoToAccount={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    answer = ok(INFO);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('form', { name: 'Pedido de saque' })).toBeInTheDocument();
    expect(api.callsTo('GET /wps/withdraw/info')).toHaveLength(2);
  });

  it('formats the withdrawable balance, the limits and the count of today', async () => {
    await renderPage({ ...INFO, withdrawable: '1234.50', withdrawableMinor: '123450' });
    expect(screen.getByTestId('withdrawable')).toHaveTextContent('R$ 1.234,50');
    expect(screen.getByText('R$ 20,00 – R$ 5.000,00')).toBeInTheDocument();
    expect(screen.getByText('1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Valor' })).toHaveAttribute('placeholder', '20,00 – 1234,50');
  });

  it('names the missing fields before sending', async () => {
    const { api, submit } = await renderPage();
    await submit();
    expect(await screen.findByText('Valor é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Senha de pagamento é obrigatório.')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/withdraw/orders')).toHaveLength(0);
  });

  it.each([
    ['19,99', 'O mínimo é R$ 20,00.'],
    ['2.000,01', 'Você pode sacar no máximo R$ 2.000,00.'],
    ['12abc', 'Informe um valor positivo com no máximo 2 casas decimais.'],
    ['10,001', 'Informe um valor positivo com no máximo 2 casas decimais.'],
  ])('refuses "%s": %s', async (typed, message) => {
    const { user, amount, password, submit, api } = await renderPage();
    await user.type(amount, typed);
    await user.type(password, '123456');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST /wps/withdraw/orders')).toHaveLength(0);
  });

  it.each([
    ['30,50', '30.50'],
    ['1.500,00', '1500.00'],
    ['1500', '1500.00'],
    ['30.50', '30.50'],
  ])('reads "%s" as %s, sends it with the account and password, and says it was asked for', async (typed, sent) => {
    const { user, amount, password, submit, api } = await renderPage(INFO, { 'POST /wps/withdraw/orders': created });
    await user.type(amount, typed);
    await user.type(password, '123456');
    await submit();
    const money = `R$ ${Number(sent).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;
    expect(await screen.findByRole('status')).toHaveTextContent(`Saque de ${money} solicitado.`);
    expect(api.callsTo('POST /wps/withdraw/orders')[0]!.body).toMatchObject({
      amount: sent,
      bankAccountId: '5',
      paymentPassword: '123456',
    });
    expect(amount).toHaveValue('');
    expect(password).toHaveValue('');
  });

  it('fills "Tudo" with the smaller of the balance and the maximum, as the player types it', async () => {
    const { user, amount } = await renderPage({ ...INFO, withdrawable: '1234.50', withdrawableMinor: '123450' });
    await user.click(screen.getByRole('button', { name: 'Tudo' }));
    expect(amount).toHaveValue('1234,50');
  });

  it('puts a wrong payment password under its field with the attempts left', async () => {
    const { user, amount, password, submit } = await renderPage(INFO, {
      'POST /wps/withdraw/orders': fail('PAYMENT_PASSWORD_INVALID', 400, { attemptsLeft: 2 }),
    });
    await user.type(amount, '50');
    await user.type(password, '000000');
    await submit();
    expect(await screen.findByText('Senha de pagamento incorreta. Tentativas restantes: 2.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before a withdrawal forfeits a running bonus, and sends again with the consent', async () => {
    let first = true;
    const { user, amount, password, submit, api } = await renderPage(INFO, {
      'GET /wps/v2/wallets/balance': BALANCE,
      'POST /wps/withdraw/orders': (call) => {
        if (first) {
          first = false;
          return fail('BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409, { bonuses: [{}, {}] });
        }
        return created(call);
      },
    });
    await user.type(amount, '50');
    await user.type(password, '123456');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Você tem um bônus ativo' });
    expect(
      await within(dialog).findByText(
        'Ao sacar agora você perde 2 bônus (R$ 25,00 de saldo de bônus). Deseja continuar?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sacar e perder o bônus' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saque de R$ 50,00 solicitado.');
    const posts = api.callsTo('POST /wps/withdraw/orders');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).not.toHaveProperty('forfeitBonus');
    expect(posts[1]!.body).toMatchObject({ amount: '50.00', forfeitBonus: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the bonus when the player declines', async () => {
    const { user, amount, password, submit, api } = await renderPage(INFO, {
      'GET /wps/v2/wallets/balance': BALANCE,
      'POST /wps/withdraw/orders': fail('BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409, { bonuses: [{}] }),
    });
    await user.type(amount, '50');
    await user.type(password, '123456');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Você tem um bônus ativo' });
    await user.click(within(dialog).getByRole('button', { name: 'Manter o bônus' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /wps/withdraw/orders')).toHaveLength(1);
  });

  it('sends the player to My account when no payment password or bank account is set', async () => {
    const { user, onGoToAccount, amount } = await renderPage({ ...INFO, hasPaymentPassword: false, bankAccounts: [] });
    expect(screen.getByText('Defina uma senha de pagamento em Minha conta antes de sacar.')).toBeInTheDocument();
    expect(screen.getByText('Vincule uma conta bancária em Minha conta antes de sacar.')).toBeInTheDocument();
    expect(amount).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sacar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ir para Minha conta' }));
    expect(onGoToAccount).toHaveBeenCalledOnce();
  });

  it('stops new withdrawals once the daily count is reached', async () => {
    await renderPage({ ...INFO, todayCount: 3 });
    expect(screen.getByText('Você atingiu o número de saques de hoje.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sacar' })).toBeDisabled();
  });
});

describe('WithdrawalOrders', () => {
  it('says so when there is no withdrawal yet', async () => {
    await renderPage();
    expect(screen.getByText('Nenhum saque ainda. Os pedidos que você fizer aparecem aqui.')).toBeInTheDocument();
  });

  it('lists each order with its amount, state, account and dated steps', async () => {
    await renderPage({
      ...INFO,
      orders: [
        ORDER,
        {
          ...ORDER,
          id: '10',
          amount: '1500.00',
          status: 'rejected',
          rejectReason: 'Conta de outro titular',
          rejectedAt: at(22, 18, 30),
          pixKeyType: 'cpf',
          pixKeyMasked: '***.456.789-**',
        },
      ],
    });
    const pendingRow = screen.getByTestId('withdrawal-11');
    expect(pendingRow).toHaveTextContent('R$ 150,00');
    expect(within(pendingRow).getByTestId('withdrawal-status')).toHaveTextContent('Em análise');
    expect(pendingRow).toHaveTextContent('Banco Demo · ****6789');
    const steps = within(pendingRow).getByRole('list', { name: 'Etapas do saque' });
    expect(steps).toHaveTextContent('Pedido em 23/11/2026, 08:05:05');
    expect(steps).toHaveTextContent('Em processamento: o operador confere e paga o saque.');
    const refused = screen.getByTestId('withdrawal-10');
    expect(refused).toHaveTextContent('R$ 1.500,00');
    expect(within(refused).getByTestId('withdrawal-status')).toHaveTextContent('Recusado – reembolsado');
    expect(refused).toHaveTextContent('PIX · ***.456.789-**');
    expect(refused).toHaveTextContent('Recusado em 22/11/2026, 18:30:05 (valor devolvido à carteira)');
    expect(refused).toHaveTextContent('Motivo: Conta de outro titular');
  });

  const APPROVED: WithdrawalOrder = {
    ...ORDER,
    status: 'approved',
    approvedAt: at(23, 9, 0),
    confirmDeadline: at(23, 9, 30),
  };

  it('lets the player confirm an approved order as received', async () => {
    const { user, api } = await renderPage(
      { ...INFO, orders: [APPROVED] },
      {
        'POST /wps/withdraw/orders/11/confirm': ok({ ...APPROVED, status: 'completed', confirmation: 'received' }),
      },
    );
    const row = screen.getByTestId('withdrawal-11');
    expect(row).toHaveTextContent(
      'Pago. Confirme até 23/11/2026, 09:30:05 (30 minutos após a aprovação). Sem resposta, o saque é dado como recebido.',
    );
    const actions = within(row).getByRole('group', { name: 'Confirmar o pagamento' });
    await user.click(within(actions).getByRole('button', { name: 'Recebi' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Obrigado: saque marcado como recebido.');
    expect(api.callsTo('POST /wps/withdraw/orders/11/confirm')[0]!.body).toEqual({ result: 'received' });
  });

  it('shows a refused confirmation as an error notice', async () => {
    const { user } = await renderPage(
      { ...INFO, orders: [APPROVED] },
      {
        'POST /wps/withdraw/orders/11/confirm': fail('INSUFFICIENT_FUNDS'),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Recebi o valor completo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saldo insuficiente.');
  });

  it('asks for png or jpg proofs when the player did not receive the money, and sends them', async () => {
    const { user, api } = await renderPage(
      { ...INFO, orders: [APPROVED] },
      {
        'POST /wps/withdraw/orders/11/not-received': ok({ ...APPROVED, status: 'disputed', proofCount: 1 }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Não recebi' }));
    const dialog = screen.getByRole('dialog', { name: 'Saque não recebido' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Anexe pelo menos uma imagem como comprovante.');

    const input = within(dialog).getByLabelText('Imagens de comprovante');
    // The picker's accept list is a hint a browser may ignore ("All files"): the dialog checks the type itself.
    await userEvent
      .setup({ applyAccept: false, delay: null })
      .upload(input, new File(['GIF89a'], 'extrato.gif', { type: 'image/gif' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Apenas imagens png ou jpg são aceitas.');
    const four = ['a', 'b', 'c', 'd'].map((n) => new File(['x'], `${n}.png`, { type: 'image/png' }));
    await user.upload(input, four);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Imagens acima de 5MB ou mais de 3 imagens não são aceitas.',
    );

    await user.upload(input, new File(['png'], 'extrato.png', { type: 'image/png' }));
    expect(within(dialog).getByText('extrato.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enviado. O atendimento vai verificar o pagamento.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = api.callsTo('POST /wps/withdraw/orders/11/not-received')[0]!.body as FormData;
    expect((sent.getAll('proofs') as File[]).map((f) => f.name)).toEqual(['extrato.png']);
  });

  it('closes the proof dialog on Cancelar without sending', async () => {
    const { user, api } = await renderPage({ ...INFO, orders: [APPROVED] });
    await user.click(screen.getByRole('button', { name: 'Não recebi' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
