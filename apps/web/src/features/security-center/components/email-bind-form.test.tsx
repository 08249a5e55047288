import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { EmailBindForm } from './email-bind-form';

async function renderForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    'GET /wps/member/security': ok(null),
    'GET /wps/member/info': ok(null),
    ...routes,
  });
  const onDone = vi.fn();
  const view = await renderWithProviders(<EmailBindForm onDone={onDone} />);
  await vi.waitFor(() => expect(api.callsTo('GET /wps/system/permission')).toHaveLength(1));
  const email = screen.getByRole('textbox', { name: 'Endereço de e-mail' });
  const code = screen.getByRole('textbox', { name: 'Código do e-mail' });
  const getCode = () => view.user.click(screen.getByRole('button', { name: 'Obter código' }));
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Vincular e-mail' }));
  return { ...view, api, onDone, email, code, getCode, submit };
}

describe('EmailBindForm', () => {
  it('checks the address before mailing a code', async () => {
    const { user, email, getCode, api } = await renderForm();
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Endereço de e-mail não pode ficar vazio');
    await user.type(email, 'maria@');
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe um e-mail válido (6 a 128 caracteres)');
    expect(api.callsTo('POST /wps/verification/email/bind')).toHaveLength(0);
  });

  it('mails the code and counts down on the button', async () => {
    const { user, email, getCode, api } = await renderForm({
      'POST /wps/verification/email/bind': ok({ expiredMinutes: 5, expirationTime: Date.now() + 300_000 }),
    });
    await user.type(email, ' maria@example.com ');
    await getCode();
    const sent = await screen.findByRole('button', { name: /^Código enviado \(\d+ s\)$/ });
    expect(sent).toBeDisabled();
    expect(api.callsTo('POST /wps/verification/email/bind')[0]!.body).toEqual({ email: 'maria@example.com' });
  });

  it('puts an address already in use under the address', async () => {
    const { user, email, getCode } = await renderForm({
      'POST /wps/verification/email/bind': fail('EMAIL_TAKEN', 409),
    });
    await user.type(email, 'maria@example.com');
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este e-mail já está cadastrado.');
    expect(screen.getByRole('button', { name: 'Obter código' })).toBeEnabled();
  });

  it('shows any other send failure in the warning dialog', async () => {
    const { user, email, getCode } = await renderForm({
      'POST /wps/verification/email/bind': fail('TOO_MANY_REQUESTS', 429),
    });
    await user.type(email, 'maria@example.com');
    await getCode();
    const dialog = await screen.findByRole('dialog', { name: 'Aviso' });
    expect(dialog).toHaveTextContent('Pedidos demais. Tente novamente em 5 minutos.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts a wrong code under the code, and binds with the right one', async () => {
    let isWrong = true;
    const { user, email, code, submit, api, onDone } = await renderForm({
      'POST /wps/member/email': () => (isWrong ? fail('EMAIL_CODE_INVALID') : ok(true)),
    });
    await submit();
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    await user.type(email, 'maria@example.com');
    await user.type(code, '123456');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Código de e-mail incorreto.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    isWrong = false;
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('E-mail vinculado.');
    expect(api.callsTo('POST /wps/member/email')[1]!.body).toEqual({
      email: 'maria@example.com',
      verificationCode: '123456',
    });
    expect(onDone).toHaveBeenCalledOnce();
  });
});
