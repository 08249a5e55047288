import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { nextTotpCode, wrongTotpCode } from '../apps/server/test/totp-codes';
import { EXTRA_PORTS, ROOT, startServer, type ExtraServer } from './support/servers';
import { createOperatorWithCli, operatorLogin } from './support/operators';
import { checkBackofficePage } from './support/backoffice';
import { openWithSessionToken } from './support/setup';

/**
 * Back office sign-in with two-factor login: an admin created with the ops CLI
 * signs in, enrols an authenticator by the key shown under the QR code (the code is computed
 * here with otplib, as a phone would), lands signed in, signs out, signs in again with a fresh
 * code, has a wrong code refused, and resets another operator's two-factor login with a reason.
 * Every screen is checked with axe and photographed at 1366 and 360 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'backoffice');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
const ADMIN = 'e2e.admin';
const ADMIN_PASSWORD = 'admin-e2e-pass-2026';
const CASHIER = 'e2e.cashier';
const CASHIER_PASSWORD = 'cashier-e2e-pass-2026';

let server: ExtraServer;
/** The admin's TOTP secret, read from the enrolment page. */
let adminSecret = '';
/**
 * The admin's session from the first test's sign-in through the form. The later tests open the
 * back office with it, as a second tab of the signed-in admin would: the server takes each TOTP
 * time-step once, so a third and fourth sign-in with codes would each wait up to 30 s for the next
 * step, and the form is the first test's subject.
 */
let adminToken = '';

