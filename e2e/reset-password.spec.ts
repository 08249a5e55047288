import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { acceptTerms, callApi, disableRegisterCaptcha, fieldLabel, type Api } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * The e-mailed reset link opens a real /reset-password page. The token rides in the
 * URL fragment, the page sets the new password, and the player logs in with it.
 *
 * Runs on its own built server with the registration captcha off (set with the ops CLI), so the
 * player can register in the browser; the e-mail is bound with its code from the dev outbox.
 */

const SHOTS = path.join(ROOT, 'test-results', 'reset-password');
const OLD_PASSWORD = 'Lumen2024play';
const NEW_PASSWORD = 'Orbita#2025-novo!';

let server: ExtraServer;

function newUsername(): string {
  return `r${Date.now() % 1e9}${Math.floor(Math.random() * 90 + 10)}`;
}

/** The newest outbox e-mail to an address whose text matches, polled (mails go out in the background). */
async function readMail(page: Page, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${server.baseURL}/dev/outbox/email?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { value: { text: string }[] };
        match = pattern.exec(body.value[0]?.text ?? '');
        return match !== null;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return match as unknown as RegExpExecArray;
}

/** Register in the browser, then bind and confirm an e-mail through the API with the player's token. */
async function registerWithBoundEmail(page: Page): Promise<{ username: string; email: string }> {
  const username = newUsername();
  const email = `${username}@example.com`;
  await page.goto(`${server.baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(OLD_PASSWORD);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(OLD_PASSWORD);
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await page
    .getByRole('dialog', { name: 'Cadastro concluído' })
    .getByRole('button', { name: 'Começar a jogar' })
    .click();
  await expect(page.getByTestId('header-balance')).toContainText('R$');

  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).not.toBeNull();
  const api: Api = { request: page.request, baseURL: server.baseURL, token: token as string };
  await callApi(api, 'POST', '/wps/verification/email/bind', { email });
  const [, code] = await readMail(page, email, /\b(\d{6})\b/);
  await callApi(api, 'POST', '/wps/member/email', { email, verificationCode: code });
  return { username, email };
}

async function logOut(page: Page, account: string): Promise<void> {
  await page.getByRole('button', { name: `Menu da conta ${account}` }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(password);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  return dialog;
}

test.describe('reset password by e-mail link', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('reset-password', EXTRA_PORTS.resetPassword, disableRegisterCaptcha);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('request a reset, open the e-mailed link, set a new password, log in with it; the old one fails', async ({
    page,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const { username, email } = await registerWithBoundEmail(page);
    await logOut(page, username);

    // Forgot password → e-mail tab → username and the bound address.
    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Esqueci a senha' });
    await forgot.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
    await forgot.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await forgot.getByRole('button', { name: 'Enviar' }).click();
    await expect(forgot.getByRole('status')).toContainText('Pronto!');
    await forgot.getByRole('button', { name: 'Fechar' }).first().click();

    // The link: PUBLIC_URL (here the server itself) /reset-password with the token in the fragment.
    const [link] = await readMail(page, email, /http:\/\/\S+\/reset-password#token=[\w-]+/);
    expect(new URL(link).search).toBe('');
    const resetUrl = new URL(link);
    // The mail names the server's own address; open the same path on this test server.
    await page.goto(`${server.baseURL}${resetUrl.pathname}${resetUrl.hash}`);

    const card = page.getByRole('region', { name: 'Definir nova senha' });
    await expect(card.getByRole('heading', { name: 'Definir nova senha' })).toBeVisible();
    // The token leaves the address bar at once, and the site did not take it for a login.
    await expect(page).toHaveURL(`${server.baseURL}/reset-password`);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();

    // The operator's password rule is shown before typing, and it and the confirmation are checked in the page.
    await expect(
      card.getByText('8 a 64 caracteres: letras, números e símbolos, sem espaços. Senhas muito comuns são recusadas.'),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(card.getByText('Nova senha não pode ficar vazio', { exact: true })).toBeVisible();
    // The demo operator's rule (pattern 19): symbols are welcome, spaces are not.
    await card.getByLabel(fieldLabel('Nova senha')).fill('with a space 1');
    await card.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(card.getByText('8 a 64 caracteres: letras, números e símbolos, sem espaços')).toBeVisible();
    await card.getByLabel(fieldLabel('Nova senha')).fill(NEW_PASSWORD);
    await card.getByLabel(fieldLabel('Confirmar nova senha')).fill('Different2025x');
    await card.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(card.getByText('Os valores não coincidem')).toBeVisible();

    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 760 : 860 });
      await expectNoSeriousA11yViolations(page, `reset page ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, { path: path.join(SHOTS, `reset-page-${width}.png`), fullPage: true });
    }

    await card.getByLabel(fieldLabel('Confirmar nova senha')).fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Salvar nova senha' }).click();

    // Success: the login opens over home.
    await expect(page.getByText('Senha redefinida. Entre com a sua nova senha.')).toBeVisible();
    const login = page.getByRole('dialog');
    await expect(login.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await login.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
    await login.getByLabel(fieldLabel('Senha')).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expect(login).toBeHidden();
    await expect(page.getByRole('button', { name: `Menu da conta ${username}` })).toBeVisible();
    await logOut(page, username);

    const old = await logIn(page, username, OLD_PASSWORD);
    await expect(old.getByText('Usuário ou senha incorretos.')).toBeVisible();

    // The used link is now the clear error, not a login and not a form.
    await page.goto(`${server.baseURL}${resetUrl.pathname}${resetUrl.hash}`);
    const again = page.getByRole('region', { name: 'Definir nova senha' });
    await again.getByLabel(fieldLabel('Nova senha')).fill('Terceira2026ok');
    await again.getByLabel(fieldLabel('Confirmar nova senha')).fill('Terceira2026ok');
    await again.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(again.getByRole('alert')).toContainText(
      'Este link de redefinição de senha é inválido, já foi usado ou expirou.',
    );
  });

  test('an unknown or missing token shows a clear error with a way to request a new link, at 360 and 1366 px', async ({
    page,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 760 : 860 });
      // Unknown token: the page offers the form; the server's answer turns it into the error.
      // (From a blank page: a link that differs only by its fragment would not load the page anew.)
      await page.goto('about:blank');
      await page.goto(`${server.baseURL}/reset-password#token=${'x'.repeat(43)}`);
      const card = page.getByRole('region', { name: 'Definir nova senha' });
      await card.getByLabel(fieldLabel('Nova senha')).fill(NEW_PASSWORD);
      await card.getByLabel(fieldLabel('Confirmar nova senha')).fill(NEW_PASSWORD);
      await card.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(card.getByRole('alert')).toContainText(
        'Este link de redefinição de senha é inválido, já foi usado ou expirou.',
      );

      // No token at all: the error at once.
      await page.goto(`${server.baseURL}/reset-password`);
      await expect(card.getByRole('alert')).toContainText('Solicite um novo para continuar.');
      await expectNoSeriousA11yViolations(page, `reset page invalid link ${width}`);
      await saveScreenshot(page, { path: path.join(SHOTS, `reset-invalid-${width}.png`), fullPage: true });
      await card.getByRole('button', { name: 'Solicitar um novo link' }).click();
      await expect(page.getByRole('dialog', { name: 'Esqueci a senha' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });
});
