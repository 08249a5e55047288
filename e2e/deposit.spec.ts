import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { createFinanceOperator, disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { operatorLogin } from './support/operators';
import { saveScreenshot } from './support/screenshots';

/**
 * Deposits: a player deposits through the sandbox gateway and sees the header
 * balance change; a manual bank transfer is confirmed by an operator through the /ops API and
 * the balance changes; the deposit notices reach the player's messages.
 *
 * Runs on a second built server whose registration captcha is off and whose finance operator
 * was created with `npm run ops -- operator:create` before it started.
 */

const SHOTS = path.join(ROOT, 'test-results', 'deposit');
const PASSWORD = 'Lumen2024play';
const OPERATOR = 'e2e.finance';
const OPERATOR_PASSWORD = 'finance-e2e-pass-2026';

function prepare(dataDir: string): void {
  disableRegisterCaptcha(dataDir);
  createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
}

async function register(page: Page, baseURL: string): Promise<string> {
  return (await signedInNewPlayer(page, baseURL, { prefix: 'd', password: PASSWORD })).username;
}

async function openDepositPage(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
  return panel;
}

async function financeLogin(request: APIRequestContext, baseURL: string): Promise<string> {
  return operatorLogin(request, baseURL, OPERATOR, OPERATOR_PASSWORD);
}

let server: ExtraServer;

test.describe('deposits', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('deposits', EXTRA_PORTS.deposits, prepare);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('deposit through the sandbox gateway: the header balance updates and a notice arrives', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const username = await register(page, server.baseURL);
    const panel = await openDepositPage(page);
    await expect(panel.getByRole('tab', { name: 'Sandbox Pay' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText('Mín. R$ 5,00 · Máx. R$ 10.000,00')).toBeVisible();
    await expect(panel.getByText('Nenhum depósito ainda.', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'deposit page (gateway)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'deposit-gateway-1366.png') });

    // The form checks the channel's limits before sending anything.
    const amount = panel.getByLabel(fieldLabel('Valor'));
    await amount.fill('2');
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(panel.getByText('O mínimo é R$ 5,00')).toBeVisible();
    await panel.getByRole('group', { name: 'Valores rápidos' }).getByRole('button', { name: 'R$ 100,00' }).click();
    await expect(amount).toHaveValue('100');
    await amount.fill('123,45');
    await expect(panel.getByText('Você recebe R$ 123,45')).toBeVisible();
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();

    // The sandbox pay page, served by the server, in the same tab.
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/sbx_/);
    await expect(page.getByTestId('sandbox-amount')).toHaveText('123.45 BRL');
    await expectNoSeriousA11yViolations(page, 'sandbox pay page');
    await saveScreenshot(page, { path: path.join(SHOTS, 'sandbox-pay-page-1366.png') });
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the site: the deposit page shows the credited order and the header the new balance.
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expect(page.getByText('Seu depósito foi creditado.')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*123,45/);
    const back = page.getByRole('dialog');
    await expect(back.getByTestId('deposit-orders').getByText('Creditado')).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'deposit-credited-1366.png') });

    // The notice: unread badge, then the messages page.
    await expect(page.getByTestId('unread-badge')).toHaveText('1');
    await back.getByRole('button', { name: 'Informações da plataforma' }).click();
    // The inbox opens on the operator's messages; the deposit is on the transaction notices tab.
    await back.getByRole('tab', { name: /^Avisos de transações/ }).click();
    const notice = back.getByTestId('notice-list').locator('li').first();
    await expect(notice).toContainText('Depósito creditado');
    await expect(notice).toContainText('Seu depósito de R$ 123,45 foi creditado');
    await expectNoSeriousA11yViolations(page, 'messages page');
    await saveScreenshot(page, { path: path.join(SHOTS, 'messages-1366.png') });
    await back.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    expect(username).toBeTruthy();
  });

  // One player at 360 px for both: a failed gateway payment first, then a bank transfer confirmed.
  test('a failed gateway payment leaves the balance alone and says so; a manual bank transfer confirmed by the operator updates the balance without a reload', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await register(page, server.baseURL);
    // This flow runs in the light theme, so both themes get screenshots.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    const gateway = await openDepositPage(page);
    await expectNoSeriousA11yViolations(page, 'deposit page (light theme)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'deposit-gateway-360-light.png') });
    await gateway.getByLabel(fieldLabel('Valor')).fill('50');
    await gateway.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/sbx_/);
    await saveScreenshot(page, { path: path.join(SHOTS, 'sandbox-pay-page-360.png') });
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    const back = page.getByRole('dialog');
    await expect(page.getByText('O pagamento não foi concluído.')).toBeVisible();
    await expect(back.getByTestId('deposit-orders').getByText('Falhou')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
    await back.getByRole('button', { name: 'Informações da plataforma' }).click();
    await back.getByRole('tab', { name: /^Avisos de transações/ }).click();
    await expect(back.getByTestId('notice-list')).toContainText('o pagamento foi recusado');
    // The return from the pay page reloaded the site (stored theme: dark); light again for this screen.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await expectNoSeriousA11yViolations(page, 'messages page (light theme)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'messages-360-light.png') });

    // The same player, in the stored dark theme again, pays by bank transfer.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await page.keyboard.press('Escape');
    await expect(back).toBeHidden();
    const panel = await openDepositPage(page);
    await panel.getByRole('tab', { name: 'Transferência bancária' }).click();
    await expect(panel.getByText('Mín. R$ 10,00 · Máx. R$ 50.000,00')).toBeVisible();
    await panel.getByLabel(fieldLabel('Valor')).fill('250');
    await panel.getByRole('button', { name: 'Ver dados da transferência' }).click();

    const details = panel.getByTestId('manual-transfer');
    await expect(details.getByTestId('manual-bankName')).toHaveText('Banco Demo S.A.');
    await expect(details.getByTestId('manual-accountNumber')).toHaveText('0001 / 123456-7');
    await expect(details.getByTestId('manual-accountHolder')).toHaveText('Lumen Bet Pagamentos Ltda');
    const reference = (await details.getByTestId('manual-reference').textContent()) ?? '';
    expect(reference).toMatch(/^DP[A-Z2-9]{10}$/);
    await expect(details.getByRole('button', { name: 'Copiar Código de referência' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'manual transfer details');
    await saveScreenshot(page, { path: path.join(SHOTS, 'manual-details-360.png') });
    await details.getByRole('button', { name: 'Novo depósito' }).click();
    await expect(panel.getByTestId('deposit-orders').getByText('Pendente')).toBeVisible();

    // The operator finds the order by its reference and confirms it through the /ops API.
    const token = await financeLogin(request, server.baseURL);
    const list = await request.get(`${server.baseURL}/ops/deposits?status=pending&pageSize=100&order=desc`, {
      headers: { authorization: token },
    });
    const orders = ((await list.json()) as { value: { list: { id: string; referenceCode: string }[] } }).value.list;
    const order = orders.find((o) => o.referenceCode === reference);
    expect(order, `pending order ${reference}`).toBeTruthy();
    const confirm = await request.post(`${server.baseURL}/ops/deposits/${order!.id}/confirm`, {
      headers: { authorization: token },
      data: { reason: 'seen on the bank statement' },
    });
    expect(confirm.status()).toBe(200);

    // The open deposit page polls its pending order; once credited it refreshes the header balance.
    await expect(panel.getByTestId('deposit-orders').getByText('Creditado')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*250,00/);
    await panel.getByRole('button', { name: 'Informações da plataforma' }).click();
    await panel.getByRole('tab', { name: /^Avisos de transações/ }).click();
    await expect(panel.getByTestId('notice-list')).toContainText('Seu depósito de R$ 250,00 foi creditado');
    await saveScreenshot(page, { path: path.join(SHOTS, 'manual-credited-360.png') });
  });
});
