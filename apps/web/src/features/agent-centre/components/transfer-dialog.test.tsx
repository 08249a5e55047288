import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { TransferDialog } from './transfer-dialog';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

const MONEY = { currency: 'BRL', scale: 2 };
const BALANCE = ok({
  sumBalance: '1259.50',
  sumBalanceMinor: '125950',
  currency: 'BRL',
  scale: 2,
  bonusBalance: '25.00',
  bonusBalanceMinor: '2500',
});

async function renderDialog(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/v2/wallets/balance': BALANCE, ...routes });
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <TransferDialog
      target={{ memberId: '42', account: 'joao88' }}
      money={MONEY}
      mainWallet="1234.50"
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Transferir para joao88' });
  const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
  const password = within(dialog).getByLabelText(/Senha de pagamento/);
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
  const transfers = () => api.callsTo('POST /wps/agent/centre/transfer').map((c: ApiCall) => c.body);
  return { ...view, api, onClose, dialog, amount, password, submit, transfers };
}

const sent = (call: ApiCall) => ok({ amount: (call.body as { amount: string }).amount, downline: 'joao88' });

describe('TransferDialog', () => {
  it("shows the agent's balance in reais and names the empty fields", async () => {
    const { dialog, submit, transfers } = await renderDialog();
    expect(dialog).toHaveTextContent('Seu saldo: R$ 1.234,50');
    await submit();
    expect(await within(dialog).findByText('Digite o valor.')).toBeInTheDocument();
    expect(within(dialog).getByText('Digite a senha de pagamento.')).toBeInTheDocument();
    expect(transfers()).toHaveLength(0);
  });

  it.each([
    ['0', 'Digite um valor maior que zero.'],
    ['1.234,51', 'O valor passa do seu saldo de R$ 1.234,50.'],
    ['10,555', 'Digite um valor com até 2 casas decimais.'],
  ])('refuses "%s"', async (typed, message) => {
    const { user, amount, password, submit, dialog, transfers } = await renderDialog();
    await user.type(amount, typed);
    await user.type(password, '123456');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(transfers()).toHaveLength(0);
  });

  it.each([
    ['30,50', '30.50'],
    ['1.000,00', '1000.00'],
    ['1000', '1000.00'],
    ['30.50', '30.50'],
  ])('transfers "%s" as %s, says so and closes', async (typed, amountSent) => {
    const { user, amount, password, submit, onClose, transfers } = await renderDialog({
      'POST /wps/agent/centre/transfer': sent,
    });
    await user.type(amount, typed);
    await user.type(password, '123456');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(transfers()[0]).toMatchObject({ memberId: '42', amount: amountSent, paymentPassword: '123456' });
    expect(screen.getByRole('status')).toHaveTextContent(/transferido para joao88\.$/);
  });

  it('puts a wrong payment password under its field and a new key on the next try', async () => {
    const { user, amount, password, submit, dialog, transfers, onClose } = await renderDialog({
      'POST /wps/agent/centre/transfer': fail('PAYMENT_PASSWORD_INVALID'),
    });
    await user.type(amount, '10');
    await user.type(password, '000000');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Senha de pagamento incorreta.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await submit();
    await vi.waitFor(() => expect(transfers()).toHaveLength(2));
    const [first, second] = transfers() as { idempotencyKey: string }[];
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before a transfer forfeits a running bonus, and sends again with the consent', async () => {
    let first = true;
    const { user, amount, password, submit, dialog, transfers, onClose } = await renderDialog({
      'POST /wps/agent/centre/transfer': (call) => {
        if (first) {
          first = false;
          return fail('BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409, { bonuses: [{}, {}] });
        }
        return sent(call);
      },
    });
    await user.type(amount, '30,50');
    await user.type(password, '123456');
    await submit();
    const ask = await within(dialog).findByRole('alertdialog', { name: 'Você tem um bônus ativo' });
    expect(
      await within(ask).findByText(
        'Ao transferir agora você perde 2 bônus (R$ 25,00 de saldo de bônus). Deseja continuar?',
      ),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Transferir e perder o bônus' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [unconfirmed, confirmed] = transfers();
    expect(unconfirmed).not.toHaveProperty('forfeitBonus');
    expect(confirmed).toMatchObject({ memberId: '42', amount: '30.50', paymentPassword: '123456', forfeitBonus: true });
  });

  it('keeps the bonus when the agent declines, the form as it was', async () => {
    const { user, amount, password, submit, dialog, transfers, onClose } = await renderDialog({
      'POST /wps/agent/centre/transfer': fail('BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409, { bonuses: [{}] }),
    });
    await user.type(amount, '10');
    await user.type(password, '123456');
    await submit();
    const ask = await within(dialog).findByRole('alertdialog', { name: 'Você tem um bônus ativo' });
    await user.click(within(ask).getByRole('button', { name: 'Manter o bônus' }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(amount).toHaveValue('10');
    expect(transfers()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without sending from its close control', async () => {
    const { user, dialog, onClose, transfers } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(transfers()).toHaveLength(0);
  });
});
