import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test';
import { nextTotpCode } from '../apps/server/test/totp-codes';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { checkBackofficePage, operatorPage, startBackofficeServer } from './support/backoffice';

/**
 * Operators and the audit log in the back office. An admin creates a support operator on the
 * Operators screen (a first password generated and shown once); that operator signs in, sets up
 * two-factor on the enrolment screen and signs in with a code; the sidebar shows them no money
 * screens, and a money screen typed by hand says the role may not use it. When their role is
 * lowered while a finance screen is open, the money call there is refused by the server (403)
 * and the page shows it translated. The audit screen lists all of it, filtered, with each entry's
 * before and after, and exports it as CSV. Axe-clean at 1366 and 1024 px.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-operators');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
const NEW_USER = 'e2e.support';

let server: ExtraServer;

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

function operatorRow(page: Page, username: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username.replace('.', '\\.')}`) }) });
}

/** Change an operator's role on the Operators screen (the admin's page), with a reason. */
async function changeRole(page: Page, username: string, role: string, reason: string): Promise<void> {
  await operatorRow(page, username)
    .getByRole('button', { name: `Mudar a função de ${username}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Mudar a função de ${username}` });
  await dialog.getByLabel('Nova função').selectOption({ label: role });
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: 'Mudar função' }).click();
  await expect(dialog).toBeHidden();
  await expect(operatorRow(page, username).getByRole('cell', { name: role, exact: true })).toBeVisible();
}

/** A fresh browser page for a second operator, at the given width. */
async function secondPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height: 860 } });
  return context.newPage();
}

