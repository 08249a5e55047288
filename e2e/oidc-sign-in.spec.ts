import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { acceptTerms, disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Sign-in with an identity provider, through the local provider (apps/idp-sandbox) the server
 * starts beside itself (OIDC_DEV_PROVIDER_AUTOSTART):
 * - an admin switches the provider on in the back office's identity providers screen (with a reason);
 * - at 360 px a visitor signs up through it: "Entrar com Local IdP" on the registration page, the
 *   provider's own page, then a new account with the site's registration form; signed out, the
 *   login form's button signs the same player in again with no form;
 * - at 1366 px a player with an account signs in with a new provider identity, which no account has:
 *   the continuation page asks no password, the player signs in through the login and links the
 *   waiting identity in the security centre, then unlinks it.
 * Every page of ours axe-clean.
 */
const SHOTS = path.join(ROOT, 'test-results', 'oidc-sign-in');
const PORT = EXTRA_PORTS.oidc;
const PASSWORD = 'Provider2026signin';
const BUTTON = 'Entrar com Local IdP';

let server: ExtraServer;

/** A provider user no earlier run or retry has used: the provider's page takes any typed name. */
function newIdpUser(prefix: string): string {
  return `${prefix}-${Date.now() % 1e8}-${crypto.randomInt(100, 999)}`;
}

/** On the provider's own page: sign in as `user` (typed), and come back to the site. */
async function signInAtProvider(page: Page, user: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  await page.getByLabel(/Another user/).fill(user);
  await page.getByRole('button', { name: 'Sign in as this user' }).click();
  await page.waitForURL((url) => url.port === String(PORT));
}

async function logOut(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
}

test.describe('sign-in with an identity provider', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('oidc', PORT, {
      roles: ['admin'],
      configure: disableRegisterCaptcha,
      env: {
        OIDC_DEV_PROVIDER_AUTOSTART: '1',
        OIDC_DEV_PROVIDER_PORT: String(EXTRA_PORTS.oidcIdp),
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the operator switches the local provider on in the back office', async ({ browser }) => {
    const page = await newBackofficePage(browser, 1366);
    await signInOperator(page, { baseURL: server.baseURL, role: 'admin' });
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Provedores de identidade', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Provedores de identidade', level: 1 })).toBeVisible();
    const row = page.getByRole('row', { name: /Local IdP/ });
    await expect(row.getByText(/^Definido em /)).toBeVisible();
    const toggle = row.getByRole('switch', { name: 'Local IdP ligado' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await checkBackofficePage(page, 'providers (1366 px)', SHOTS);
    // Before: no sign-in button on the player site.
    const player = await browser.newPage();
    await player.goto(`${server.baseURL}/register`);
    await expect(player.getByRole('heading', { name: 'Criar conta', level: 1 })).toBeVisible();
    await expect(player.getByRole('link', { name: BUTTON })).toHaveCount(0);
    await player.close();

    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Ligar Local IdP' });
    await dialog.getByLabel(fieldLabel('Motivo')).fill('Testar a entrada pelo provedor local');
    await checkBackofficePage(page, 'switch dialog (1366 px)', SHOTS);
    await dialog.getByRole('button', { name: 'Ligar' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The form never shows the secret: only when it was set.
    await row.getByRole('button', { name: 'Alterar Local IdP' }).click();
    await expect(page.getByLabel(/^\*?Segredo do cliente$/)).toHaveValue('');
    await page.close();
  });

  test('a visitor signs up through the provider and signs in again with it (360 px)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const user = newIdpUser('ana');
    const username = `oidc${Date.now() % 1e8}`;
    await page.goto(`${server.baseURL}/register`);
    await expect(page.getByRole('link', { name: BUTTON })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register with provider button (360 px)');
    await page.getByRole('link', { name: BUTTON }).click();
    await signInAtProvider(page, user);

    await expect(page).toHaveURL(/\/sign-in\/provider\?pending=1$/);
    await expect(page.getByTestId('oidc-identity')).toHaveText(`Conectado em Local IdP como ${user}@idp.test.`);
    await page.getByRole('tab', { name: 'Criar uma nova conta' }).click();
    const form = page.getByRole('tabpanel');
    await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
    await form.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await form.getByLabel(fieldLabel('Confirmar senha')).fill(PASSWORD);
    await acceptTerms(form);
    await expectNoSeriousA11yViolations(page, 'provider continuation, new account (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'continue-register-360.png'), fullPage: true });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await page
      .getByRole('dialog', { name: 'Cadastro concluído' })
      .getByRole('button', { name: 'Começar a jogar' })
      .click();
    await expect(page.getByTestId('header-balance')).toContainText('R$');

    // Signed out, the login form's button signs the same player in: the provider remembers them, no form.
    await logOut(page, username);
    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('dialog').getByRole('link', { name: BUTTON }).click();
    await expect(page.getByTestId('header-balance')).toContainText('R$');
    await expect(page.getByRole('button', { name: `Menu da conta ${username}` })).toBeVisible();
    // The login code came in the address and is gone from it.
    await expect(page).not.toHaveURL(/token=/);
    await context.close();
  });

  test('a player links the provider to an existing account from the security centre, then unlinks it (1366 px)', async ({
    browser,
  }) => {
    const setup = await browser.newPage();
    const player = await signedInNewPlayer(setup, server.baseURL, { prefix: 'lnk', password: PASSWORD });
    await setup.close();

    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    await expectNoSeriousA11yViolations(page, 'login with provider button (1366 px)');
    await page.getByRole('dialog').getByRole('link', { name: BUTTON }).click();
    await signInAtProvider(page, newIdpUser('bruno'));

    // No password is typed on this page: the player signs in through the login, then links in the security centre.
    const link = page.getByRole('group', { name: 'Vincular à minha conta' });
    await expect(link.getByText(/Acessos vinculados/)).toBeVisible();
    await expect(link.getByLabel(fieldLabel('Senha'))).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'provider continuation, link (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'continue-link-1366.png'), fullPage: true });
    await link.getByRole('button', { name: 'Entrar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(player.username);
    await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('button', { name: `Menu da conta ${player.username}` })).toBeVisible();

    await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    const links = page.getByRole('dialog').getByTestId('linked-sign-ins');
    await expect(links.getByRole('heading', { name: 'Acessos vinculados' })).toBeVisible();
    await links.getByTestId('oidc-waiting').getByRole('button', { name: 'Vincular Local IdP' }).click();
    await expect(links.getByRole('status')).toHaveText('Local IdP foi vinculado: agora ele entra nesta conta.');
    await expect(links.getByRole('listitem').getByText('Local IdP')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'security centre linked sign-ins (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-1366.png') });
    await links.getByRole('button', { name: 'Desvincular Local IdP' }).click();
    await expect(links.getByText('Nenhum provedor de identidade vinculado.')).toBeVisible();
    await context.close();
  });
});
