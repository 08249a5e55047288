import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session-storage';
import { buildPermission, COUNTRIES, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { RegisterForm } from './register-form';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

const LOGIN_RESULT = {
  token: 'new-token',
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: false,
  userInfo: { userName: 'maria01', nickname: null, type: 0 },
};

async function renderRegister(
  register: NonNullable<Parameters<typeof buildPermission>[0]>['register'] = {},
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission({ register: { showMobile: false, ...register } })),
    'GET /wps/system/country': ok(COUNTRIES),
    ...routes,
  });
  const view = await renderWithProviders(<RegisterForm variant="page" />, { route: '/register', signedIn: false });
  await screen.findByRole('textbox', { name: 'Usuário' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Cadastrar' }));
  const fill = async (name: string, pass = 'abc12345', confirm = pass) => {
    await view.user.type(screen.getByRole('textbox', { name: 'Usuário' }), name);
    await view.user.type(screen.getByLabelText(/^\*?Senha$/), pass);
    await view.user.type(screen.getByLabelText(/^\*?Confirmar senha$/), confirm);
  };
  const agree = () => view.user.click(screen.getByRole('checkbox', { name: /Tenho pelo menos 18 anos/ }));
  return { ...view, api, submit, fill, agree };
}

describe('RegisterForm', () => {
  it("checks every field against the operator's rules and asks for the consent", async () => {
    const { submit, fill, api } = await renderRegister();
    await submit();
    expect(await screen.findByText('Usuário não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Confirme a sua idade e aceite os Termos e a Política de Privacidade')).toBeInTheDocument();
    await fill('1maria', 'abcdefgh', 'abcdefgx');
    await submit();
    expect(
      await screen.findByText('6 a 16 caracteres: comece com uma letra, depois letras e números'),
    ).toBeInTheDocument();
    expect(screen.getByText('8 a 20 caracteres, com letras e números')).toBeInTheDocument();
    expect(screen.getByText('Os valores não coincidem')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/register')).toHaveLength(0);
  });

  it("shows the password's every rule under the field before anything is typed", async () => {
    await renderRegister();
    const password = screen.getByLabelText(/^\*?Senha$/);
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(
      '8 a 20 caracteres, com letras e números. Senhas muito comuns são recusadas.',
    );
  });

  it('links the Terms and the Privacy Policy in the consent', async () => {
    await renderRegister();
    expect(screen.getByRole('link', { name: 'Termos e Condições' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacy');
  });

  it('registers, logs the player in and goes home', async () => {
    const { fill, agree, submit, api, location } = await renderRegister(
      {},
      {
        'PUT /wps/member/register': ok(LOGIN_RESULT),
      },
    );
    await fill('maria01');
    await agree();
    await submit();
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(getToken()).toBe('new-token');
    const body = api.callsTo('PUT /wps/member/register')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      username: 'maria01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agree: true,
      registerMethod: 'WEB',
    });
    // Fields the operator does not show are not sent.
    expect(body.email).toBeUndefined();
    expect(body.mobileNum).toBeUndefined();
  });

  it('puts a name already taken under the name', async () => {
    const { fill, agree, submit } = await renderRegister(
      {},
      {
        'PUT /wps/member/register': fail('USERNAME_TAKEN', 409),
      },
    );
    await fill('maria01');
    await agree();
    await submit();
    expect(await screen.findByText('Este nome de usuário já está em uso.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Usuário' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows a refusal of the player's details, such as a self-excluded e-mail, as the form's message", async () => {
    const { fill, agree, submit, api } = await renderRegister(
      {},
      {
        'PUT /wps/member/register': fail('RG_EXCLUDED_REGISTRATION', 409),
      },
    );
    await fill('maria01');
    await agree();
    await submit();
    expect(await screen.findByText('Estes dados pertencem a uma conta excluída do jogo.')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/register')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it('asks for the mobile number and its SMS code when the operator verifies numbers', async () => {
    const { fill, agree, submit, api } = await renderRegister({ showMobile: true, smsEnabled: true });
    expect(screen.getByRole('textbox', { name: 'Código de verificação' })).toBeInTheDocument();
    await fill('maria01');
    await agree();
    await submit();
    expect(await screen.findByText('Celular não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Código de verificação não pode ficar vazio')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/register')).toHaveLength(0);
  });

  it('shows the typed confirmation on Mostrar senha', async () => {
    const { user, fill } = await renderRegister();
    await fill('maria01', 'abc12345', 'abc12345');
    const confirm = screen.getByLabelText(/^\*?Confirmar senha$/);
    expect(confirm).toHaveAttribute('type', 'password');
    const toggle = confirm.parentElement!.querySelector('button')!;
    expect(toggle).toHaveAccessibleName('Mostrar senha');
    await user.click(toggle);
    expect(confirm).toHaveAttribute('type', 'text');
    expect(confirm).toHaveValue('abc12345');
  });

  it('clears what was typed on Limpar', async () => {
    const { user, fill } = await renderRegister();
    await fill('maria01');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByRole('textbox', { name: 'Usuário' })).toHaveValue('');
  });
});