test.describe('back-office operators and audit log', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  let password = '';
  /** The admin's one tab, signed in once for both tests, which move by the sidebar and resize it. */
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startBackofficeServer('backoffice-operators', EXTRA_PORTS.backofficeOperators, { roles: ['admin'] });
    admin = await operatorPage(browser, { baseURL: server.baseURL, role: 'admin', width: 1366, height: 860 });
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await server?.stop();
  });

  test('an admin creates a support operator, who signs in with two-factor, sees no money screens and is refused a money call (1366 px)', async ({
    browser,
  }) => {
    const page = admin;
    await sidebar(page).getByRole('link', { name: 'Operadores' }).click();
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();

    await test.step('create the operator; the generated first password is shown once', async () => {
      await page.getByRole('button', { name: 'Novo operador' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo operador' });
      await dialog.getByRole('button', { name: 'Criar operador' }).click();
      // Nothing filled: the form says what is missing, in Portuguese, and sends nothing.
      await expect(dialog.getByText('Diga o motivo (pelo menos 3 caracteres).')).toBeVisible();
      await dialog.getByLabel('Usuário').fill(NEW_USER);
      await dialog.getByLabel('Função').selectOption({ label: 'Suporte' });
      await dialog.getByLabel('Motivo').fill('new support hire');
      await check(page, 'create-operator-1366');
      await dialog.getByRole('button', { name: 'Criar operador' }).click();
      const created = page.getByRole('dialog', { name: `Operador ${NEW_USER} criado` });
      password = (await created.getByTestId('generated-password').textContent()) ?? '';
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await created.getByRole('button', { name: 'Concluir' }).click();
      await expect(operatorRow(page, NEW_USER).getByRole('cell', { name: 'Suporte', exact: true })).toBeVisible();
      await expect(operatorRow(page, NEW_USER).getByRole('cell', { name: 'Não configurada' })).toBeVisible();
      // The admin's own row has no actions: nobody disables or demotes themselves.
      await expect(operatorRow(page, 'bo.admin').getByRole('button')).toHaveCount(0);
      await check(page, 'operators-1366');
    });

    const support = await secondPage(browser, 1366);
    await test.step('the support operator enrols an authenticator and signs in with its code', async () => {
      await support.goto(`${server.baseURL}/backoffice/sign-in`);
      await support.getByLabel('Usuário').fill(NEW_USER);
      await support.getByLabel('Senha').fill(password);
      await support.getByRole('button', { name: 'Entrar' }).click();
      await expect(support.getByRole('heading', { name: 'Configurar verificação em duas etapas' })).toBeVisible();
      const secret = ((await support.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
      await support.getByLabel('Código do aplicativo').fill(await nextTotpCode(secret));
      await support.getByRole('button', { name: 'Confirmar e entrar' }).click();
      await expect(support.getByRole('button', { name: 'Sair' })).toBeVisible();
      // Signed out and in again: now the code is asked for on the sign-in form.
      await support.getByRole('button', { name: 'Sair' }).click();
      await support.getByLabel('Usuário').fill(NEW_USER);
      await support.getByLabel('Senha').fill(password);
      await support.getByLabel('Código de autenticação').fill(await nextTotpCode(secret));
      await support.getByRole('button', { name: 'Entrar' }).click();
      await expect(support.getByRole('button', { name: 'Sair' })).toBeVisible();
    });

    await test.step('no money screens for support: hidden in the sidebar, refused when typed', async () => {
      await expect(sidebar(support).getByRole('link', { name: 'Painel' })).toBeVisible();
      for (const hidden of ['Relatórios', 'Operadores', 'Registro de auditoria']) {
        await expect(sidebar(support).getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
      }
      await support.goto(`${server.baseURL}/backoffice/reports`);
      await expect(support.getByRole('heading', { name: 'Indisponível para a sua função', level: 1 })).toBeVisible();
    });

    await test.step('a role lowered while a finance screen is open: the server refuses the money call, shown translated', async () => {
      await changeRole(page, NEW_USER, 'Financeiro', 'covering the finance desk');
      await support.goto(`${server.baseURL}/backoffice/reports`);
      await expect(sidebar(support).getByRole('link', { name: 'Relatórios', exact: true })).toBeVisible();
      await expect(support.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
      await changeRole(page, NEW_USER, 'Suporte', 'back to support');
      await support.getByRole('button', { name: 'Exportar CSV' }).click();
      await expect(support.getByRole('alert').filter({ hasText: 'Sua função não permite esta ação.' })).toBeVisible();
      await check(support, 'support-refused-1366');
      await support.reload();
      await expect(support.getByRole('heading', { name: 'Indisponível para a sua função', level: 1 })).toBeVisible();
      await expect(sidebar(support).getByRole('link', { name: 'Relatórios', exact: true })).toHaveCount(0);
    });
    await support.context().close();

    await test.step('the audit screen shows those changes, filtered, with before and after, and exports them', async () => {
      await sidebar(page).getByRole('link', { name: 'Registro de auditoria' }).click();
      await expect(page.getByRole('heading', { name: 'Registro de auditoria', level: 1 })).toBeVisible();
      await page.getByLabel('Autor', { exact: true }).fill('bo.admin');
      await page.getByLabel('Ação', { exact: true }).fill('operator.');
      await page.getByRole('button', { name: 'Aplicar filtros' }).click();
      await expect(page).toHaveURL(/actor=bo\.admin/);
      const table = page.getByRole('table', { name: 'Entradas do registro de auditoria' });
      // Newest first: the two role changes, then the creation.
      await expect(table.getByRole('row').filter({ hasText: 'operator.role' })).toHaveCount(2);
      await expect(table.getByRole('row').filter({ hasText: 'operator.create' })).toHaveCount(1);
      await expect(table.getByRole('row').nth(1)).toContainText('back to support');
      await check(page, 'audit-1366');

      await table
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Ver as mudanças da entrada/ })
        .click();
      const detail = page.getByRole('dialog', { name: /^Entrada de auditoria/ });
      const role = detail.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^role/ }) });
      await expect(role).toHaveAttribute('data-changed', 'true');
      await expect(role.getByRole('cell')).toHaveText(['finance', 'support']);
      const status = detail.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^status/ }) });
      await expect(status).not.toHaveAttribute('data-changed');
      await expect(detail).toContainText('bo.admin (operador)');
      await check(page, 'audit-entry-1366');
      await detail.getByRole('button', { name: /Fechar|Close/ }).click();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar CSV' }).click();
      const file = await (await download).path();
      const csv = fs.readFileSync(file, 'utf8');
      expect(csv).toContain('id,at,actor_type,actor,action,subject_type,subject_id,reason,before,after');
      // The header, the two role changes, the creation and the admin's own two-factor enrolment.
      expect(csv.trim().split('\n')).toHaveLength(5);
      expect(csv).toContain('operator.role');
    });
  });

  test('disable and enable at 1024 px; the audit log keeps both, axe-clean', async () => {
    const page = admin;
    await page.setViewportSize({ width: 1024, height: 768 });
    await sidebar(page).getByRole('link', { name: 'Operadores' }).click();
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    await operatorRow(page, NEW_USER)
      .getByRole('button', { name: `Desativar ${NEW_USER}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Desativar ${NEW_USER}` });
    await dialog.getByLabel('Motivo').fill('left the company');
    await check(page, 'disable-1024');
    await dialog.getByRole('button', { name: 'Desativar operador' }).click();
    await expect(operatorRow(page, NEW_USER).getByRole('cell', { name: 'Desativado' })).toBeVisible();
    await operatorRow(page, NEW_USER)
      .getByRole('button', { name: `Ativar ${NEW_USER}` })
      .click();
    await page
      .getByRole('dialog', { name: `Ativar ${NEW_USER}` })
      .getByLabel('Motivo')
      .fill('came back');
    await page.getByRole('button', { name: 'Ativar operador' }).click();
    await expect(operatorRow(page, NEW_USER).getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    await check(page, 'operators-1024');

    // The audit screen from the sidebar, filtered on the operators' actions.
    await sidebar(page).getByRole('link', { name: 'Registro de auditoria' }).click();
    await page.getByLabel('Autor', { exact: true }).fill('');
    await page.getByLabel('Ação', { exact: true }).fill('operator.');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/action=operator\./);
    await expect(page).not.toHaveURL(/actor=/);
    const table = page.getByRole('table', { name: 'Entradas do registro de auditoria' });
    await expect(table.getByRole('row').nth(1)).toContainText('operator.enable');
    await expect(table.getByRole('row').nth(2)).toContainText('operator.disable');
    await check(page, 'audit-1024');
  });
});
