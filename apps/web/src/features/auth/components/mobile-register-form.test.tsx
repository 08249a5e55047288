import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, COUNTRIES, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { MobileRegisterForm } from './mobile-register-form';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

/** The form as an operator that verifies numbers by SMS and asks for a password has it. */
async function renderMobileRegister() {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission({ register: { smsEnabled: true, mobilePassword: true } })),
    'GET /wps/system/country': ok(COUNTRIES),
    'POST /wps/verification/sms/register': ok({ expiredMinutes: 5, expirationTime: Date.now() + 300_000 }),
  });
  const view = await renderWithProviders(<MobileRegisterForm variant="page" />, {
    route: '/register',
    signedIn: false,
  });
  const mobile = await screen.findByRole('textbox', { name: 'Celular' });
  return { ...view, api, mobile };
}

describe('MobileRegisterForm', () => {
  it('checks the number before a code is sent, and clears the error as the number is typed', async () => {
    const { user, api, mobile } = await renderMobileRegister();
    await user.click(screen.getByRole('button', { name: 'Obter código' }));
    expect(await screen.findByText('Celular não pode ficar vazio')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/verification/sms/register')).toHaveLength(0);

    await user.type(mobile, '11987654321');
    // The form checks the field again as it changes, after the keystroke's render: wait for it.
    await vi.waitFor(() => expect(screen.queryByText('Celular não pode ficar vazio')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Obter código' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/verification/sms/register')).toHaveLength(1));
  });

  it('starts with the consent unticked and sends nothing until it is ticked', async () => {
    const { user, api, mobile } = await renderMobileRegister();
    const consent = screen.getByRole('checkbox', { name: /Tenho pelo menos 18 anos/ });
    expect(consent).not.toBeChecked();
    await user.type(mobile, '11987654321');
    await user.type(screen.getByRole('textbox', { name: 'Código de verificação' }), '123456');
    await user.type(screen.getByLabelText(/^\*?Senha$/), 'abc12345');
    await user.type(screen.getByLabelText(/^\*?Confirmar senha$/), 'abc12345');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(
      await screen.findByText('Confirme a sua idade e aceite os Termos e a Política de Privacidade'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/register/mobile')).toHaveLength(0);
  });
});
