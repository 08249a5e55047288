import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session-storage';
import { closeIdentityRequired, getAuthModalState } from '../auth-modal-store';
import { buildPermission, COUNTRIES, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { LoginForm } from './login-form';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

const LOGIN_RESULT = {
  token: 'new-token',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  userInfo: { userName: 'maria01', nickname: null, type: 0 },
};

const module = (moduleId: string) => ({ moduleId, name: moduleId, enabled: 1 as const, children: [] });

async function renderLogin(routes: Parameters<typeof stubApi>[0] = {}, whitelabel = [module('DIRECTREG3')]) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission({ whitelabel })),
    'GET /wps/system/country': ok(COUNTRIES),
    'GET /wps/oidc/providers': ok([]),
    'GET /wps/captcha': ok('data:image/png;base64,AAAA'),
    ...routes,
  });
  const view = await renderWithProviders(<LoginForm />, { route: '/login', signedIn: false });
  await screen.findByRole('button', { name: 'Cadastre-se agora' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Entrar' }));
  return { ...view, api, submit };
}

const username = () => screen.getByRole('textbox', { name: 'Usuário' });
const password = () => screen.getByLabelText(/^\*?Senha$/);

describe('LoginForm', () => {
  beforeEach(() => {
    for (const name of ['rememberMe', 'rememberUsername', 'rememberMobile', 'rememberDialingCode'])
      document.cookie = `${name}=; max-age=0; path=/`;
  });

  it('names the empty fields and sends nothing', async () => {
    const { submit, api } = await renderLogin();
    await submit();
    expect(await screen.findByText('Usuário não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Senha não pode ficar vazio')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/session/login')).toHaveLength(0);
  });

  it('logs in with the trimmed name, keeps the token and goes home', async () => {
    const { user, submit, api, location } = await renderLogin({ 'POST /wps/session/login': ok(LOGIN_RESULT) });
    await user.type(username(), ' maria01 ');
    await user.type(password(), 'segredo123');
    await submit();
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(getToken()).toBe('new-token');
    expect(api.callsTo('POST /wps/session/login')[0]!.body).toMatchObject({
      type: 'username',
      username: 'maria01',
      password: 'segredo123',
    });
    expect(api.callsTo('POST /wps/session/login')[0]!.body).not.toHaveProperty('captcha', expect.anything());
  });

  it('asks an account the licence must first identify for its CPF instead of going home', async () => {
    const { user, submit, location } = await renderLogin({
      'POST /wps/session/login': ok({ ...LOGIN_RESULT, identityRequired: true }),
    });
    await user.type(username(), 'maria01');
    await user.type(password(), 'segredo123');
    await submit();
    await vi.waitFor(() => expect(getAuthModalState().isIdentityRequiredOpen).toBe(true));
    expect(getToken()).toBe('new-token');
    expect(location()).toBe('/login');
    closeIdentityRequired();
  });

  it('says the credentials are wrong and stays on the page', async () => {
    const { user, submit, location } = await renderLogin({
      'POST /wps/session/login': fail('INVALID_CREDENTIALS', 401),
    });
    await user.type(username(), 'maria01');
    await user.type(password(), 'errada');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha incorretos.');
    expect(location()).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('says until when a time-out lasts, as a local date and time', async () => {
    const until = new Date(2026, 10, 28, 4, 25, 46);
    const { user, submit } = await renderLogin({
      'POST /wps/session/login': fail('RG_TIME_OUT_ACTIVE', 403, { until: until.toISOString() }),
    });
    await user.type(username(), 'maria01');
    await user.type(password(), 'certa');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Você está em pausa até 28/11/2026 04:25.');
  });

  it('says a self-exclusion without an end is for good', async () => {
    const { user, submit } = await renderLogin({
      'POST /wps/session/login': fail('RG_SELF_EXCLUDED', 403, { until: null, expired: false }),
    });
    await user.type(username(), 'maria01');
    await user.type(password(), 'certa');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Você se autoexcluiu do jogo por tempo indeterminado.');
  });

  it('asks for the image code once the server wants one, and sends it with its key', async () => {
    let isFirst = true;
    const { user, submit, api } = await renderLogin({
      'POST /wps/session/login': () => {
        if (isFirst) {
          isFirst = false;
          return fail('INVALID_CREDENTIALS', 401, { captcha: true });
        }
        return ok(LOGIN_RESULT);
      },
    });
    expect(screen.queryByRole('textbox', { name: 'Código da imagem' })).not.toBeInTheDocument();
    await user.type(username(), 'maria01');
    await user.type(password(), 'errada');
    await submit();
    const captcha = await screen.findByRole('textbox', { name: 'Código da imagem' });
    expect(await screen.findByRole('img', { name: 'Código da imagem a digitar' })).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Código da imagem não pode ficar vazio')).toBeInTheDocument();
    await user.type(captcha, 'ab12');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('POST /wps/session/login')).toHaveLength(2));
    const key = api.callsTo('GET /wps/captcha')[0]!.query.get('captchaKey');
    expect(api.callsTo('POST /wps/session/login')[1]!.body).toMatchObject({ captcha: 'ab12', captchaKey: key });
  });

  it('remembers the user name (never the password) when asked', async () => {
    const { user, submit, unmount } = await renderLogin({ 'POST /wps/session/login': ok(LOGIN_RESULT) });
    await user.type(username(), 'maria01');
    await user.type(password(), 'segredo123');
    await user.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
    await submit();
    await vi.waitFor(() => expect(getToken()).toBe('new-token'));
    expect(document.cookie).not.toContain('segredo123');
    unmount();
    await renderLogin();
    expect(username()).toHaveValue('maria01');
    expect(password()).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Lembrar de mim' })).toBeChecked();
  });

  it('offers the SMS login when the operator turns it on, and checks the number first', async () => {
    const { user, api } = await renderLogin({}, [module('DIRECTREG3'), module('MOBILEVERCODELOGIN3')]);
    await user.click(screen.getByRole('tab', { name: 'Código SMS' }));
    const number = screen.getByRole('textbox', { name: 'Celular' });
    await user.type(number, '119988');
    await user.click(screen.getByRole('button', { name: 'Obter código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Os celulares deste país têm 11 dígitos');
    expect(api.callsTo('POST /wps/verification/sms/noLogin')).toHaveLength(0);
  });

  it('hides the way to register when the operator closed registration', async () => {
    stubApi({
      'GET /wps/system/permission': ok(buildPermission()),
      'GET /wps/oidc/providers': ok([]),
    });
    await renderWithProviders(<LoginForm />, { signedIn: false });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('button', { name: 'Cadastre-se agora' })).not.toBeInTheDocument();
  });
});
