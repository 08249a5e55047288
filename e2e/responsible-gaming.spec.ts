import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { openResponsibleGaming } from './support/account-menu';
import { acceptTerms, disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Responsible gambling on the player site (docs/compliance.md "Responsible gambling"):
 * - a deposit limit set on the page refuses a deposit over it, saying how much room is left;
 * - a raised limit waits 24 hours (the test clock door runs the calendar a day ahead) and then
 *   needs the player's confirmation;
 * - the reality check appears at its interval with the session's figures, and "stop" logs out;
 * - self-exclusion logs the player out and login is refused with the end date; six months on,
 *   coming back needs a request (registering again with the same e-mail is refused: the API and
 *   component tests named below).
 * Runs on its own server with the test clock door (TEST_CLOCK_DOOR, refused in production).
 */

const SHOTS = path.join(ROOT, 'test-results', 'responsible-gaming');
const PASSWORD = 'Limits2026play';
const DAY = 24 * 3_600_000;

let server: ExtraServer;

async function registerWithEmail(page: Page, email: string): Promise<string> {
  const username = `rg${Date.now() % 1e9}${crypto.randomInt(10, 99)}`;
  await page.goto(`${server.baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('E-mail')).fill(email);
  await form.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(PASSWORD);
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  return username;
}

async function finishRegistration(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Cadastro concluído' })
    .getByRole('button', { name: 'Começar a jogar' })
    .click();
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
}

async function logIn(page: Page, username: string): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  return dialog;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

test.describe('responsible gaming', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('responsible-gaming', EXTRA_PORTS.responsibleGaming, {
      roles: ['finance'],
      configure: disableRegisterCaptcha,
      env: { TEST_CLOCK_DOOR: '1' },
    });
  });
  test.afterAll(async ({ request }) => {
    await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: 0 } }).catch(() => undefined);
    await server?.stop();
  });

  test('a deposit over the limit is refused; a raised limit waits 24 hours and then needs confirming; the back office shows the history', async ({
    page,
    request,
    browser,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    // Registered through the API and signed in on the page under test: the form's registration is
    // the self-exclusion test's (below), which needs the e-mail it gives.
    const { username } = await signedInNewPlayer(page, server.baseURL, {
      prefix: 'rg',
      password: PASSWORD,
      path: '/account/responsible-gaming',
    });
    await expect(page.getByRole('heading', { name: 'Jogo responsável', level: 1 })).toBeVisible();
    await page.getByLabel(fieldLabel('Depósitos por dia')).fill('50');
    await page.getByTestId('rg-save-limits').click();
    await expect(page.getByText('Salvo.', { exact: true })).toBeVisible();
    await expect(page.getByLabel(fieldLabel('Depósitos por dia'))).toHaveValue('50,00');
    await expectNoSeriousA11yViolations(page, 'responsible gaming page');
    await saveScreenshot(page, { path: path.join(SHOTS, 'rg-page-1366.png'), fullPage: true });

    // A deposit of 60 against a daily limit of 50: refused, with the room left.
    await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
    await panel.getByLabel(fieldLabel('Valor')).fill('60');
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(
      panel.getByText(
        /passaria do seu limite de depósito \(R\$\s50,00 por dia\)\. Você ainda pode depositar R\$\s50,00\./,
      ),
    ).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'deposit-refused-1366.png') });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Raised to 200 on the same page, under the closed panel: the old limit holds, the change waits.
    await expect(page).toHaveURL(`${server.baseURL}/account/responsible-gaming`);
    await page.getByLabel(fieldLabel('Depósitos por dia')).fill('200');
    await page.getByTestId('rg-save-limits').click();
    const pending = page.getByTestId('rg-pending-deposit_day');
    await expect(pending).toContainText(/Mudança para R\$\s200,00 aguardando/);
    await expect(page.getByTestId('rg-confirm-deposit_day')).toHaveCount(0);
    await expect(page.getByLabel(fieldLabel('Depósitos por dia'))).toHaveValue('50,00');

    // A day later (the test clock door): the change may be confirmed, and only then applies.
    const moved = await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: DAY + 5 * 60_000 } });
    expect(moved.ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('rg-pending-deposit_day')).toContainText('já pode ser confirmada');
    await expect(page.getByLabel(fieldLabel('Depósitos por dia'))).toHaveValue('50,00');
    await page.getByTestId('rg-confirm-deposit_day').click();
    await expect(page.getByTestId('rg-pending-deposit_day')).toHaveCount(0);
    await expect(page.getByLabel(fieldLabel('Depósitos por dia'))).toHaveValue('200,00');
    await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: 0 } });

    // The back office: the player's page shows the limits and every change, read-only.
    const finance = await newBackofficePage(browser, 1366);
    await signInOperator(finance, { baseURL: server.baseURL, role: 'finance', path: 'players' });
    await finance.getByLabel('Buscar por').selectOption('username');
    await finance.getByLabel('Termo de busca').fill(username);
    await finance.getByRole('button', { name: 'Buscar', exact: true }).click();
    await finance.getByRole('link', { name: username }).click();
    const record = finance.getByTestId('player-rg-panel');
    await expect(record.getByRole('row', { name: /^Depósitos por dia R\$\s200,00/ })).toBeVisible();
    await expect(record.getByRole('rowheader', { name: 'Depósitos por dia · aumento confirmado' })).toBeVisible();
    await expect(record.getByRole('rowheader', { name: 'Depósitos por dia · definido' })).toBeVisible();
    await checkBackofficePage(finance, 'backoffice-player-rg-1366', SHOTS);
  });

  test('the reality check shows the session from the server, and "stop" logs out (360 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signedInNewPlayer(page, server.baseURL, {
      prefix: 'rc',
      password: PASSWORD,
      path: '/account/responsible-gaming',
    });
    await expect(page.getByRole('heading', { name: 'Jogo responsável', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'responsible gaming page (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'rg-page-360.png'), fullPage: true });
    await page.getByTestId('rg-reality-select').selectOption('15');
    await expect(page.getByText('Salvo.', { exact: true })).toBeVisible();
    // The session began 16 minutes ago, as far as the browser's clock tells (the figures still come from the server).
    await page.clock.install({ time: Date.now() });
    await page.clock.fastForward(16 * 60_000);
    const modal = page.getByTestId('rg-reality-modal');
    await expect(modal).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('rg-reality-net')).toHaveText('0.00 BRL');
    await expectNoSeriousA11yViolations(page, 'reality check (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'reality-check-360.png') });
    const token = await tokenOf(page);
    await page.getByTestId('rg-reality-stop').click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
    const after = await request.get(`${server.baseURL}/wps/responsible-gaming`, { headers: { authorization: token } });
    expect(after.status()).toBe(401);
  });

  test('self-exclusion logs out, login is refused with its end, and coming back needs a request', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const email = `se-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const username = await registerWithEmail(page, email);
    await finishRegistration(page);
    await openResponsibleGaming(page, username);
    await page.getByTestId('rg-exclusion-select').selectOption('6m');
    await expect(page.getByTestId('rg-start-exclusion')).toBeDisabled();
    await page.getByTestId('rg-exclusion-understood').check();
    await page.getByTestId('rg-start-exclusion').click();
    const ended = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await expect(ended).toContainText('sua autoexclusão começou');
    await saveScreenshot(page, { path: path.join(SHOTS, 'self-excluded-1366.png') });
    await ended.getByTestId('session-ended').getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();

    const dialog = await logIn(page, username);
    await expect(dialog.getByText(/Você se autoexcluiu do jogo até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The same e-mail, in capitals, cannot register again: the API suite's rule
    // (responsible-gaming.test.ts, "self-exclusion: logged out, login refused, no re-registration
    // with the same e-mail…"), and the form shows that refusal as its message (register-form.test.tsx,
    // "shows a refusal of the player's details, such as a self-excluded e-mail, as the form's message").

    // Six months later (the test clock door): login is still refused until the player asks to come back, then a cooling-off day.
    const later = await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: 190 * DAY } });
    expect(later.ok()).toBe(true);
    try {
      const again = await logIn(page, username);
      await again.getByTestId('reopen-request').click();
      await expect(again.getByTestId('reopen-requested')).toContainText('Pedido recebido');
      await expectNoSeriousA11yViolations(page, 'self-exclusion reopen request');
      await again.getByRole('button', { name: 'Entrar' }).click();
      await expect(again.getByText(/Sua conta reabre após o período de espera/)).toBeVisible();
    } finally {
      await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: 0 } });
    }
  });
});
