import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import {
  checkBackofficePage,
  expectTablesFit,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { setLicenceBeforeStart } from './support/licence';
import { expectSignUpStepsFirst, fillRegistrationDetails } from './support/br-profile';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { acceptTerms, disableRegisterCaptcha, fieldLabel } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Identity under the BR profile (docs/compliance.md, "Identity" and "Barred persons"), as its
 * people use it, on a server of its own switched to BR with the test clock door (TEST_CLOCK_DOOR,
 * refused in production):
 * - a player registers on /register with a CPF (masked as typed; wrong check digits and an age
 *   under 18 refused under their fields) and a date of birth; at 360 and 1366 px, axe-clean;
 * - an admin lists a CPF in the back office's sandbox barred-persons list; a sign-up with it is
 *   refused without the reason;
 * - the admin lists the registered player's CPF too; the same day the player still logs in, the
 *   next day (the calendar clock moved a day) the first login is refused; the back office's
 *   barred-persons screen shows the hit with the balance, and the settlement is recorded.
 */

const SHOTS = path.join(ROOT, 'test-results', 'compliance-identity');
const PASSWORD = 'Cpf2026seguro';
const DAY = 86_400_000;

/** A random valid CPF (the Receita Federal's check digits). */
function newCpf(): string {
  const base = Array.from({ length: 9 }, () => crypto.randomInt(0, 10));
  if (base.every((d) => d === base[0])) base[0] = (base[0]! + 1) % 10;
  const digit = (digits: number[]) => {
    const rest = (digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const shown = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ExtraServer;
let baseURL: string;
/**
 * The admin's one back-office tab for the file's tests (serial): opened by the first test that needs
 * it and kept, so the barred-persons tests share one context, one sign-in and one load of the back
 * office. A context opened in a test is closed after it (support/test.ts), so this one is opened in
 * a hook's browser and closed in afterAll.
 */
let ops: Page;
const player = { username: `br${Date.now() % 1e8}${crypto.randomInt(10, 99)}`, cpf: newCpf() };

test.beforeAll(async ({ playwright, browser }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('compliance-identity', EXTRA_PORTS.complianceIdentity, {
    roles: ['admin'],
    // The operator's licence is BR from the start (the ops console's licence:set).
    configure: (dataDir) => {
      disableRegisterCaptcha(dataDir);
      setLicenceBeforeStart(dataDir, 'BR');
    },
    env: { TEST_CLOCK_DOOR: '1' },
  });
  baseURL = server.baseURL;
  const request = await playwright.request.newContext();
  const register = (await (await request.get(`${baseURL}/wps/system/setting/register`)).json()) as {
    value: { jurisdiction: { profile: string } };
  };
  expect(register.value.jurisdiction.profile).toBe('BR');
  await request.dispose();
  ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'admin' });
});

test.afterAll(async () => {
  await ops?.context().close();
  await server?.stop();
});

/** The /register form with username, passwords, and the address and gender BR asks for typed in. */
async function openRegisterForm(page: Page, username: string) {
  await page.goto(`${baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(PASSWORD);
  await fillRegistrationDetails(form);
  return form;
}

test('a player registers with a CPF and a date of birth', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const form = await openRegisterForm(page, player.username);
  const cpf = form.getByRole('textbox', { name: fieldLabel('CPF') });
  await expect(cpf).toBeVisible();
  await expect(form.getByLabel(fieldLabel('Data de nascimento'))).toBeVisible();
  // The payee name is never typed under BR: it comes from the identity check.
  await expect(form.getByLabel(fieldLabel('Nome real'))).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'register-br-360');
  await saveScreenshot(page, { path: path.join(SHOTS, 'register-br-360.png'), fullPage: true });

  // The same form, filled in, at a laptop's width: a resize, not a second load of the page.
  await page.setViewportSize({ width: 1366, height: 860 });
  // Ticked first: the errors shown as the fields are left move the box down the form.
  await acceptTerms(form);
  // Wrong check digits and an age under 18 are refused under their fields.
  const wrong = `${player.cpf.slice(0, 10)}${(Number(player.cpf[10]) + 1) % 10}`;
  await cpf.pressSequentially(wrong);
  await expect(cpf).toHaveValue(masked(wrong));
  const year = new Date().getFullYear();
  await form.getByLabel(fieldLabel('Data de nascimento')).fill(`${year - 17}-01-01`);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(form.getByText('Informe um CPF válido (11 dígitos)')).toBeVisible();
  await expect(form.getByText('É preciso ter pelo menos 18 anos para se cadastrar')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'register-br-errors-1366');
  await saveScreenshot(page, { path: path.join(SHOTS, 'register-br-errors-1366.png'), fullPage: true });

  await cpf.fill('');
  await cpf.pressSequentially(player.cpf);
  await expect(cpf).toHaveValue(masked(player.cpf));
  await form.getByLabel(fieldLabel('Data de nascimento')).fill('1990-05-17');
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expectSignUpStepsFirst(page);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
  // One account per CPF is the API suite's rule (identity.test.ts, "keeps one account per CPF"), and
  // the form puts that refusal under the CPF field (register-form-br.test.tsx, "puts a CPF already
  // taken under the CPF"): no second browser registers again here.
});

test('a CPF on the barred-persons list cannot register', async ({ page }) => {
  const barred = newCpf();
  await listInBackoffice(ops, barred, 'Autoexcluído');
  await checkBackofficePage(ops, 'barred-list-1366', SHOTS);
  await expectTablesFit(ops, 'barred-list-1366');
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'barred-list-360', SHOTS);
  await ops.setViewportSize({ width: 1366, height: 900 });

  await page.setViewportSize({ width: 1366, height: 860 });
  const form = await openRegisterForm(page, `${player.username}b`);
  await form.getByRole('textbox', { name: fieldLabel('CPF') }).pressSequentially(barred);
  await form.getByLabel(fieldLabel('Data de nascimento')).fill('1985-03-03');
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  const refusal = form.getByText('Não podemos abrir uma conta com estes dados. Fale com o suporte.');
  await expect(refusal).toBeVisible();
  // The reason stays with the operator.
  await expect(form.getByText(/autoexclu/i)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test("a player listed after registering is refused at the next day's first login, and the back office settles the hit", async ({
  page,
}) => {
  await listInBackoffice(ops, player.cpf, 'Decisão judicial');

  // The same operator day: the sign-up's check still stands, the player logs in.
  await page.setViewportSize({ width: 1366, height: 860 });
  await loginThroughSite(page, player.username);
  await expect(page.getByTestId('header-balance')).toContainText('R$');
  await page.evaluate(() => sessionStorage.clear());

  // The next day (the calendar clock moved a day ahead): the day's first login asks the list.
  const moved = await page.request.put(`${baseURL}/dev/clock`, { data: { offsetMs: DAY } });
  expect(moved.ok()).toBe(true);
  const dialog = await loginThroughSite(page, player.username);
  await expect(dialog.getByText('Esta conta não pode ser usada no momento. Fale com o suporte.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  // The back office's barred-persons screen: the hit, its check, the balance, and the settlement.
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Pessoas impedidas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Pessoas impedidas', level: 1 })).toBeVisible();
  await ops.getByLabel('Verificação').selectOption('login');
  const row = ops.getByRole('row').filter({ hasText: player.username });
  await expect(row).toContainText(shown(player.cpf));
  await expect(row).toContainText('Acesso do dia');
  await expect(row).toContainText('Decisão judicial');
  await expect(row).toContainText(/R\$\s*0,00/);
  await expect(row).toContainText('Saldo a liquidar');
  await checkBackofficePage(ops, 'barred-hits-1366', SHOTS);
  await expectTablesFit(ops, 'barred-hits-1366');
  await row.getByRole('button', { name: /Registrar a liquidação/ }).click();
  const settle = ops.getByRole('dialog', { name: `Liquidação de ${player.username}` });
  await settle.getByLabel(/Como o saldo foi liquidado/).fill('Sem saldo a devolver; conta encerrada por ofício');
  await settle.getByRole('button', { name: 'Registrar liquidação' }).click();
  await expect(settle).toBeHidden();
  await expect(row).toContainText('Liquidado');
  await expect(row).toContainText('Sem saldo a devolver');
  await expectTablesFit(ops, 'barred-hits-settled-1366');
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'barred-hits-360', SHOTS);
});

/** An admin lists a CPF with a reason on the back office's sandbox list screen. */
async function listInBackoffice(ops: Page, cpf: string, reason: string): Promise<void> {
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Lista de impedidos', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Lista de pessoas impedidas (sandbox)', level: 1 })).toBeVisible();
  const add = ops.getByRole('form', { name: 'Listar um CPF' });
  await add.getByLabel(fieldLabel('CPF')).fill(masked(cpf));
  await add.getByLabel('Motivo').selectOption({ label: reason });
  await add.getByLabel(/Observação/).fill('Ofício do regulador, teste');
  await add.getByRole('button', { name: 'Listar CPF' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'CPF listado.' })).toBeVisible();
  await expect(ops.getByRole('row').filter({ hasText: shown(cpf) })).toContainText(reason);
}

/** Log in through the header's login dialog; answers the dialog (still open when the login was refused). */
async function loginThroughSite(page: Page, username: string) {
  await page.goto(`${baseURL}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  return dialog;
}