/** Open the back office at `path` in the admin's session. */
async function openAsAdmin(page: Page, path: string): Promise<void> {
  await openWithSessionToken(page, server.baseURL, { key: 'wps.backoffice.token', token: adminToken }, path);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

async function signIn(page: Page, code: string): Promise<void> {
  await page.getByLabel('Usuário').fill(ADMIN);
  await page.getByLabel('Senha').fill(ADMIN_PASSWORD);
  await page.getByLabel('Código de autenticação').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test.describe('back office sign-in with two-factor login', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    // Two ops CLI runs and a server start: the 60 s default for hooks is too little on a loaded machine.
    test.setTimeout(180_000);
    server = await startServer('backoffice', EXTRA_PORTS.backoffice, (dataDir) => {
      createOperatorWithCli(dataDir, ADMIN, 'admin', ADMIN_PASSWORD);
      createOperatorWithCli(dataDir, CASHIER, 'finance', CASHIER_PASSWORD);
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('first sign-in enrols TOTP, then sign-out, a wrong code refused, a fresh code signs in (1366 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto(`${server.baseURL}/backoffice/`);
    await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Entrar no back office', level: 1 })).toBeVisible();
    await check(page, 'sign-in-1366');

    // First sign-in: password only; the account has no authenticator yet.
    await signIn(page, '');
    await expect(page.getByRole('heading', { name: 'Configurar verificação em duas etapas', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    adminSecret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(adminSecret).toMatch(/^[A-Z2-7]{32}$/);
    await check(page, 'enrol-1366');

    await page.getByLabel('Código do aplicativo').fill(await wrongTotpCode(adminSecret));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(page.getByRole('alert')).toContainText('Este código está errado');
    await page.getByLabel('Código do aplicativo').fill(await nextTotpCode(adminSecret));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();

    // The landing page is the dashboard; the header names who signed in and their role.
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    await expect(page.getByText(`${ADMIN} · Administrador`, { exact: true })).toBeVisible();
    await check(page, 'home-1366');
    // The light theme is checked too.
    await page.getByRole('button', { name: 'Tema claro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await check(page, 'home-light-1366');
    await page.getByRole('button', { name: 'Tema claro' }).click();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();
    // Signed out for good: the landing sends back to sign-in.
    await page.goto(`${server.baseURL}/backoffice/`);
    await expect(page).toHaveURL(/\/backoffice\/sign-in$/);

    // Password without a code, then a wrong code: both refused.
    await signIn(page, '');
    await expect(page.getByRole('alert')).toContainText('Digite o código do seu aplicativo autenticador');
    await expect(page.getByLabel('Código de autenticação')).toBeFocused();
    await signIn(page, await wrongTotpCode(adminSecret));
    await expect(page.getByRole('alert')).toContainText('Este código está errado');
    await check(page, 'sign-in-wrong-code-1366');

    await signIn(page, await nextTotpCode(adminSecret));
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    adminToken = (await page.evaluate(() => window.sessionStorage.getItem('wps.backoffice.token'))) ?? '';
    expect(adminToken).not.toBe('');
  });

  test("an admin resets another operator's two-factor login with a reason; unknown screens are a 404 page (1366 px)", async ({
    page,
    request,
  }) => {
    // The cashier enrolled and works through the API.
    const cashierToken = await operatorLogin(request, server.baseURL, CASHIER, CASHIER_PASSWORD);
    await page.setViewportSize({ width: 1366, height: 860 });
    await openAsAdmin(page, '/backoffice/');
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Operadores' }).click();
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(CASHIER.replace('.', '\\.')) });
    await expect(row).toContainText('Financeiro');
    await expect(row).toContainText('Configurada');
    // No reset button for oneself.
    await expect(
      page.getByRole('row', { name: new RegExp(ADMIN.replace('.', '\\.')) }).getByRole('button'),
    ).toHaveCount(0);
    await check(page, 'operators-1366');

    await row.getByRole('button', { name: `Redefinir duas etapas de ${CASHIER}` }).click();
    const dialog = page.getByRole('dialog', { name: `Redefinir duas etapas de ${CASHIER}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Redefinir duas etapas' }).click();
    await expect(dialog.getByText('Diga o motivo')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('Celular perdido');
    await check(page, 'reset-dialog-1366');
    await dialog.getByRole('button', { name: 'Redefinir duas etapas' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Verificação em duas etapas redefinida para ${CASHIER}`);
    await expect(row).toContainText('Não configurada');

    // The cashier's session ended and the next sign-in enrols again.
    const me = await request.get(`${server.baseURL}/ops/session/me`, {
      headers: { authorization: `Bearer ${cashierToken}` },
    });
    expect(me.status()).toBe(401);
    const again = await request.post(`${server.baseURL}/ops/session/login`, {
      data: { username: CASHIER, password: CASHIER_PASSWORD },
    });
    expect(((await again.json()) as { value: { status: string } }).value.status).toBe('enrolmentRequired');
    // The reset is in the audit log with its reason.
    const token = await page.evaluate(() => window.sessionStorage.getItem('wps.backoffice.token'));
    const audit = await request.get(`${server.baseURL}/ops/audit?action=operator.totp_reset`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = ((await audit.json()) as { value: { list: { reason: string }[] } }).value.list;
    expect(entries.map((e) => e.reason)).toEqual(['Celular perdido']);

    await page.goto(`${server.baseURL}/backoffice/relatorios`);
    await expect(page.getByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeVisible();
    await check(page, 'not-found-1366');
  });

  test('every screen at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.baseURL}/backoffice/`);
    await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();
    await check(page, 'sign-in-360');

    // The cashier's enrolment page (its two-factor login was reset above).
    await page.getByLabel('Usuário').fill(CASHIER);
    await page.getByLabel('Senha').fill(CASHIER_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Configurar verificação em duas etapas' })).toBeVisible();
    await check(page, 'enrol-360');
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Código do aplicativo').fill(await nextTotpCode(secret));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    // A finance operator has no Operators screen.
    await expect(page.getByRole('link', { name: 'Operadores' })).toHaveCount(0);
    await check(page, 'home-360');
    await page.goto(`${server.baseURL}/backoffice/operators`);
    await expect(page.getByRole('heading', { name: 'Indisponível para a sua função' })).toBeVisible();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();

    await openAsAdmin(page, '/backoffice/');
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    // On a phone the sidebar is a drawer behind the menu button (the landing page has no link of its own).
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operadores' }).click();
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    await check(page, 'operators-360');
    await page.goto(`${server.baseURL}/backoffice/nada-aqui`);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await check(page, 'not-found-360');
  });
});
