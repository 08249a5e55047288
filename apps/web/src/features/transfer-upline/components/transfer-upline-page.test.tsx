import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { TransferUplinePage } from './transfer-upline-page';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

const FUNDS = ok({
  currency: 'BRL',
  scale: 2,
  mainWallet: '100.00',
  mainWalletMinor: '10000',
  pendingWithdrawals: '0.00',
  pendingWithdrawalsMinor: '0',
  total: '100.00',
  totalMinor: '10000',
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreqtype: 0,
  realtimesalreqtype: 0,
  hasDailySalaryContract: false,
  hasHourlySalaryContract: false,
  hasRealTimeSalaryContract: false,
  hasDividendContract: false,
});
const BALANCE = ok({
  sumBalance: '125.00',
  sumBalanceMinor: '12500',
  currency: 'BRL',
  scale: 2,
  bonusBalance: '25.00',
  bonusBalanceMinor: '2500',
});

describe('TransferUplinePage', () => {
  it('asks before a transfer forfeits a running bonus, and sends again with the consent', async () => {
    let first = true;
    const api = stubApi({
      'GET /wps/member/info/funds/consolidated': FUNDS,
      'GET /wps/v2/wallets/balance': BALANCE,
      'POST /wps/member/transfer/upline': (call: ApiCall) => {
        if (first) {
          first = false;
          return fail('BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409, { bonuses: [{}] });
        }
        return ok({ amount: (call.body as { amount: string }).amount, upline: 'agente1' });
      },
    });
    const { user } = await renderWithProviders(<TransferUplinePage />);
    await user.type(await screen.findByRole('textbox', { name: 'Valor' }), '12,50');
    await user.type(screen.getByLabelText(/Senha de pagamento/), '123456');
    await user.click(screen.getByRole('button', { name: 'Transferir' }));

    const dialog = await screen.findByRole('dialog', { name: 'Você tem um bônus ativo' });
    expect(
      await within(dialog).findByText(
        'Ao transferir agora você perde 1 bônus (R$ 25,00 de saldo de bônus). Deseja continuar?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transferir e perder o bônus' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/transferido para agente1/);
    const posts = api.callsTo('POST /wps/member/transfer/upline').map((c: ApiCall) => c.body);
    expect(posts).toHaveLength(2);
    expect(posts[0]).not.toHaveProperty('forfeitBonus');
    expect(posts[1]).toMatchObject({ amount: '12.50', paymentPassword: '123456', forfeitBonus: true });
  });

  // The amount is read by the shared money parser as Portuguese writes it.
  it.each([
    ['30,50', '30.50'],
    ['1.500,00', '1500.00'],
    ['1500', '1500.00'],
    ['30.50', '30.50'],
  ])('sends "%s" as %s', async (typed, sent) => {
    const funds = { ...(FUNDS as { value: object }).value, mainWallet: '5000.00', mainWalletMinor: '500000' };
    const api = stubApi({
      'GET /wps/member/info/funds/consolidated': ok({ ...funds, total: '5000.00', totalMinor: '500000' }),
      'GET /wps/v2/wallets/balance': BALANCE,
      'POST /wps/member/transfer/upline': (call: ApiCall) =>
        ok({ amount: (call.body as { amount: string }).amount, upline: 'agente1' }),
    });
    const { user } = await renderWithProviders(<TransferUplinePage />);
    await user.type(await screen.findByRole('textbox', { name: 'Valor' }), typed);
    await user.type(screen.getByLabelText(/Senha de pagamento/), '123456');
    await user.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/transferido para agente1/);
    expect(api.callsTo('POST /wps/member/transfer/upline')[0]?.body).toMatchObject({ amount: sent });
  });
});
