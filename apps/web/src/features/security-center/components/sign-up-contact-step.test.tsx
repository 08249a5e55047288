import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { SignUpContactStep } from './sign-up-contact-step';

describe('SignUpContactStep', () => {
  it('asks an account with a pending confirmation for an e-mail and its code, then goes on', async () => {
    let pending = true;
    const api = stubApi({
      'GET /wps/system/permission': ok(buildPermission()),
      'GET /wps/member/contact-confirmation': () => ok({ pending }),
      'POST /wps/verification/email/bind': ok({ expiredMinutes: 5, expirationTime: Date.now() + 300_000 }),
      'POST /wps/member/email': () => {
        pending = false;
        return ok(true);
      },
    });
    const view = await renderWithProviders(<SignUpContactStep next="/welcome/identity" />, {
      route: '/welcome/contact',
    });
    expect(await screen.findByRole('heading', { name: 'Confirme um contato', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Etapa 2 de 3')).toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: 'Endereço de e-mail' }), 'maria@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Obter código' }));
    await screen.findByRole('button', { name: /^Código enviado/ });
    await view.user.type(screen.getByRole('textbox', { name: 'Código do e-mail' }), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Vincular e-mail' }));
    await vi.waitFor(() => expect(view.location()).toBe('/welcome/identity'));
    expect(api.callsTo('POST /wps/member/email')[0]!.body).toMatchObject({
      email: 'maria@example.com',
      verificationCode: '123456',
    });
  });

  it('offers the mobile instead', async () => {
    stubApi({
      'GET /wps/system/permission': ok(buildPermission()),
      'GET /wps/member/contact-confirmation': ok({ pending: true }),
    });
    const view = await renderWithProviders(<SignUpContactStep next="/welcome/identity" />, {
      route: '/welcome/contact',
    });
    await view.user.click(await screen.findByRole('button', { name: 'Confirmar um celular em vez disso' }));
    expect(screen.queryByRole('textbox', { name: 'Endereço de e-mail' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmar um e-mail em vez disso' })).toBeInTheDocument();
  });

  it('goes straight on when nothing is pending (a mobile registration, the generic licence)', async () => {
    stubApi({
      'GET /wps/system/permission': ok(buildPermission()),
      'GET /wps/member/contact-confirmation': ok({ pending: false }),
    });
    const view = await renderWithProviders(<SignUpContactStep next="/welcome/identity" />, {
      route: '/welcome/contact',
    });
    await vi.waitFor(() => expect(view.location()).toBe('/welcome/identity'));
  });
});
