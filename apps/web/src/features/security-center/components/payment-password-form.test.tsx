import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { PaymentPasswordForm } from './payment-password-form';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

async function renderForm(isChange: boolean, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    'GET /wps/member/security': ok(null),
    ...routes,
  });
  const onDone = vi.fn();
  const view = await renderWithProviders(<PaymentPasswordForm isChange={isChange} onDone={onDone} />);
  await vi.waitFor(() => expect(api.callsTo('GET /wps/system/permission')).toHaveLength(1));
  const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label}$`));
  const submit = () =>
    view.user.click(
      screen.getByRole('button', { name: isChange ? 'Alterar senha de pagamento' : 'Definir senha de pagamento' }),
    );
  return { ...view, api, onDone, field, submit };
}

describe('PaymentPasswordForm', () => {
  it('names both empty fields', async () => {
    const { submit, api } = await renderForm(false);
    await submit();
    expect(await screen.findByText('Nova senha de pagamento não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Confirme a senha de pagamento não pode ficar vazio')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Senha de pagamento atual/)).not.toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/payment-password')).toHaveLength(0);
  });

  it('wants six digits and a matching confirmation', async () => {
    const { user, field, submit, api } = await renderForm(false);
    await user.type(field('Nova senha de pagamento'), '12ab56');
    await user.type(field('Confirme a senha de pagamento'), '123457');
    await submit();
    expect(await screen.findByText('6 dígitos, apenas números')).toBeInTheDocument();
    await user.clear(field('Nova senha de pagamento'));
    await user.type(field('Nova senha de pagamento'), '123456');
    expect(await screen.findByText('Os valores não coincidem')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/payment-password')).toHaveLength(0);
  });

  it('shows and hides the typed password', async () => {
    const { user, field } = await renderForm(false);
    const input = field('Nova senha de pagamento');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Mostrar senha' })[0]!);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('sets the password (sealed), says so and closes', async () => {
    const { user, field, submit, api, onDone } = await renderForm(false, {
      'PUT /wps/member/payment-password': ok(true),
    });
    await user.type(field('Nova senha de pagamento'), '123456');
    await user.type(field('Confirme a senha de pagamento'), '123456');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Senha de pagamento definida.');
    expect(api.callsTo('PUT /wps/member/payment-password')[0]!.body).toEqual({
      newPaymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('asks for the current password to change it and says how many attempts are left', async () => {
    const { user, field, submit, api, onDone } = await renderForm(true, {
      'PUT /wps/member/payment-password': fail('PAYMENT_PASSWORD_INVALID', 400, { attemptsLeft: 1 }),
    });
    await submit();
    expect(await screen.findByText('Senha de pagamento atual não pode ficar vazio')).toBeInTheDocument();
    await user.type(field('Senha de pagamento atual'), '000000');
    await user.type(field('Nova senha de pagamento'), '123456');
    await user.type(field('Confirme a senha de pagamento'), '123456');
    await submit();
    expect(
      await screen.findByText('Senha de pagamento incorreta. Resta 1 tentativa antes do bloqueio.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/payment-password')[0]!.body).toMatchObject({ oldPaymentPassword: '000000' });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says in minutes how long a locked payment password stays locked', async () => {
    const { user, field, submit } = await renderForm(false, {
      'PUT /wps/member/payment-password': fail('PAYMENT_PASSWORD_LOCKED', 429, { retryAfterSeconds: 150 }),
    });
    await user.type(field('Nova senha de pagamento'), '123456');
    await user.type(field('Confirme a senha de pagamento'), '123456');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas erradas. Tente novamente em 3 min.');
  });
});
